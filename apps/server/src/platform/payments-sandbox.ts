import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import type { Language } from '@metal/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Output } from 'wechatpay-node-v3/dist/lib/interface-v2';
import type { IPayRequest } from 'wechatpay-node-v3/dist/lib/pay-request.interface';
import { fenToYuanText, type OnlineChannel, type PaymentChannel, yuanTextToFen } from './payments';
import { AlipayChannel, alipayTime } from './payments-alipay';
import { WxPayChannel } from './payments-wxpay';

/**
 * The sandbox payment provider, the default (DESIGN "Providers"): it plays WeChat Pay and Alipay for
 * the real adapters. Their SDK calls reach it in-process (WeChat's signed HTTP requests, Alipay's API
 * methods); their cashier links lead to its cashier page, where a tester pays, fails or abandons; and a
 * payment is announced by notifications in each provider's own format, signed with key pairs made at
 * boot (the sandbox's "WeChat Pay key" and "Alipay key", which the adapters are configured to trust),
 * POSTed to the server's own `/pay/notify/*` endpoints, late, twice, an older status after a newer one,
 * and retried until answered. So the production verification path is the one exercised.
 *
 * The provider side signs and encrypts with node:crypto, as WeChat and Alipay do on theirs; our side
 * verifies and decrypts only through the SDKs.
 */

/** The sandbox's links are made on this origin and handed to clients relative to the server. */
const SANDBOX_ORIGIN = 'http://sandbox.payments.invalid';
export const SANDBOX_CASHIER_PATH = '/pay/sandbox/cashier';
export const SANDBOX_ALIPAY_GATEWAY_PATH = '/pay/sandbox/alipay/gateway.do';

export const SANDBOX_WX = { appId: 'wxsandbox0000000001', mchId: '1900000109' } as const;
export const SANDBOX_ALIPAY = { appId: '2021000000000001', sellerId: '2088000000000001' } as const;

export interface SandboxTiming {
  /** Before the first notification of a payment. */
  firstMs: number;
  /** Between the first and its duplicate (and the out-of-order stale one after it). */
  duplicateMs: number;
  /** Waits before each retry of a notification not answered with success (providers' schedules, shortened). */
  retryMs: number[];
}

export const SANDBOX_TIMING: SandboxTiming = {
  firstMs: 1500,
  duplicateMs: 1000,
  retryMs: [2000, 4000, 8000, 15_000, 30_000, 60_000, 120_000, 300_000],
};

type TradeState = 'NOTPAY' | 'SUCCESS' | 'PAYERROR' | 'CLOSED';

interface SandboxTrade {
  channel: OnlineChannel;
  orderNo: string;
  amountFen: number;
  subject: string;
  returnUrl: string;
  state: TradeState;
  transactionId: string | null;
  paidAt: Date | null;
  createdAt: Date;
  refunds: SandboxRefund[];
}

interface SandboxRefund {
  refundNo: string;
  refundId: string;
  amountFen: number;
  /** WeChat Pay's refunds are PROCESSING until its REFUND.SUCCESS notification; Alipay's succeed at once. */
  state: 'PROCESSING' | 'SUCCESS';
}

interface KeyPair {
  publicKey: string;
  privateKey: string;
}

const newKeyPair = (): KeyPair =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/**
 * The sandbox's keys: the merchant's and WeChat Pay's, the app's and Alipay's. Made once per process,
 * when a payment first needs them (four RSA keys take most of a second, which a server that never
 * takes a payment, or a test that builds an app, need not spend).
 */
let keys:
  | {
      wxMerchant: KeyPair;
      wxPlatform: KeyPair;
      wxPlatformSerial: string;
      wxMerchantSerial: string;
      wxApiV3Key: string;
      alipayApp: KeyPair;
      alipayPlatform: KeyPair;
    }
  | undefined;
function sandboxKeys() {
  keys ??= {
    wxMerchant: newKeyPair(),
    wxPlatform: newKeyPair(),
    wxPlatformSerial: `PUB_KEY_ID_SANDBOX${randomBytes(8).toString('hex').toUpperCase()}`,
    wxMerchantSerial: randomBytes(20).toString('hex').toUpperCase(),
    wxApiV3Key: randomBytes(16).toString('hex'),
    alipayApp: newKeyPair(),
    alipayPlatform: newKeyPair(),
  };
  return keys;
}

/** What one delivery attempt was answered (for the log and the tests). */
export interface DeliveryRecord {
  channel: OnlineChannel;
  orderNo: string;
  kind: 'first' | 'duplicate' | 'stale' | 'refund';
  attempt: number;
  accepted: boolean;
}

export interface SandboxNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export class PaymentSandbox {
  get wxMerchant() {
    return sandboxKeys().wxMerchant;
  }
  get wxPlatform() {
    return sandboxKeys().wxPlatform;
  }
  get wxPlatformSerial() {
    return sandboxKeys().wxPlatformSerial;
  }
  get wxMerchantSerial() {
    return sandboxKeys().wxMerchantSerial;
  }
  get wxApiV3Key() {
    return sandboxKeys().wxApiV3Key;
  }
  get alipayApp() {
    return sandboxKeys().alipayApp;
  }
  get alipayPlatform() {
    return sandboxKeys().alipayPlatform;
  }
  /** Each provider's trades by `channel:orderNo`: a buyer may open (and pay) one order at both. */
  readonly trades = new Map<string, SandboxTrade>();
  /** The channel an order was last opened at, for `trade(orderNo)`. */
  private readonly lastChannel = new Map<string, OnlineChannel>();
  readonly deliveries: DeliveryRecord[] = [];
  private static readonly TRADES_KEPT = 10_000;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private app: FastifyInstance | undefined;
  private closed = false;
  private transactionSerial = 0;

  constructor(
    private readonly options: {
      log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
      now: () => Date;
      /** Whether the cashier takes payments (PAY_SANDBOX=1): without it a tester can fail or abandon, not pay. */
      payable: boolean;
      timing?: SandboxTiming;
    },
  ) {}

  private get timing() {
    return this.options.timing ?? SANDBOX_TIMING;
  }

  /** The adapters, configured with the sandbox's keys and answered by it. */
  channels(returnUrl: string): { wxpay: PaymentChannel; alipay: PaymentChannel } {
    const wxpay = () =>
      new WxPayChannel(
        {
          ...SANDBOX_WX,
          merchantSerialNo: this.wxMerchantSerial,
          merchantPrivateKey: this.wxMerchant.privateKey,
          apiV3Key: this.wxApiV3Key,
          platformKeys: [{ serial: this.wxPlatformSerial, publicKey: this.wxPlatform.publicKey }],
          notifyUrl: `${SANDBOX_ORIGIN}/pay/notify/wxpay`,
          returnUrl,
          now: this.options.now,
        },
        this.wxApi(returnUrl),
      );
    const alipay = () =>
      new AlipayChannel(
        {
          appId: SANDBOX_ALIPAY.appId,
          privateKey: this.alipayApp.privateKey,
          alipayPublicKey: this.alipayPlatform.publicKey,
          gateway: `${SANDBOX_ORIGIN}${SANDBOX_ALIPAY_GATEWAY_PATH}`,
          notifyUrl: `${SANDBOX_ORIGIN}/pay/notify/alipay`,
          returnUrl,
          timeoutMs: 10_000,
        },
        (method, bizContent) => this.alipayApi(method, bizContent),
      );
    return { wxpay: sandboxChannel('wxpay', wxpay), alipay: sandboxChannel('alipay', alipay) };
  }

  /** Notifications go to this app's endpoints (in-process requests through its whole HTTP stack). */
  attach(app: FastifyInstance) {
    this.app = app;
    app.addHook('onClose', async () => {
      this.closed = true;
      for (const timer of this.timers) clearTimeout(timer);
      this.timers.clear();
      await Promise.allSettled([...this.running]);
    });
  }

  /** Resolves once every scheduled notification has been delivered or given up (tests and benches wait on it). */
  async idle(): Promise<void> {
    while (this.timers.size > 0 || this.running.size > 0) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  // ---- WeChat Pay's API, as the SDK calls it -------------------------------------------------------

  private wxApi(returnUrl: string): IPayRequest {
    // As the adapter's HTTP client reads WeChat's answers (fetchRequests): a refusal's body is its error too.
    const answer = (status: number, data?: unknown): Output =>
      status >= 400 ? { status, data, error: JSON.stringify(data ?? '') } : { status, data };
    const handle = (
      method: 'GET' | 'POST',
      url: string,
      body: Record<string, unknown> | undefined,
      headers: Record<string, string>,
    ) => {
      const { pathname, search } = new URL(url);
      if (!this.merchantSigned(method, `${pathname}${search}`, body, headers.Authorization ?? ''))
        return answer(401, { code: 'SIGN_ERROR', message: '签名错误' });
      if (method === 'POST' && (pathname === '/v3/pay/transactions/h5' || pathname === '/v3/pay/transactions/native')) {
        const orderNo = String(body?.out_trade_no ?? '');
        const amount = body?.amount as { total?: number } | undefined;
        if (body?.mchid !== SANDBOX_WX.mchId || typeof amount?.total !== 'number')
          return answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
        const trade = this.openTrade('wxpay', orderNo, amount.total, String(body?.description ?? ''), returnUrl);
        if (!trade) return answer(400, { code: 'ORDERPAID', message: '订单已支付' });
        const cashier = `${SANDBOX_ORIGIN}${SANDBOX_CASHIER_PATH}?channel=wxpay&orderNo=${encodeURIComponent(orderNo)}`;
        return pathname.endsWith('/h5') ? answer(200, { h5_url: cashier }) : answer(200, { code_url: cashier });
      }
      const byOrder = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(pathname);
      if (byOrder) {
        const trade = this.trade(decodeURIComponent(byOrder[1]!), 'wxpay');
        if (!trade) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (byOrder[2]) {
          if (trade.state === 'NOTPAY' || trade.state === 'PAYERROR') trade.state = 'CLOSED';
          return answer(204);
        }
        return answer(200, this.wxTransaction(trade));
      }
      if (method === 'POST' && pathname === '/v3/refund/domestic/refunds') {
        const trade = this.trade(String(body?.out_trade_no ?? ''), 'wxpay');
        const amount = body?.amount as { refund?: number } | undefined;
        if (trade?.state !== 'SUCCESS' || typeof amount?.refund !== 'number')
          return answer(400, { code: 'INVALID_REQUEST', message: '订单状态不正确' });
        const refundNo = String(body?.out_refund_no);
        const repeated = trade.refunds.find((r) => r.refundNo === refundNo);
        if (repeated) return answer(200, this.wxRefund(trade, repeated));
        // As WeChat Pay does: the refunds of a payment together never exceed what it paid.
        if (amount.refund < 1 || refundedFen(trade) + amount.refund > trade.amountFen)
          return answer(400, { code: 'INVALID_REQUEST', message: '申请退款金额超过订单可退金额' });
        const refund: SandboxRefund = {
          refundNo,
          refundId: `50300${Date.now()}${++this.transactionSerial}`,
          amountFen: amount.refund,
          state: 'PROCESSING',
        };
        trade.refunds.push(refund);
        // As WeChat Pay does: accepted now, paid back later, and the outcome notified (retried until answered).
        this.schedule(
          this.timing.firstMs,
          trade,
          'refund',
          () => {
            refund.state = 'SUCCESS';
            return this.wxNotification(this.wxRefund(trade, refund), {
              eventType: 'REFUND.SUCCESS',
              resource: 'refund',
            });
          },
          1,
        );
        return answer(200, this.wxRefund(trade, refund));
      }
      const refundQuery = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(pathname);
      if (method === 'GET' && refundQuery) {
        const refundNo = decodeURIComponent(refundQuery[1]!);
        for (const trade of this.trades.values()) {
          const refund = trade.channel === 'wxpay' ? trade.refunds.find((r) => r.refundNo === refundNo) : undefined;
          if (refund) return answer(200, this.wxRefund(trade, refund));
        }
        return answer(404, { code: 'RESOURCE_NOT_EXISTS', message: '退款单不存在' });
      }
      return answer(404, { code: 'NOT_FOUND', message: '' });
    };
    return {
      post: async (url, params, headers) => handle('POST', url, params, headers),
      get: async (url, headers) => handle('GET', url, undefined, headers),
      upload: async () => answer(404),
    };
  }

  /** WeChat Pay checks the merchant's request signature (SHA256-RSA2048 over method, path, time, nonce, body). */
  private merchantSigned(method: string, path: string, body: unknown, authorization: string) {
    const fields = Object.fromEntries(
      [...authorization.matchAll(/(\w+)="([^"]*)"/g)].map((match) => [match[1], match[2]] as const),
    );
    if (!authorization.startsWith('WECHATPAY2-SHA256-RSA2048 ') || fields.mchid !== SANDBOX_WX.mchId) return false;
    if (fields.serial_no !== this.wxMerchantSerial || !fields.signature) return false;
    const message = `${method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${body ? `${JSON.stringify(body)}\n` : ''}${method === 'GET' ? '\n' : ''}`;
    return createVerify('RSA-SHA256').update(message).verify(this.wxMerchant.publicKey, fields.signature, 'base64');
  }

  private wxTransaction(trade: SandboxTrade) {
    const state = trade.state === 'SUCCESS' && trade.refunds.length > 0 ? 'REFUND' : trade.state;
    return {
      mchid: SANDBOX_WX.mchId,
      appid: SANDBOX_WX.appId,
      out_trade_no: trade.orderNo,
      ...(trade.transactionId ? { transaction_id: trade.transactionId } : {}),
      trade_type: 'MWEB',
      trade_state: state,
      trade_state_desc: state === 'SUCCESS' ? '支付成功' : state === 'PAYERROR' ? '支付失败' : '未支付',
      bank_type: 'OTHERS',
      attach: '',
      ...(trade.paidAt ? { success_time: wxTime(trade.paidAt) } : {}),
      payer: { openid: 'oSandboxPayer000000000000000' },
      amount: { total: trade.amountFen, payer_total: trade.amountFen, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  /** A refund as WeChat Pay answers and notifies it (`status` in answers, `refund_status` in notifications). */
  private wxRefund(trade: SandboxTrade, refund: SandboxRefund) {
    return {
      mchid: SANDBOX_WX.mchId,
      out_trade_no: trade.orderNo,
      transaction_id: trade.transactionId,
      out_refund_no: refund.refundNo,
      refund_id: refund.refundId,
      status: refund.state,
      refund_status: refund.state,
      user_received_account: '支付用户零钱',
      ...(refund.state === 'SUCCESS' ? { success_time: wxTime(this.options.now()) } : {}),
      amount: {
        total: trade.amountFen,
        refund: refund.amountFen,
        payer_total: trade.amountFen,
        payer_refund: refund.amountFen,
      },
    };
  }

  // ---- Alipay's API, as the adapter calls it ----------------------------------------------------------

  private async alipayApi(method: string, biz: Record<string, unknown>): Promise<Record<string, unknown>> {
    const trade = this.trade(String(biz.out_trade_no ?? ''), 'alipay');
    const missing = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    if (!trade) return missing;
    if (method === 'alipay.trade.query') {
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.orderNo,
        trade_no: trade.transactionId ?? '',
        trade_status: ALIPAY_STATUS[trade.state],
        total_amount: fenToYuanText(trade.amountFen),
        ...(trade.paidAt ? { send_pay_date: alipayTime(trade.paidAt) } : {}),
      };
    }
    if (method === 'alipay.trade.close') {
      if (trade.state === 'NOTPAY' || trade.state === 'PAYERROR') trade.state = 'CLOSED';
      return { code: '10000', msg: 'Success', out_trade_no: trade.orderNo };
    }
    if (method === 'alipay.trade.refund') {
      const amountFen = yuanTextToFen(String(biz.refund_amount ?? ''));
      if (trade.state !== 'SUCCESS' || amountFen === null)
        return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      const refundNo = String(biz.out_request_no);
      // A repeated request moves no money: Alipay answers fund_change N.
      const repeated = trade.refunds.some((r) => r.refundNo === refundNo);
      // As Alipay does: the refunds of a trade together never exceed what it paid.
      if (!repeated && (amountFen < 1 || refundedFen(trade) + amountFen > trade.amountFen))
        return {
          code: '40004',
          msg: 'Business Failed',
          sub_code: 'ACQ.REASON_TRADE_REFUND_FEE_ERR',
          sub_msg: '退款金额无效',
          out_trade_no: trade.orderNo,
          refund_fee: fenToYuanText(refundedFen(trade)),
          send_back_fee: '0.00',
        };
      if (!repeated) trade.refunds.push({ refundNo, refundId: refundNo, amountFen, state: 'SUCCESS' });
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.orderNo,
        trade_no: trade.transactionId,
        refund_fee: fenToYuanText(refundedFen(trade)),
        fund_change: repeated ? 'N' : 'Y',
      };
    }
    if (method === 'alipay.trade.fastpay.refund.query') {
      const refund = trade.refunds.find((r) => r.refundNo === String(biz.out_request_no));
      return {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.orderNo,
        trade_no: trade.transactionId,
        out_request_no: String(biz.out_request_no),
        ...(refund
          ? {
              refund_status: 'REFUND_SUCCESS',
              refund_amount: fenToYuanText(refund.amountFen),
              total_amount: fenToYuanText(trade.amountFen),
            }
          : {}),
      };
    }
    return { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.INVALID_PARAMETER', sub_msg: method };
  }

  /**
   * The Alipay gateway a wap/page link opens: it checks the app's RSA2 signature over the sorted
   * parameters (what Alipay does) and opens the trade, then shows the cashier.
   */
  openAlipayTrade(query: Record<string, string>): string | null {
    const { sign, ...rest } = query;
    if (!sign || rest.app_id !== SANDBOX_ALIPAY.appId) return null;
    const content = Object.keys(rest)
      .sort()
      .map((key) => `${key}=${rest[key]}`)
      .join('&');
    if (!createVerify('RSA-SHA256').update(content, 'utf8').verify(this.alipayApp.publicKey, sign, 'base64'))
      return null;
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(rest.biz_content ?? '');
    } catch {
      return null;
    }
    const amountFen = yuanTextToFen(String(biz.total_amount ?? ''));
    const orderNo = String(biz.out_trade_no ?? '');
    if (amountFen === null || !orderNo) return null;
    const returnUrl = (rest.return_url ?? '').replace(new RegExp(`${encodeURIComponent(orderNo)}$`), '');
    if (!this.openTrade('alipay', orderNo, amountFen, String(biz.subject ?? ''), returnUrl)) return null;
    return `${SANDBOX_CASHIER_PATH}?channel=alipay&orderNo=${encodeURIComponent(orderNo)}`;
  }

  private openTrade(channel: OnlineChannel, orderNo: string, amountFen: number, subject: string, returnUrl: string) {
    // A paid trade stays paid; any other is opened afresh (the buyer came back to pay).
    if (this.trade(orderNo, channel)?.state === 'SUCCESS') return null;
    const trade: SandboxTrade = {
      channel,
      orderNo,
      amountFen,
      subject,
      returnUrl,
      state: 'NOTPAY',
      transactionId: null,
      paidAt: null,
      createdAt: this.options.now(),
      refunds: [],
    };
    const key = `${channel}:${orderNo}`;
    this.trades.delete(key);
    this.trades.set(key, trade);
    this.lastChannel.set(orderNo, channel);
    // A long-running sandbox forgets its oldest trades (a Map keeps insertion order).
    if (this.trades.size > PaymentSandbox.TRADES_KEPT) {
      const oldest = this.trades.values().next().value!;
      this.trades.delete(`${oldest.channel}:${oldest.orderNo}`);
      if (this.lastChannel.get(oldest.orderNo) === oldest.channel) this.lastChannel.delete(oldest.orderNo);
    }
    return trade;
  }

  // ---- The cashier ---------------------------------------------------------------------------------

  /**
   * The tester's choice at the cashier: pay (notifications follow, unless `notify` is false: a payment
   * whose notifications are lost, found only by asking), fail, or abandon (nothing happens).
   */
  decide(
    channel: OnlineChannel,
    orderNo: string,
    choice: 'pay' | 'fail' | 'abandon',
    { notify = true }: { notify?: boolean } = {},
  ): SandboxTrade | null {
    const trade = this.trade(orderNo, channel);
    if (!trade) return null;
    if (choice === 'abandon' || trade.state === 'SUCCESS' || trade.state === 'CLOSED') return trade;
    if (choice === 'pay' && !this.options.payable) {
      this.options.log.warn({ orderNo }, 'sandbox payment refused: PAY_SANDBOX is not set');
      return trade;
    }
    if (choice === 'fail') {
      trade.state = 'PAYERROR';
      return trade;
    }
    trade.state = 'SUCCESS';
    trade.paidAt = this.options.now();
    trade.transactionId =
      channel === 'wxpay'
        ? `4200${String(Date.now()).slice(-10)}${String(++this.transactionSerial).padStart(14, '0')}`
        : `2026${String(Date.now()).slice(-10)}${String(++this.transactionSerial).padStart(14, '0')}`;
    if (notify) this.announce(trade);
    return trade;
  }

  /** The order's trade at a provider; without one named, at the provider it was last opened at. */
  trade(orderNo: string, channel?: OnlineChannel) {
    const at = channel ?? this.lastChannel.get(orderNo);
    return at ? this.trades.get(`${at}:${orderNo}`) : undefined;
  }

  get payable() {
    return this.options.payable;
  }

  // ---- Notifications ---------------------------------------------------------------------------------

  /** A WeChat Pay TRANSACTION.SUCCESS notification of a transaction, signed and encrypted as WeChat does. */
  wxNotification(
    transaction: Record<string, unknown>,
    options: {
      eventType?: string;
      /** What the resource is: a transaction (payments) or a refund (REFUND.* events). */
      resource?: 'transaction' | 'refund';
      timestamp?: number;
      signWith?: string;
      serial?: string;
    } = {},
  ): SandboxNotification {
    const resourceType = options.resource ?? 'transaction';
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(this.wxApiV3Key), Buffer.from(nonce));
    cipher.setAAD(Buffer.from(resourceType));
    const sealed = Buffer.concat([
      cipher.update(JSON.stringify(transaction), 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: wxTime(this.options.now()),
      resource_type: 'encrypt-resource',
      event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
      summary: resourceType === 'refund' ? '退款成功' : '支付成功',
      resource: {
        original_type: resourceType,
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: sealed.toString('base64'),
        associated_data: resourceType,
        nonce,
      },
    });
    const timestamp = String(options.timestamp ?? Math.floor(this.options.now().getTime() / 1000));
    const headerNonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = createSign('RSA-SHA256')
      .update(`${timestamp}\n${headerNonce}\n${body}\n`)
      .sign(options.signWith ?? this.wxPlatform.privateKey, 'base64');
    return {
      url: '/pay/notify/wxpay',
      headers: {
        'content-type': 'application/json',
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': headerNonce,
        'wechatpay-serial': options.serial ?? this.wxPlatformSerial,
        'wechatpay-signature': signature,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      },
      body,
    };
  }

  /** The decrypted transaction a wxpay notification of this order carries. */
  wxTransactionOf(orderNo: string) {
    const trade = this.trade(orderNo, 'wxpay');
    return trade ? this.wxTransaction(trade) : null;
  }

  /** An Alipay asynchronous notification, signed (RSA2 over the sorted fields but sign and sign_type) as Alipay does. */
  alipayNotification(fields: Record<string, string>, options: { signWith?: string } = {}): SandboxNotification {
    const all: Record<string, string> = {
      notify_time: alipayTime(this.options.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: SANDBOX_ALIPAY.appId,
      charset: 'utf-8',
      version: '1.0',
      seller_id: SANDBOX_ALIPAY.sellerId,
      ...fields,
    };
    const content = Object.keys(all)
      .sort()
      .map((key) => `${key}=${all[key]}`)
      .join('&');
    const sign = createSign('RSA-SHA256')
      .update(content, 'utf8')
      .sign(options.signWith ?? this.alipayPlatform.privateKey, 'base64');
    return {
      url: '/pay/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...all, sign_type: 'RSA2', sign }).toString(),
    };
  }

  /** The fields of an Alipay notification of this order in the given status. */
  alipayFieldsOf(orderNo: string, status: 'TRADE_SUCCESS' | 'WAIT_BUYER_PAY') {
    const trade = this.trade(orderNo, 'alipay');
    if (!trade) return null;
    return {
      out_trade_no: trade.orderNo,
      trade_no: trade.transactionId ?? '',
      trade_status: status,
      total_amount: fenToYuanText(trade.amountFen),
      receipt_amount: fenToYuanText(trade.amountFen),
      buyer_pay_amount: fenToYuanText(trade.amountFen),
      subject: trade.subject,
      buyer_id: '2088000000000002',
      gmt_create: alipayTime(trade.createdAt),
      ...(status === 'TRADE_SUCCESS' && trade.paidAt ? { gmt_payment: alipayTime(trade.paidAt) } : {}),
    };
  }

  /**
   * A payment is announced as providers do it: late; again (a duplicate); for Alipay, an older status
   * (WAIT_BUYER_PAY) arriving after the success; each retried until answered with success.
   */
  private announce(trade: SandboxTrade) {
    const { firstMs, duplicateMs } = this.timing;
    const success = () =>
      trade.channel === 'wxpay'
        ? this.wxNotification(this.wxTransaction(trade))
        : this.alipayNotification(this.alipayFieldsOf(trade.orderNo, 'TRADE_SUCCESS')!);
    this.schedule(firstMs, trade, 'first', success, 1);
    this.schedule(firstMs + duplicateMs, trade, 'duplicate', success, 1);
    if (trade.channel === 'alipay') {
      const stale = () => this.alipayNotification(this.alipayFieldsOf(trade.orderNo, 'WAIT_BUYER_PAY')!);
      this.schedule(firstMs + 2 * duplicateMs, trade, 'stale', stale, 1);
    }
  }

  private schedule(
    delayMs: number,
    trade: SandboxTrade,
    kind: DeliveryRecord['kind'],
    make: () => SandboxNotification,
    attempt: number,
  ) {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const delivery = this.deliver(make()).then((accepted) => {
        this.deliveries.push({ channel: trade.channel, orderNo: trade.orderNo, kind, attempt, accepted });
        if (this.deliveries.length > PaymentSandbox.TRADES_KEPT) this.deliveries.shift();
        if (accepted) return;
        const wait = this.timing.retryMs[attempt - 1];
        if (wait === undefined) {
          this.options.log.warn({ orderNo: trade.orderNo, kind, attempt }, 'sandbox notification given up');
          return;
        }
        this.schedule(wait, trade, kind, make, attempt + 1);
      });
      this.running.add(delivery);
      void delivery.finally(() => this.running.delete(delivery));
    }, delayMs);
    this.timers.add(timer);
  }

  /** POSTs a notification to the app; answers whether it was acknowledged in the provider's success format. */
  async deliver(notification: SandboxNotification): Promise<boolean> {
    if (!this.app || this.closed) return false;
    try {
      const response = await this.app.inject({
        method: 'POST',
        url: notification.url,
        headers: notification.headers,
        payload: notification.body,
        remoteAddress: '127.0.0.2',
      });
      if (notification.url.endsWith('/alipay')) return response.statusCode === 200 && response.body === 'success';
      if (response.statusCode === 204) return true;
      return response.statusCode === 200 && (JSON.parse(response.body) as { code?: string }).code === 'SUCCESS';
    } catch {
      return false;
    }
  }
}

const ALIPAY_STATUS: Record<TradeState, string> = {
  NOTPAY: 'WAIT_BUYER_PAY',
  PAYERROR: 'WAIT_BUYER_PAY',
  SUCCESS: 'TRADE_SUCCESS',
  CLOSED: 'TRADE_CLOSED',
};

/** What a trade's refunds take back together (a refund the provider holds is never taken back twice). */
const refundedFen = (trade: SandboxTrade) => trade.refunds.reduce((total, r) => total + r.amountFen, 0);

function wxTime(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/**
 * A sandbox adapter, made when first used (see sandboxKeys), whose links, made on the sandbox's
 * placeholder origin, are handed out relative to the server that serves them.
 */
function sandboxChannel(name: OnlineChannel, make: () => PaymentChannel): PaymentChannel {
  let made: PaymentChannel | undefined;
  const channel = () => {
    made ??= make();
    return made;
  };
  const strip = (url: string) => (url.startsWith(SANDBOX_ORIGIN) ? url.slice(SANDBOX_ORIGIN.length) : url);
  return {
    name,
    start: async (request) => {
      const started = await channel().start(request);
      return started.action === 'qr'
        ? { ...started, codeUrl: strip(started.codeUrl) }
        : { ...started, url: strip(started.url) };
    },
    query: (orderNo) => channel().query(orderNo),
    close: (orderNo) => channel().close(orderNo),
    refund: (refund) => channel().refund(refund),
    queryRefund: (refund) => channel().queryRefund(refund),
    verifyNotify: (notification) => channel().verifyNotify(notification),
  };
}

const CASHIER_TEXT = {
  'zh-CN': {
    title: '收银台（沙箱）',
    banner: '这是测试支付环境，不会产生真实扣款。',
    order: '订单号',
    amount: '金额',
    channel: { wxpay: '微信支付', alipay: '支付宝' },
    pay: '确认支付',
    fail: '模拟支付失败',
    abandon: '放弃支付',
    failed: '支付失败，订单仍未支付，可返回重新支付。',
    paid: '该订单已支付。',
    back: '返回',
    missing: '没有找到该支付，请返回重新发起。',
    off: '沙箱支付未开启（需设置 PAY_SANDBOX=1），这里不能付款。',
  },
  'en-US': {
    title: 'Cashier (sandbox)',
    banner: 'This is a test payment environment; no real money moves.',
    order: 'Order number',
    amount: 'Amount',
    channel: { wxpay: 'WeChat Pay', alipay: 'Alipay' },
    pay: 'Pay',
    fail: 'Simulate a failed payment',
    abandon: 'Abandon',
    failed: 'The payment failed; the order is still unpaid and can be paid again.',
    paid: 'This order is paid.',
    back: 'Back',
    missing: 'This payment was not found; please go back and start again.',
    off: 'Sandbox payments are off (PAY_SANDBOX=1 turns them on); nothing can be paid here.',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The sandbox cashier page (plain HTML), in the tester's language. */
export function renderSandboxCashier(
  trade: {
    channel: OnlineChannel;
    orderNo: string;
    amountFen: number;
    subject: string;
    state: string;
    returnUrl: string;
  } | null,
  lang: Language,
  { notice, payable }: { notice?: 'failed'; payable: boolean },
): string {
  const text = CASHIER_TEXT[lang];
  const page = (content: string) =>
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${text.title}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#222}.banner{background:#fff4e5;border:1px solid #f0b35b;padding:.6rem;border-radius:6px}dl{display:grid;grid-template-columns:auto minmax(0,1fr);gap:.4rem 1rem}dd{margin:0;overflow-wrap:anywhere}button{display:block;width:100%;margin:.6rem 0;padding:.8rem;font-size:1rem;border-radius:6px;border:1px solid #ccc;background:#fff}button.pay{background:#1677ff;color:#fff;border-color:#1677ff}</style></head><body><h1>${text.title}</h1><p class="banner">${text.banner}</p>${content}</body></html>`;
  if (!trade) return page(`<p>${text.missing}</p>`);
  const back = `<p><a href="${escapeHtml(trade.returnUrl + encodeURIComponent(trade.orderNo))}">${text.back}</a></p>`;
  const facts = `<dl><dt>${text.order}</dt><dd>${escapeHtml(trade.orderNo)}</dd><dt>${escapeHtml(text.channel[trade.channel])}</dt><dd>${escapeHtml(trade.subject)}</dd><dt>${text.amount}</dt><dd>¥${fenToYuanText(trade.amountFen)}</dd></dl>`;
  if (trade.state === 'SUCCESS') return page(`${facts}<p>${text.paid}</p>${back}`);
  const form = (choice: string, label: string, className = '') =>
    `<form method="post" action="${SANDBOX_CASHIER_PATH}"><input type="hidden" name="channel" value="${trade.channel}"><input type="hidden" name="orderNo" value="${escapeHtml(trade.orderNo)}"><input type="hidden" name="choice" value="${choice}"><input type="hidden" name="lang" value="${lang}"><button class="${className}" type="submit">${label}</button></form>`;
  return page(
    `${facts}${notice === 'failed' ? `<p>${text.failed}</p>` : ''}${payable ? form('pay', text.pay, 'pay') : `<p>${text.off}</p>`}${form('fail', text.fail)}${form('abandon', text.abandon)}`,
  );
}
