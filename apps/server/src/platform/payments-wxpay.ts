import WxPay from 'wechatpay-node-v3';
import type { IPayRequest } from 'wechatpay-node-v3/dist/lib/pay-request.interface';
import {
  headerValue,
  type NotifyResult,
  type PaymentChannel,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStart,
  type RawNotification,
  type RefundQuery,
  type RefundResult,
  type VerifiedRefundOutcome,
} from './payments';

export interface WxPayOptions {
  appId: string;
  mchId: string;
  /** The serial number of the merchant API certificate whose key signs our requests. */
  merchantSerialNo: string;
  /** The merchant API private key (PEM, apiclient_key.pem). */
  merchantPrivateKey: string;
  /** The APIv3 key (32 characters) that encrypts notifications' `resource`. */
  apiV3Key: string;
  /**
   * WeChat Pay's keys that sign notifications and answers, by serial (`Wechatpay-Serial`): the WeChat Pay
   * public key (公钥模式, serial PUB_KEY_ID_…) or a platform certificate's public key. Given, not
   * downloaded, so that a notification naming any other serial is refused without asking anyone.
   */
  platformKeys: { serial: string; publicKey: string }[];
  notifyUrl: string;
  /** Where an H5 payment returns the buyer to (appended to h5_url as redirect_url). */
  returnUrl: string;
  /** How long a request to WeChat Pay may take. */
  timeoutMs?: number;
  /** How far a notification's timestamp may be from now (WeChat advises 5 minutes) before it is refused as a replay. */
  maxClockSkewSeconds?: number;
  now?: () => Date;
}

/** The decrypted `resource` of a TRANSACTION.SUCCESS notification (and a query answer), as WeChat Pay API v3 documents it. */
interface WxTransaction {
  mchid?: string;
  appid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; currency?: string; payer_total?: number };
}

/**
 * The decrypted `resource` of a REFUND.SUCCESS / REFUND.ABNORMAL / REFUND.CLOSED notification, and the
 * refund query's answer (which says `status` where the notification says `refund_status`).
 */
interface WxRefund {
  mchid?: string;
  out_trade_no?: string;
  out_refund_no?: string;
  refund_id?: string;
  refund_status?: string;
  status?: string;
  amount?: { total?: number; refund?: number; payer_refund?: number };
}

const REFUND_EVENTS = new Set(['REFUND.SUCCESS', 'REFUND.ABNORMAL', 'REFUND.CLOSED']);

/**
 * The SDK's HTTP requests over fetch, with a time-out (its own client waits for ever). The body sent is
 * the JSON text the SDK signed.
 */
export function fetchRequests(timeoutMs: number): IPayRequest {
  const send = async (url: string, init: RequestInit) => {
    try {
      const response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      let data: unknown;
      try {
        data = text ? JSON.parse(text) : undefined;
      } catch {
        data = undefined;
      }
      return response.ok ? { status: response.status, data } : { status: response.status, error: text, data };
    } catch (error) {
      return { status: 0, error: error instanceof Error ? error.message : 'request failed' };
    }
  };
  return {
    post: (url, params, headers) => send(url, { method: 'POST', headers, body: JSON.stringify(params) }),
    get: (url, headers) => send(url, { method: 'GET', headers }),
    upload: async () => ({ status: 501, error: 'uploads are not used' }),
  };
}

/** The SDK keeps WeChat's keys in a static table by serial; ours are put there instead of downloaded. */
const sdkKeyTable = (WxPay as unknown as { certificates: Record<string, string> }).certificates;

/** WeChat Pay's time format, e.g. 2026-11-26T20:30:00+08:00 (time_expire). */
function wxTime(at: Date): string {
  const shanghai = new Date(at.getTime() + 8 * 3600_000);
  return `${shanghai.toISOString().slice(0, 19)}+08:00`;
}

/**
 * WeChat Pay API v3 through `wechatpay-node-v3`: requests signed with the merchant key (SHA256-RSA2048
 * Authorization), notifications verified with WeChat Pay's key and their `resource` decrypted with
 * AES-256-GCM under the APIv3 key, all by the SDK. Native (QR code) on desktops, H5 on phones.
 */
export class WxPayChannel implements PaymentChannel {
  readonly name = 'wxpay' as const;
  private readonly sdk: WxPay;
  private readonly serials: Set<string>;

  constructor(
    private readonly options: WxPayOptions,
    /** Where the SDK's HTTP requests go: WeChat Pay's API unless given (the sandbox answers in-process). */
    http?: IPayRequest,
  ) {
    this.sdk = new WxPay({
      appid: options.appId,
      mchid: options.mchId,
      serial_no: options.merchantSerialNo,
      // The SDK reads a serial from this only when none is given; ours is.
      publicKey: Buffer.from(options.merchantPrivateKey),
      privateKey: Buffer.from(options.merchantPrivateKey),
      key: options.apiV3Key,
    });
    this.sdk.createHttp(http ?? fetchRequests(options.timeoutMs ?? 10_000));
    this.serials = new Set(options.platformKeys.map((key) => key.serial));
    for (const key of options.platformKeys) sdkKeyTable[key.serial] = key.publicKey;
  }

  async start(request: PaymentRequest): Promise<PaymentStart> {
    const common = {
      description: request.subject.slice(0, 127),
      out_trade_no: request.orderNo,
      time_expire: wxTime(request.expiresAt),
      notify_url: this.options.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    };
    if (request.device === 'desktop') {
      const answer = await this.sdk.transactions_native({
        ...common,
        scene_info: { payer_client_ip: request.clientIp },
      });
      const codeUrl = answer.status === 200 ? (answer.data?.code_url as string | undefined) : undefined;
      if (!codeUrl)
        throw new Error(`wxpay native order not made: ${answer.status} ${JSON.stringify(answer.error ?? '')}`);
      return { action: 'qr', codeUrl };
    }
    const answer = await this.sdk.transactions_h5({
      ...common,
      scene_info: { payer_client_ip: request.clientIp, h5_info: { type: 'Wap', app_name: 'Metal Market' } },
    });
    const h5Url = answer.status === 200 ? (answer.data?.h5_url as string | undefined) : undefined;
    if (!h5Url) throw new Error(`wxpay h5 order not made: ${answer.status} ${JSON.stringify(answer.error ?? '')}`);
    const url = new URL(h5Url);
    url.searchParams.set('redirect_url', `${this.options.returnUrl}${encodeURIComponent(request.orderNo)}`);
    return { action: 'redirect', url: url.toString() };
  }

  async query(orderNo: string): Promise<PaymentQuery> {
    const answer = await this.sdk.query({ out_trade_no: orderNo });
    if (answer.status === 404) return { state: 'unknown' };
    if (answer.status !== 200 || !answer.data) return { state: 'unknown' };
    const transaction = answer.data as WxTransaction;
    if (transaction.out_trade_no !== orderNo) return { state: 'unknown' };
    switch (transaction.trade_state) {
      case 'SUCCESS':
      case 'REFUND': {
        const payment = this.paymentOf(transaction);
        return payment ? { state: 'paid', payment } : { state: 'unknown' };
      }
      case 'CLOSED':
      case 'REVOKED':
        return { state: 'closed' };
      default:
        // NOTPAY, USERPAYING, PAYERROR: the buyer may still pay.
        return { state: 'unpaid' };
    }
  }

  async close(orderNo: string): Promise<void> {
    await this.sdk.close(orderNo);
  }

  async refund(refund: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<RefundResult> {
    const answer = await this.sdk.refunds({
      out_trade_no: refund.orderNo,
      out_refund_no: refund.refundNo,
      reason: refund.reason.slice(0, 80),
      // The refund's outcome comes to the same endpoint as payments, told apart by its event type.
      notify_url: this.options.notifyUrl,
      amount: { refund: refund.amountFen, total: refund.totalFen, currency: 'CNY' },
    });
    const data = answer.data as { refund_id?: string; status?: string } | undefined;
    if (answer.status === 200 && data?.refund_id) {
      if (data.status === 'SUCCESS') return { state: 'succeeded', refundId: data.refund_id };
      // PROCESSING: accepted; WeChat pays it back (to the balance or the card) within days and says so.
      if (data.status === 'PROCESSING') return { state: 'processing', refundId: data.refund_id };
    }
    // No answer (status 0: a time-out or a dropped connection), WeChat's SYSTEM_ERROR or its rate limit
    // (429 FREQUENCY_LIMITED, which says nothing of an earlier send of this refund number): it may have
    // taken the refund.
    if (answer.status === 0 || answer.status === 429 || answer.status >= 500)
      return { state: 'unknown', reason: `${answer.status} ${JSON.stringify(answer.error ?? '')}` };
    return { state: 'failed', reason: `${answer.status} ${data?.status ?? JSON.stringify(answer.error ?? '')}` };
  }

  async queryRefund(refund: { orderNo: string; refundNo: string }): Promise<RefundQuery> {
    const answer = await this.sdk.find_refunds(refund.refundNo);
    if (answer.status !== 200 || !answer.data) return { state: 'unknown' };
    const found = answer.data as WxRefund;
    if (found.out_refund_no !== refund.refundNo || found.out_trade_no !== refund.orderNo) return { state: 'unknown' };
    switch (found.status) {
      case 'SUCCESS':
        return typeof found.amount?.refund === 'number' && found.refund_id
          ? { state: 'succeeded', refundId: found.refund_id, amountFen: found.amount.refund }
          : { state: 'unknown' };
      case 'PROCESSING':
        return { state: 'processing' };
      case 'CLOSED':
      case 'ABNORMAL':
        return { state: 'failed', reason: found.status };
      default:
        return { state: 'unknown' };
    }
  }

  async verifyNotify({ headers, body }: RawNotification): Promise<NotifyResult> {
    const timestamp = headerValue(headers, 'wechatpay-timestamp');
    const nonce = headerValue(headers, 'wechatpay-nonce');
    const signature = headerValue(headers, 'wechatpay-signature');
    const serial = headerValue(headers, 'wechatpay-serial');
    if (!timestamp || !nonce || !signature || !serial) return { kind: 'refused', reason: 'signature headers missing' };
    // A serial we were not given would make the SDK download certificates; nothing but our keys may vouch.
    if (!this.serials.has(serial)) return { kind: 'refused', reason: `unknown key serial ${serial}` };
    const now = (this.options.now?.() ?? new Date()).getTime() / 1000;
    if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > (this.options.maxClockSkewSeconds ?? 300))
      return { kind: 'refused', reason: 'timestamp outside the allowed window' };
    let verified: boolean;
    try {
      verified = await this.sdk.verifySign({ timestamp, nonce, body, serial, signature });
    } catch {
      verified = false;
    }
    if (!verified) return { kind: 'refused', reason: 'signature does not verify' };

    let notification: {
      event_type?: string;
      resource?: { ciphertext?: string; associated_data?: string; nonce?: string };
    };
    try {
      notification = JSON.parse(body);
    } catch {
      return { kind: 'refused', reason: 'body is not JSON' };
    }
    const resource = notification.resource;
    if (!resource?.ciphertext || resource.nonce === undefined) return { kind: 'refused', reason: 'resource missing' };
    let decrypted: unknown;
    try {
      decrypted = this.sdk.decipher_gcm<unknown>(resource.ciphertext, resource.associated_data ?? '', resource.nonce);
    } catch {
      return { kind: 'refused', reason: 'resource does not decrypt' };
    }
    if (typeof decrypted !== 'object' || decrypted === null)
      return { kind: 'refused', reason: 'resource is not an object' };
    const eventType = notification.event_type ?? '';
    if (REFUND_EVENTS.has(eventType)) return this.refundNotification(decrypted as WxRefund, eventType);
    const transaction = decrypted as WxTransaction;
    if (transaction.mchid !== this.options.mchId || transaction.appid !== this.options.appId)
      return { kind: 'refused', reason: 'another merchant or app' };
    if (eventType !== 'TRANSACTION.SUCCESS' || transaction.trade_state !== 'SUCCESS')
      return { kind: 'ignored', orderNo: transaction.out_trade_no ?? null, what: eventType };
    const payment = this.paymentOf(transaction);
    if (!payment) return { kind: 'refused', reason: 'transaction incomplete' };
    return { kind: 'paid', payment };
  }

  /** A refund's outcome (a refund resource carries the merchant id but no app id). */
  private refundNotification(refund: WxRefund, eventType: string): NotifyResult {
    if (refund.mchid !== this.options.mchId) return { kind: 'refused', reason: 'another merchant' };
    const amountFen = refund.amount?.refund;
    if (!refund.out_trade_no || !refund.out_refund_no || !refund.refund_id || typeof amountFen !== 'number')
      return { kind: 'refused', reason: 'refund incomplete' };
    const succeeded = eventType === 'REFUND.SUCCESS' && refund.refund_status === 'SUCCESS';
    const outcome: VerifiedRefundOutcome = {
      channel: 'wxpay',
      orderNo: refund.out_trade_no,
      refundNo: refund.out_refund_no,
      refundId: refund.refund_id,
      state: succeeded ? 'succeeded' : 'failed',
      amountFen,
    };
    return { kind: 'refund', refund: outcome };
  }

  private paymentOf(transaction: WxTransaction) {
    const total = transaction.amount?.total;
    const paidAt = transaction.success_time ? new Date(transaction.success_time) : undefined;
    if (
      !transaction.out_trade_no ||
      !transaction.transaction_id ||
      typeof total !== 'number' ||
      !paidAt ||
      Number.isNaN(paidAt.getTime())
    )
      return null;
    return {
      channel: 'wxpay' as const,
      orderNo: transaction.out_trade_no,
      transactionId: transaction.transaction_id,
      amountFen: total,
      currency: transaction.amount?.currency ?? '',
      paidAt,
    };
  }
}
