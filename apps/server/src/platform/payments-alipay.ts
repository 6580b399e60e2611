import { AlipaySdk } from 'alipay-sdk';
import {
  fenToYuanText,
  type NotifyResult,
  type PaymentChannel,
  type PaymentQuery,
  type PaymentRequest,
  type PaymentStart,
  type RawNotification,
  type RefundQuery,
  type RefundResult,
  type VerifiedPayment,
  yuanTextToFen,
} from './payments';

export interface AlipayOptions {
  appId: string;
  /** The app's private key (PEM, PKCS#8 or PKCS#1) that signs our requests (RSA2). */
  privateKey: string;
  /** Alipay's public key (PEM) that signs notifications and answers. */
  alipayPublicKey: string;
  gateway: string;
  notifyUrl: string;
  /** Where a paid buyer returns to (the order number is appended). */
  returnUrl: string;
  timeoutMs: number;
}

/**
 * Calls an Alipay OpenAPI method (`alipay.trade.query`, `.refund`, `.close`) and answers its response
 * object. The SDK's `exec` (signed request, signed answer checked) unless given: the sandbox answers
 * in-process, since it cannot be reached over the network from a test.
 */
export type AlipayApi = (method: string, bizContent: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Alipay's time format in notifications: 2026-11-26 20:30:00, Beijing time. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

function fromAlipayTime(text: unknown): Date | null {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(text)) return null;
  return new Date(`${text.replace(' ', 'T')}+08:00`);
}

/**
 * Alipay through its own SDK (`alipay-sdk`): RSA2-signed `alipay.trade.wap.pay` (phones) and
 * `alipay.trade.page.pay` (desktops) links, asynchronous notifications verified with Alipay's public key.
 */
export class AlipayChannel implements PaymentChannel {
  readonly name = 'alipay' as const;
  private readonly sdk: AlipaySdk;
  private readonly api: AlipayApi;

  constructor(
    private readonly options: AlipayOptions,
    api?: AlipayApi,
  ) {
    this.sdk = new AlipaySdk({
      appId: options.appId,
      privateKey: options.privateKey,
      alipayPublicKey: options.alipayPublicKey,
      gateway: options.gateway,
      signType: 'RSA2',
      keyType: options.privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      timeout: options.timeoutMs,
      camelcase: false,
    });
    this.api =
      api ??
      ((method, bizContent) =>
        this.sdk.exec(method, { bizContent }, { validateSign: true }) as Promise<Record<string, unknown>>);
  }

  async start(request: PaymentRequest): Promise<PaymentStart> {
    const method = request.device === 'desktop' ? 'alipay.trade.page.pay' : 'alipay.trade.wap.pay';
    const url = this.sdk.pageExecute(method, 'GET', {
      notifyUrl: this.options.notifyUrl,
      returnUrl: `${this.options.returnUrl}${encodeURIComponent(request.orderNo)}`,
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: fenToYuanText(request.amountFen),
        subject: request.subject.slice(0, 256),
        product_code: request.device === 'desktop' ? 'FAST_INSTANT_TRADE_PAY' : 'QUICK_WAP_WAY',
        time_expire: alipayTime(request.expiresAt),
      },
    });
    return { action: 'redirect', url };
  }

  async query(orderNo: string): Promise<PaymentQuery> {
    let answer: Record<string, unknown>;
    try {
      answer = await this.api('alipay.trade.query', { out_trade_no: orderNo });
    } catch {
      return { state: 'unknown' };
    }
    if (answer.code !== '10000' || answer.out_trade_no !== orderNo) return { state: 'unknown' };
    switch (answer.trade_status) {
      case 'TRADE_SUCCESS':
      case 'TRADE_FINISHED': {
        const payment = this.paymentOf(answer, answer.send_pay_date);
        return payment ? { state: 'paid', payment } : { state: 'unknown' };
      }
      case 'TRADE_CLOSED':
        return { state: 'closed' };
      default:
        return { state: 'unpaid' };
    }
  }

  async close(orderNo: string): Promise<void> {
    await this.api('alipay.trade.close', { out_trade_no: orderNo });
  }

  async refund(refund: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<RefundResult> {
    try {
      const answer = await this.api('alipay.trade.refund', {
        out_trade_no: refund.orderNo,
        out_request_no: refund.refundNo,
        refund_amount: fenToYuanText(refund.amountFen),
        refund_reason: refund.reason,
      });
      const refundId = String(answer.trade_no ?? refund.refundNo);
      if (answer.code === '10000')
        // fund_change N: no money moved by this request (Alipay's advice: a repeat of an earlier one; ask).
        return answer.fund_change === 'Y' ? { state: 'succeeded', refundId } : { state: 'processing', refundId };
      const reason = `${String(answer.code)} ${String(answer.sub_code ?? '')}`;
      // Alipay's own fault (20000, ACQ.SYSTEM_ERROR): the refund may have been taken; only a query tells.
      if (answer.code === '20000' || answer.sub_code === 'ACQ.SYSTEM_ERROR') return { state: 'unknown', reason };
      return { state: 'failed', reason };
    } catch (error) {
      // No answer came back (a time-out, a dropped connection, an answer whose signature did not verify).
      return { state: 'unknown', reason: error instanceof Error ? error.message : 'alipay refund not answered' };
    }
  }

  async queryRefund(refund: { orderNo: string; refundNo: string }): Promise<RefundQuery> {
    let answer: Record<string, unknown>;
    try {
      answer = await this.api('alipay.trade.fastpay.refund.query', {
        out_trade_no: refund.orderNo,
        out_request_no: refund.refundNo,
      });
    } catch {
      return { state: 'unknown' };
    }
    if (answer.code !== '10000' || answer.out_trade_no !== refund.orderNo) return { state: 'unknown' };
    // Alipay: without refund_status the refund was not received or did not succeed.
    if (answer.refund_status !== 'REFUND_SUCCESS') return { state: 'failed', reason: 'not refunded at Alipay' };
    const amountFen = typeof answer.refund_amount === 'string' ? yuanTextToFen(answer.refund_amount) : null;
    if (amountFen === null) return { state: 'unknown' };
    return { state: 'succeeded', refundId: String(answer.trade_no ?? refund.refundNo), amountFen };
  }

  async verifyNotify({ body }: RawNotification): Promise<NotifyResult> {
    const fields = Object.fromEntries(new URLSearchParams(body));
    // The form is already decoded; V2 checks the values as they are (a '%' in a subject stays one).
    if (!fields.sign || !this.sdk.checkNotifySignV2(fields))
      return { kind: 'refused', reason: 'signature does not verify' };
    if (fields.app_id !== this.options.appId) return { kind: 'refused', reason: 'another app' };
    const status = fields.trade_status;
    if (status !== 'TRADE_SUCCESS' && status !== 'TRADE_FINISHED')
      return { kind: 'ignored', orderNo: fields.out_trade_no ?? null, what: status ?? fields.notify_type ?? '' };
    const payment = this.paymentOf(fields, fields.gmt_payment);
    if (!payment) return { kind: 'refused', reason: 'notification incomplete' };
    return { kind: 'paid', payment };
  }

  private paymentOf(fields: Record<string, unknown>, paidAtText: unknown): VerifiedPayment | null {
    const amountFen = typeof fields.total_amount === 'string' ? yuanTextToFen(fields.total_amount) : null;
    const paidAt = fromAlipayTime(paidAtText);
    if (typeof fields.out_trade_no !== 'string' || typeof fields.trade_no !== 'string' || amountFen === null || !paidAt)
      return null;
    return {
      channel: 'alipay',
      orderNo: fields.out_trade_no,
      transactionId: fields.trade_no,
      amountFen,
      // Alipay's trades for a merchant in China are in yuan; a foreign currency would name itself.
      currency: typeof fields.trans_currency === 'string' && fields.trans_currency ? fields.trans_currency : 'CNY',
      paidAt,
    };
  }
}
