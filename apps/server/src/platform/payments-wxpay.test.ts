import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { IPayRequest } from 'wechatpay-node-v3/dist/lib/pay-request.interface';
import { fetchRequests, WxPayChannel, type WxPayOptions } from './payments-wxpay';

// WeChat Pay API v3 round trips with keys made here: what WeChat signs and encrypts (built with node:crypto
// following WeChat's documented formats) must verify and decrypt through the adapter (the SDK), and what
// the adapter signs must verify under the merchant's public key over WeChat's documented message.

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pair();
const wechat = pair();
const apiV3Key = randomBytes(16).toString('hex');
const NOW = new Date('2026-11-26T02:00:00Z');
const SERIAL = 'PUB_KEY_ID_0114232134912410000000000001';

interface Sent {
  method: string;
  url: string;
  body?: Record<string, unknown>;
  headers: Record<string, string>;
}

function channel(answer: (sent: Sent) => { status: number; data?: unknown } = () => ({ status: 200, data: {} })) {
  const sent: Sent[] = [];
  const http: IPayRequest = {
    post: async (url, body, headers) => {
      sent.push({ method: 'POST', url, body, headers });
      return answer(sent.at(-1)!);
    },
    get: async (url, headers) => {
      sent.push({ method: 'GET', url, headers });
      return answer(sent.at(-1)!);
    },
    upload: async () => ({ status: 404 }),
  };
  const options: WxPayOptions = {
    appId: 'wxd678efh567hg6787',
    mchId: '1230000109',
    merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    merchantPrivateKey: merchant.privateKey,
    apiV3Key,
    platformKeys: [{ serial: SERIAL, publicKey: wechat.publicKey }],
    notifyUrl: 'https://metal.example.com/pay/notify/wxpay',
    returnUrl: 'https://metal.example.com/#/success?orderNo=',
    now: () => NOW,
  };
  return { wx: new WxPayChannel(options, http), sent, options };
}

const transaction = (overrides: Record<string, unknown> = {}) => ({
  mchid: '1230000109',
  appid: 'wxd678efh567hg6787',
  out_trade_no: 'MM2026112610000012345678',
  transaction_id: '1217752501201407033233368018',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'CMC',
  success_time: '2026-11-26T10:00:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 499_900, payer_total: 499_900, currency: 'CNY', payer_currency: 'CNY' },
  ...overrides,
});

/** A notification as WeChat Pay sends it: resource sealed with AES-256-GCM, the body signed SHA256-RSA. */
function notification(
  plain: unknown,
  {
    key = apiV3Key,
    signer = wechat.privateKey,
    serial = SERIAL,
    timestamp = NOW.getTime() / 1000,
    eventType = 'TRANSACTION.SUCCESS',
    resource = 'transaction',
  } = {},
) {
  const nonce = 'fdasflkja484';
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(resource));
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(plain)),
    cipher.final(),
    cipher.getAuthTag(),
  ]).toString('base64');
  const body = JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-26T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource: {
      original_type: resource,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext,
      associated_data: resource,
      nonce,
    },
  });
  const headerNonce = 'DKsDJ3vA8NP8Hv3y6yyxMRUm7vJ4SY9d';
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(signer, 'base64');
  return {
    headers: {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': headerNonce,
      'wechatpay-serial': serial,
      'wechatpay-signature': signature,
    },
    body,
  };
}

describe('WxPayChannel.verifyNotify', () => {
  it('verifies the signature, decrypts the resource and reads the payment', async () => {
    expect(await channel().wx.verifyNotify(notification(transaction()))).toEqual({
      kind: 'paid',
      payment: {
        channel: 'wxpay',
        orderNo: 'MM2026112610000012345678',
        transactionId: '1217752501201407033233368018',
        amountFen: 499_900,
        currency: 'CNY',
        paidAt: new Date('2026-11-26T02:00:00Z'),
      },
    });
  });

  it.each([
    ['signed by another key', notification(transaction(), { signer: merchant.privateKey })],
    ['an unknown key serial', notification(transaction(), { serial: 'PUB_KEY_ID_OTHER' })],
    ['a timestamp ten minutes old', notification(transaction(), { timestamp: NOW.getTime() / 1000 - 600 })],
    ['sealed under another APIv3 key', notification(transaction(), { key: randomBytes(16).toString('hex') })],
    ['another merchant', notification(transaction({ mchid: '1900000001' }))],
  ])('refuses a notification %s', async (_case, sent) => {
    expect((await channel().wx.verifyNotify(sent)).kind).toBe('refused');
  });

  it('refuses a body changed after signing, and one without signature headers', async () => {
    const sent = notification(transaction());
    const { wx } = channel();
    expect((await wx.verifyNotify({ ...sent, body: sent.body.replace('支付成功', '支付失败') })).kind).toBe('refused');
    expect((await wx.verifyNotify({ headers: {}, body: sent.body })).kind).toBe('refused');
  });

  it('ignores a genuine notification of a payment that did not succeed', async () => {
    expect(await channel().wx.verifyNotify(notification(transaction({ trade_state: 'PAYERROR' })))).toMatchObject({
      kind: 'ignored',
    });
  });
});

/** A refund resource as WeChat Pay documents it (退款结果通知). */
const refund = (overrides: Record<string, unknown> = {}) => ({
  mchid: '1230000109',
  out_trade_no: 'MM2026112610000012345678',
  transaction_id: '1217752501201407033233368018',
  out_refund_no: 'RF2026112611000012345678',
  refund_id: '50000000382019052709732678859',
  refund_status: 'SUCCESS',
  success_time: '2026-11-26T11:00:00+08:00',
  user_received_account: '招商银行信用卡0403',
  amount: { total: 499_900, refund: 100_000, payer_total: 499_900, payer_refund: 100_000 },
  ...overrides,
});

describe('WxPayChannel refund notifications', () => {
  it('reads a REFUND.SUCCESS as the refund done, and REFUND.CLOSED / REFUND.ABNORMAL as failed', async () => {
    const { wx } = channel();
    const outcome = {
      channel: 'wxpay',
      orderNo: 'MM2026112610000012345678',
      refundNo: 'RF2026112611000012345678',
      refundId: '50000000382019052709732678859',
      amountFen: 100_000,
    };
    expect(await wx.verifyNotify(notification(refund(), { eventType: 'REFUND.SUCCESS', resource: 'refund' }))).toEqual({
      kind: 'refund',
      refund: { ...outcome, state: 'succeeded' },
    });
    for (const status of ['CLOSED', 'ABNORMAL'])
      expect(
        await wx.verifyNotify(
          notification(refund({ refund_status: status }), { eventType: `REFUND.${status}`, resource: 'refund' }),
        ),
      ).toEqual({ kind: 'refund', refund: { ...outcome, state: 'failed' } });
  });

  it('refuses a refund notification of another merchant, or one without its refund numbers', async () => {
    const { wx } = channel();
    const sent = (plain: unknown) => notification(plain, { eventType: 'REFUND.SUCCESS', resource: 'refund' });
    expect((await wx.verifyNotify(sent(refund({ mchid: '1900000001' })))).kind).toBe('refused');
    expect((await wx.verifyNotify(sent(refund({ out_refund_no: undefined })))).kind).toBe('refused');
    expect((await wx.verifyNotify(sent(refund({ amount: {} })))).kind).toBe('refused');
  });
});

describe('WxPayChannel requests', () => {
  const verifyAuthorization = (sent: Sent) => {
    const fields = Object.fromEntries(
      [...sent.headers.Authorization!.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
    );
    const path = sent.url.replace('https://api.mch.weixin.qq.com', '');
    const message = `${sent.method}\n${path}\n${fields.timestamp}\n${fields.nonce_str}\n${sent.body ? `${JSON.stringify(sent.body)}\n` : '\n'}`;
    expect(sent.headers.Authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1230000109",/);
    expect(fields.serial_no).toBe('5157F09EFDC096DE15EBE81A47057A7232F1B8E1');
    return createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, fields.signature!, 'base64');
  };

  it('signs a Native order with the merchant key and answers its QR code', async () => {
    const { wx, sent } = channel(() => ({ status: 200, data: { code_url: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' } }));
    const started = await wx.start({
      orderNo: 'MM2026112610000012345678',
      amountFen: 499_900,
      subject: '认证供应商 6个月',
      expiresAt: new Date('2026-11-26T02:30:00Z'),
      device: 'desktop',
      clientIp: '203.0.113.7',
    });
    expect(started).toEqual({ action: 'qr', codeUrl: 'weixin://wxpay/bizpayurl?pr=p4lpSuKzz' });
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(sent[0]!.body).toMatchObject({
      appid: 'wxd678efh567hg6787',
      mchid: '1230000109',
      out_trade_no: 'MM2026112610000012345678',
      time_expire: '2026-11-26T10:30:00+08:00',
      notify_url: 'https://metal.example.com/pay/notify/wxpay',
      amount: { total: 499_900, currency: 'CNY' },
    });
    expect(verifyAuthorization(sent[0]!)).toBe(true);
  });

  it('opens an H5 payment that returns the buyer to the success page', async () => {
    const { wx, sent } = channel(() => ({
      status: 200,
      data: {
        h5_url: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx2016121516420242444321ca0631331346',
      },
    }));
    const started = await wx.start({
      orderNo: 'MM1',
      amountFen: 1,
      subject: 's',
      expiresAt: NOW,
      device: 'mobile',
      clientIp: '203.0.113.7',
    });
    expect(started.action).toBe('redirect');
    expect(new URL((started as { url: string }).url).searchParams.get('redirect_url')).toBe(
      'https://metal.example.com/#/success?orderNo=MM1',
    );
    expect(sent[0]!.body).toMatchObject({ scene_info: { payer_client_ip: '203.0.113.7', h5_info: { type: 'Wap' } } });
  });

  it('signs queries (GET) and reads their states', async () => {
    const states: Record<string, unknown> = {};
    const { wx, sent } = channel((request) => {
      const orderNo = request.url.split('/').at(-1)!.split('?')[0]!;
      const state = states[orderNo];
      return state
        ? { status: 200, data: transaction({ out_trade_no: orderNo, trade_state: state }) }
        : { status: 404 };
    });
    states.A1 = 'SUCCESS';
    states.B1 = 'NOTPAY';
    states.C1 = 'CLOSED';
    expect(await wx.query('A1')).toMatchObject({ state: 'paid', payment: { orderNo: 'A1', amountFen: 499_900 } });
    expect(await wx.query('B1')).toEqual({ state: 'unpaid' });
    expect(await wx.query('C1')).toEqual({ state: 'closed' });
    expect(await wx.query('D1')).toEqual({ state: 'unknown' });
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/out-trade-no/A1?mchid=1230000109');
    expect(verifyAuthorization(sent[0]!)).toBe(true);
  });

  it('asks for a refund with the notify URL and reads SUCCESS, PROCESSING and a refusal', async () => {
    const statuses = ['SUCCESS', 'PROCESSING'];
    const { wx, sent } = channel(() => {
      const status = statuses.shift();
      return status
        ? { status: 200, data: { refund_id: '5000', status } }
        : { status: 400, data: { code: 'NOT_ENOUGH', message: '余额不足' } };
    });
    const ask = () => wx.refund({ orderNo: 'A1', refundNo: 'RF1', amountFen: 100, totalFen: 499_900, reason: '退款' });
    expect(await ask()).toEqual({ state: 'succeeded', refundId: '5000' });
    expect(await ask()).toEqual({ state: 'processing', refundId: '5000' });
    expect((await ask()).state).toBe('failed');
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds');
    expect(sent[0]!.body).toMatchObject({
      out_trade_no: 'A1',
      out_refund_no: 'RF1',
      notify_url: 'https://metal.example.com/pay/notify/wxpay',
      amount: { refund: 100, total: 499_900, currency: 'CNY' },
    });
    expect(verifyAuthorization(sent[0]!)).toBe(true);
  });

  it('reads no answer, a system error or a rate limit as a refund WeChat may have taken (unknown), not as refused', async () => {
    const answers = [
      { status: 0, error: 'The operation was aborted due to timeout' },
      { status: 500, data: { code: 'SYSTEM_ERROR', message: '系统错误' } },
      // A rate limit says nothing of an earlier send of the same refund number, which may have been paid.
      { status: 429, data: { code: 'FREQUENCY_LIMITED', message: '频率超限' } },
    ];
    const { wx } = channel(() => answers.shift()!);
    const ask = () => wx.refund({ orderNo: 'A1', refundNo: 'RF1', amountFen: 100, totalFen: 499_900, reason: '退款' });
    expect((await ask()).state).toBe('unknown');
    expect((await ask()).state).toBe('unknown');
    expect((await ask()).state).toBe('unknown');
  });

  it('asks how a refund ended (GET by out_refund_no) and reads its states', async () => {
    const states: Record<string, string> = { RF1: 'SUCCESS', RF2: 'PROCESSING', RF3: 'CLOSED', RF4: 'ABNORMAL' };
    const { wx, sent } = channel((request) => {
      const refundNo = request.url.split('/').at(-1)!;
      const status = states[refundNo];
      return status
        ? { status: 200, data: { ...refund({ out_refund_no: refundNo, out_trade_no: 'A1' }), status } }
        : { status: 404, data: { code: 'RESOURCE_NOT_EXISTS' } };
    });
    expect(await wx.queryRefund({ orderNo: 'A1', refundNo: 'RF1' })).toEqual({
      state: 'succeeded',
      refundId: '50000000382019052709732678859',
      amountFen: 100_000,
    });
    expect(await wx.queryRefund({ orderNo: 'A1', refundNo: 'RF2' })).toEqual({ state: 'processing' });
    expect((await wx.queryRefund({ orderNo: 'A1', refundNo: 'RF3' })).state).toBe('failed');
    expect((await wx.queryRefund({ orderNo: 'A1', refundNo: 'RF4' })).state).toBe('failed');
    expect(await wx.queryRefund({ orderNo: 'A1', refundNo: 'RF5' })).toEqual({ state: 'unknown' });
    // Another order's refund of that number is not this one.
    expect(await wx.queryRefund({ orderNo: 'B1', refundNo: 'RF1' })).toEqual({ state: 'unknown' });
    expect(sent[0]!.url).toBe('https://api.mch.weixin.qq.com/v3/refund/domestic/refunds/RF1');
    expect(verifyAuthorization(sent[0]!)).toBe(true);
  });
});

describe('fetchRequests (the SDK over fetch)', () => {
  it('sends the JSON the SDK signed, reads JSON answers, and gives up after its time-out', async () => {
    const server = Fastify();
    server.post('/v3/echo', async (request) => ({ received: request.body, auth: request.headers.authorization }));
    server.get('/v3/missing', async (_request, reply) => reply.code(404).send({ code: 'ORDER_NOT_EXIST' }));
    server.get('/v3/slow', () => new Promise(() => {}));
    const base = await server.listen({ host: '127.0.0.1', port: 0 });
    try {
      // A generous time-out for the answered requests (a loaded machine is slow), a short one for the hung.
      const http = fetchRequests(10_000);
      expect(
        await http.post(
          `${base}/v3/echo`,
          { out_trade_no: 'MM1' },
          { 'Content-Type': 'application/json', Authorization: 'WECHATPAY2 x' },
        ),
      ).toEqual({ status: 200, data: { received: { out_trade_no: 'MM1' }, auth: 'WECHATPAY2 x' } });
      expect(await http.get(`${base}/v3/missing`, {})).toMatchObject({
        status: 404,
        data: { code: 'ORDER_NOT_EXIST' },
      });
      expect((await fetchRequests(300).get(`${base}/v3/slow`, {})).status).toBe(0);
    } finally {
      await server.close();
    }
  });
});
