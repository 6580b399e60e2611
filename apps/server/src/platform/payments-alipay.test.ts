import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fenToYuanText, yuanTextToFen } from './payments';
import { AlipayChannel } from './payments-alipay';

// Alipay round trips with keys made here: links the adapter signs (through alipay-sdk) must verify
// under the app's public key over Alipay's documented string (sorted key=value pairs but sign), and
// notifications signed as Alipay documents them must verify through the adapter.

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const app = pair();
const alipay = pair();

const channel = (api?: ConstructorParameters<typeof AlipayChannel>[1]) =>
  new AlipayChannel(
    {
      appId: '2014072300007148',
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      gateway: 'https://openapi.alipay.com/gateway.do',
      notifyUrl: 'https://metal.example.com/pay/notify/alipay',
      returnUrl: 'https://metal.example.com/#/success?orderNo=',
      timeoutMs: 1000,
    },
    api,
  );

/** An asynchronous notification as Alipay sends it (RSA2 over the sorted fields but sign and sign_type). */
function notification(fields: Record<string, string>, signer = alipay.privateKey) {
  const content = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(signer, 'base64');
  return { headers: {}, body: new URLSearchParams({ ...fields, sign_type: 'RSA2', sign }).toString() };
}

const paid = (overrides: Record<string, string> = {}) => ({
  notify_time: '2026-11-26 10:00:05',
  notify_type: 'trade_status_sync',
  notify_id: 'ac05099524730693a8b330c5ecf72da9786',
  app_id: '2014072300007148',
  charset: 'utf-8',
  version: '1.0',
  trade_no: '2026112622001432100500000001',
  out_trade_no: 'MM2026112610000012345678',
  trade_status: 'TRADE_SUCCESS',
  total_amount: '4999.00',
  receipt_amount: '4999.00',
  subject: '认证供应商 6个月 100% 保障',
  gmt_create: '2026-11-26 09:59:30',
  gmt_payment: '2026-11-26 10:00:00',
  ...overrides,
});

describe('AlipayChannel.verifyNotify', () => {
  it('verifies the signature with Alipay’s public key and reads the payment (a % in the subject stays one)', async () => {
    expect(await channel().verifyNotify(notification(paid()))).toEqual({
      kind: 'paid',
      payment: {
        channel: 'alipay',
        orderNo: 'MM2026112610000012345678',
        transactionId: '2026112622001432100500000001',
        amountFen: 499_900,
        currency: 'CNY',
        paidAt: new Date('2026-11-26T02:00:00Z'),
      },
    });
  });

  it('refuses one signed by another key, one for another app, and one changed after signing', async () => {
    expect((await channel().verifyNotify(notification(paid(), app.privateKey))).kind).toBe('refused');
    expect((await channel().verifyNotify(notification(paid({ app_id: '2014072300000000' })))).kind).toBe('refused');
    const genuine = notification(paid());
    const changed = { ...genuine, body: genuine.body.replace('total_amount=4999.00', 'total_amount=0.01') };
    expect((await channel().verifyNotify(changed)).kind).toBe('refused');
  });

  it('ignores a genuine notification that is not a payment', async () => {
    expect(await channel().verifyNotify(notification(paid({ trade_status: 'WAIT_BUYER_PAY' })))).toMatchObject({
      kind: 'ignored',
      what: 'WAIT_BUYER_PAY',
    });
  });
});

describe('AlipayChannel links and calls', () => {
  it.each([
    ['mobile', 'alipay.trade.wap.pay', 'QUICK_WAP_WAY'],
    ['desktop', 'alipay.trade.page.pay', 'FAST_INSTANT_TRADE_PAY'],
  ] as const)('a %s payment is a %s link signed RSA2 with the app key', async (device, method, productCode) => {
    const started = await channel().start({
      orderNo: 'MM2026112610000012345678',
      amountFen: 499_901,
      subject: '认证供应商 6个月',
      expiresAt: new Date('2026-11-26T02:30:00Z'),
      device,
      clientIp: '203.0.113.7',
    });
    expect(started.action).toBe('redirect');
    const url = new URL((started as { url: string }).url);
    expect(url.origin + url.pathname).toBe('https://openapi.alipay.com/gateway.do');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      app_id: '2014072300007148',
      method,
      sign_type: 'RSA2',
      notify_url: 'https://metal.example.com/pay/notify/alipay',
    });
    expect(JSON.parse(params.biz_content!)).toMatchObject({
      out_trade_no: 'MM2026112610000012345678',
      total_amount: '4999.01',
      product_code: productCode,
      time_expire: '2026-11-26 10:30:00',
    });
    const { sign, ...signed } = params;
    const content = Object.keys(signed)
      .sort()
      .map((key) => `${key}=${signed[key]}`)
      .join('&');
    expect(createVerify('RSA-SHA256').update(content, 'utf8').verify(app.publicKey, sign!, 'base64')).toBe(true);
  });

  it('reads trade states from alipay.trade.query and sends refunds in yuan', async () => {
    const calls: [string, Record<string, unknown>][] = [];
    const ch = channel(async (method, biz) => {
      calls.push([method, biz]);
      if (method === 'alipay.trade.refund')
        return { code: '10000', trade_no: 'T1', fund_change: biz.out_request_no === 'RF1' ? 'Y' : 'N' };
      return biz.out_trade_no === 'A1'
        ? {
            code: '10000',
            out_trade_no: 'A1',
            trade_no: 'T1',
            trade_status: 'TRADE_SUCCESS',
            total_amount: '10.00',
            send_pay_date: '2026-11-26 10:00:00',
          }
        : { code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST' };
    });
    expect(await ch.query('A1')).toMatchObject({ state: 'paid', payment: { amountFen: 1000, transactionId: 'T1' } });
    expect(await ch.query('B1')).toEqual({ state: 'unknown' });
    expect(await ch.refund({ orderNo: 'A1', refundNo: 'RF1', amountFen: 250, totalFen: 1000, reason: '退款' })).toEqual(
      {
        state: 'succeeded',
        refundId: 'T1',
      },
    );
    expect(calls.at(-1)).toEqual([
      'alipay.trade.refund',
      { out_trade_no: 'A1', out_request_no: 'RF1', refund_amount: '2.50', refund_reason: '退款' },
    ]);
    // fund_change N: no money moved by this request; the outcome is asked for.
    expect(await ch.refund({ orderNo: 'A1', refundNo: 'RF2', amountFen: 250, totalFen: 1000, reason: '退款' })).toEqual(
      {
        state: 'processing',
        refundId: 'T1',
      },
    );
  });

  it('reads a refund request that was not answered, or Alipay’s system error, as unknown, not as refused', async () => {
    const answers: (() => Record<string, unknown>)[] = [
      () => {
        throw new Error('HTTP request timeout');
      },
      () => ({ code: '20000', msg: 'Service Currently Unavailable', sub_code: 'isp.unknow-error' }),
      () => ({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.SYSTEM_ERROR' }),
      () => ({ code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR' }),
    ];
    const ch = channel(async () => answers.shift()!());
    const ask = () => ch.refund({ orderNo: 'A1', refundNo: 'RF1', amountFen: 250, totalFen: 1000, reason: '退款' });
    expect((await ask()).state).toBe('unknown');
    expect((await ask()).state).toBe('unknown');
    expect((await ask()).state).toBe('unknown');
    expect((await ask()).state).toBe('failed');
  });

  it('reads a refund’s outcome from alipay.trade.fastpay.refund.query', async () => {
    const ch = channel(async (method, biz) => {
      expect(method).toBe('alipay.trade.fastpay.refund.query');
      if (biz.out_trade_no !== 'A1') return { code: '40004', sub_code: 'ACQ.TRADE_NOT_EXIST' };
      return biz.out_request_no === 'RF1'
        ? {
            code: '10000',
            out_trade_no: 'A1',
            trade_no: 'T1',
            out_request_no: 'RF1',
            refund_status: 'REFUND_SUCCESS',
            refund_amount: '2.50',
          }
        : { code: '10000', out_trade_no: 'A1', trade_no: 'T1', out_request_no: biz.out_request_no };
    });
    expect(await ch.queryRefund({ orderNo: 'A1', refundNo: 'RF1' })).toEqual({
      state: 'succeeded',
      refundId: 'T1',
      amountFen: 250,
    });
    expect(await ch.queryRefund({ orderNo: 'A1', refundNo: 'RF9' })).toMatchObject({ state: 'failed' });
    expect(await ch.queryRefund({ orderNo: 'B1', refundNo: 'RF1' })).toEqual({ state: 'unknown' });
  });
});

describe('yuan text', () => {
  it('turns fen into yuan text and back exactly', () => {
    expect([1, 10, 100, 499_900, 880_001].map(fenToYuanText)).toEqual(['0.01', '0.10', '1.00', '4999.00', '8800.01']);
    expect(['0.01', '0.1', '1', '4999.00', '8800.01'].map(yuanTextToFen)).toEqual([1, 10, 100, 499_900, 880_001]);
    expect(['', '1.001', '-1', '1e3', 'abc'].map(yuanTextToFen)).toEqual([null, null, null, null, null]);
  });
});
