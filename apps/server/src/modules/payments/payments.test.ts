import { Writable } from 'node:stream';
import { Calls, CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  buildPaymentOrder,
  countingPurpose,
  notify,
  orderRow,
  paymentSnapshot,
  transitionsOf,
  uploadSlip,
} from '../../../test/payment-fixtures';
import { paymentDeps } from './payments.routes';
import { closeExpiredOrders, queryLateOrders, queryPendingRefunds, retryFulfilments } from './payments.service';

const purpose = countingPurpose();
const logged: { msg?: string; reason?: string; outcome?: string; orderNo?: string }[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(line));
    done();
  },
});
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ modules: purpose.modules, logStream });
});
afterAll(() => t.close());

async function buildBuyer() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

const INVALID_ZH = '输入有误，请检查后重试';

/** Follows the sandbox cashier as a tester does: the link pay/create gave, then the choice. */
/**
 * An operator refunds part of a paid WeChat order while every notification the sandbox sends is lost:
 * the refund the provider holds, so a test can deliver (or forge) its notification itself.
 */
async function refundWithNotificationsLost(orderNo: string, amountFen: number) {
  const operator = await t.buildOperator('admin');
  const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
  t.paymentSandbox.deliver = async () => false;
  try {
    await t.call(Calls.consolePayRefund, { orderNo, amountFen, reason: '退款' }, { session: operator.session });
    await t.paymentSandbox.idle();
  } finally {
    t.paymentSandbox.deliver = deliver;
  }
  const refund = t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds[0]!;
  return { refund, operator };
}

async function payAtCashier(link: string, choice: 'pay' | 'fail' | 'abandon' = 'pay') {
  let url = link;
  if (url.startsWith('/pay/sandbox/alipay/gateway.do')) {
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(303);
    url = opened.headers.location as string;
  }
  const page = await t.app.inject({ method: 'GET', url });
  expect(page.statusCode).toBe(200);
  const params = new URL(url, 'http://x').searchParams;
  const decided = await t.app.inject({
    method: 'POST',
    url: '/pay/sandbox/cashier',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      channel: params.get('channel')!,
      orderNo: params.get('orderNo')!,
      choice,
    }).toString(),
  });
  await t.paymentSandbox.idle();
  return { page: page.body, decided };
}

describe('pay/create', () => {
  it('answers a WeChat H5 link on a phone and a Native QR code on a desktop, both to the sandbox cashier', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const h5 = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    expect(h5.body.codeFlag).toBe(CodeFlag.ok);
    expect(h5.body.data).toMatchObject({ action: 'redirect', channel: 'wxpay', orderNo, amountFen: 499_900 });
    expect((h5.body.data as { url: string }).url).toMatch(/^\/pay\/sandbox\/cashier\?channel=wxpay&orderNo=/);
    const qr = await t.call(
      Calls.payCreate,
      { orderNo, channel: 'wxpay', device: 'desktop' },
      { session: owner.session },
    );
    expect(qr.body.data).toMatchObject({ action: 'qr', channel: 'wxpay' });
    expect((await orderRow(t, orderNo)).channel).toBe('wxpay');
  });

  it('answers an Alipay link signed with the app key, which the sandbox gateway accepts', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const answer = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
    const url = (answer.body.data as { url: string }).url;
    expect(url).toMatch(/^\/pay\/sandbox\/alipay\/gateway\.do\?/);
    expect(new URL(url, 'http://x').searchParams.get('sign_type')).toBe('RSA2');
    const opened = await t.app.inject({ method: 'GET', url });
    expect(opened.statusCode).toBe(303);
    const tampered = await t.app.inject({ method: 'GET', url: url.replace('total_amount', 'total_amount_') });
    expect(tampered.statusCode).toBe(400);
  });

  it('answers the bank account and a reference for offline transfer, and keeps the order open for days', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const answer = await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: owner.session });
    expect(answer.body.data).toMatchObject({
      action: 'offline',
      offline: { accountName: expect.any(String), bankName: expect.any(String), accountNo: expect.any(String) },
    });
    const reference = (answer.body.data as { offline: { reference: string } }).offline.reference;
    expect(reference).toMatch(/^[A-Z2-9]{8}$/);
    const order = await orderRow(t, orderNo);
    expect(order.offlineReference).toBe(reference);
    expect(order.expiresAt.getTime() - t.clock.now().getTime()).toBe(7 * 86_400_000);
  });

  it.each([
    ['an empty order number', { orderNo: '', channel: 'wxpay' }, 'orderNo'],
    ['an order number with symbols', { orderNo: "MM1'; drop", channel: 'wxpay' }, 'orderNo'],
    ['an unknown channel', { channel: 'paypal' }, 'channel'],
    ['an unknown device', { channel: 'wxpay', device: 'tv' }, 'device'],
  ])('refuses %s (codeFlag 2, localized) and writes nothing', async (_case, fields, field) => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const before = await paymentSnapshot(t, orderNo);
    const sent = { orderNo, ...fields };
    const zh = await t.callRaw(Calls.payCreate, sent, { session: owner.session });
    expect(zh.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(Object.keys(zh.body.errors ?? {})).toEqual([field]);
    const en = await t.callRaw(Calls.payCreate, sent, { session: owner.session, lang: 'en-US' });
    expect(en.body.mesg).toMatch(/^[A-Z]/);
    expect(en.body.mesg).not.toBe(zh.body.mesg);
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });

  it("refuses another company's order (codeFlag 3) and changes nothing", async () => {
    const owner = await buildBuyer();
    const stranger = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const before = await paymentSnapshot(t, orderNo);
    const answer = await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: stranger.session });
    expect(answer.body).toEqual({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });

  it('refuses a channel that is not configured (codeFlag 5), changing nothing', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const before = await paymentSnapshot(t, orderNo);
    const { alipay } = t.app.deps.payments;
    delete t.app.deps.payments.alipay;
    try {
      const answer = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
      expect(answer.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该支付方式暂不可用，请选择其他方式' });
    } finally {
      t.app.deps.payments.alipay = alipay;
    }
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });

  it('lets an employee of the company pay, and refuses a paid or unknown order', async () => {
    const owner = await buildBuyer();
    const employee = await t.buildEmployee(owner);
    const orderNo = await buildPaymentOrder(t, owner);
    const created = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: employee.session });
    await payAtCashier((created.body.data as { url: string }).url);
    expect((await orderRow(t, orderNo)).state).toBe('paid');
    const again = await t.call(
      Calls.payCreate,
      { orderNo, channel: 'wxpay' },
      { session: owner.session, lang: 'en-US' },
    );
    expect(again.body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: 'This order is already paid or closed; there is nothing to pay',
    });
    const unknown = await t.call(
      Calls.payCreate,
      { orderNo: 'MM000000000000', channel: 'wxpay' },
      { session: owner.session },
    );
    expect(unknown.body.codeFlag).toBe(CodeFlag.notFound);
  });
});

describe('the sandbox cashier and the notify endpoints', () => {
  it('WeChat: paying at the cashier sends signed, encrypted notifications, twice; the order is paid and fulfilled once', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const created = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    const { page, decided } = await payAtCashier((created.body.data as { url: string }).url);
    expect(page).toContain('收银台（沙箱）');
    expect(page).toContain('¥4999.00');
    expect(decided.statusCode).toBe(303);
    expect(decided.headers.location).toBe(`/#/uni_modules/uni-pay-x/pages/success/success?orderNo=${orderNo}`);

    const order = await orderRow(t, orderNo);
    expect(order).toMatchObject({ state: 'paid', paidChannel: 'wxpay', amountFen: 499_900 });
    expect(order.providerTransactionId).toMatch(/^4200\d+/);
    expect(purpose.paidTimes(orderNo)).toBe(1);
    // Sent at once in tests, the two may be answered in either order.
    const deliveries = t.paymentSandbox.deliveries.filter((d) => d.orderNo === orderNo);
    expect(deliveries.map((d) => [d.kind, d.accepted]).sort()).toEqual([
      ['duplicate', true],
      ['first', true],
    ]);
    const paidTransitions = (await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'paid');
    expect(paidTransitions).toHaveLength(1);
    expect(paidTransitions[0]).toMatchObject({ fromState: 'unpaid', cause: 'notify:wxpay' });
  });

  it('Alipay: paid once although the success arrives twice and an older WAIT_BUYER_PAY after it', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner, 880_000);
    const created = await t.call(
      Calls.payCreate,
      { orderNo, channel: 'alipay', device: 'desktop' },
      { session: owner.session },
    );
    await payAtCashier((created.body.data as { url: string }).url);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', paidChannel: 'alipay' });
    expect(purpose.paidTimes(orderNo)).toBe(1);
    const deliveries = t.paymentSandbox.deliveries.filter((d) => d.orderNo === orderNo);
    expect(deliveries.map((d) => [d.kind, d.accepted]).sort()).toEqual([
      ['duplicate', true],
      ['first', true],
      ['stale', true],
    ]);
  });

  it('the cashier page speaks English when asked; a failed payment leaves the order unpaid', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const created = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    const url = (created.body.data as { url: string }).url;
    const page = await t.app.inject({ method: 'GET', url: `${url}&lang=en-US` });
    expect(page.body).toContain('Cashier (sandbox)');
    const { decided } = await payAtCashier(url, 'fail');
    expect(decided.headers.location).toContain('notice=failed');
    expect((await orderRow(t, orderNo)).state).toBe('unpaid');
    expect(purpose.paidTimes(orderNo)).toBe(0);
  });

  it('without PAY_SANDBOX the sandbox cashier offers no payment and takes none', async () => {
    const guarded = await buildTestApp({ sandboxPayments: false });
    try {
      const owner = await guarded.buildUser();
      const orderNo = await buildPaymentOrder(guarded, owner);
      const created = await guarded.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
      const url = (created.body.data as { url: string }).url;
      const page = await guarded.app.inject({ method: 'GET', url: `${url}&lang=en-US` });
      expect(page.body).toContain('Sandbox payments are off');
      expect(page.body).not.toContain('value="pay"');
      await guarded.app.inject({
        method: 'POST',
        url: '/pay/sandbox/cashier',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ channel: 'wxpay', orderNo, choice: 'pay' }).toString(),
      });
      await guarded.paymentSandbox.idle();
      expect((await orderRow(guarded, orderNo)).state).toBe('unpaid');
      expect(guarded.paymentSandbox.trade(orderNo)!.state).toBe('NOTPAY');
    } finally {
      await guarded.close();
    }
  });

  it('acknowledges a payment whose fulfilment failed once it is recorded; the query job delivers it, once', async () => {
    const failing = countingPurpose();
    let failuresLeft = 2;
    const flaky = await buildTestApp({
      modules: {
        orders: {
          paymentPurposes: {
            trade_order: {
              async paid(tx, order, paidAt, clock) {
                if (failuresLeft-- > 0) throw new Error('fulfilment unavailable');
                await failing.modules.orders!.paymentPurposes!.trade_order!.paid(tx, order, paidAt, clock);
              },
              refunded: async () => {},
            },
          },
        },
      },
    });
    try {
      const owner = await flaky.buildUser();
      const orderNo = await buildPaymentOrder(flaky, owner);
      const created = await flaky.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
      const params = new URL((created.body.data as { url: string }).url, 'http://x').searchParams;
      flaky.paymentSandbox.decide('wxpay', params.get('orderNo')!, 'pay');
      await flaky.paymentSandbox.idle();
      // The money is recorded: every notification was answered SUCCESS, none sent again.
      expect(await orderRow(flaky, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'pending' });
      const records = flaky.paymentSandbox.deliveries.filter((d) => d.orderNo === orderNo);
      expect(records.map((d) => [d.kind, d.attempt, d.accepted]).sort()).toEqual([
        ['duplicate', 1, true],
        ['first', 1, true],
      ]);
      expect(failing.paidTimes(orderNo)).toBe(0);
      // The first notification's attempt failed; the duplicate found the payment recorded.
      expect(failuresLeft).toBe(1);
      const deps = paymentDeps(flaky.app);
      expect(await retryFulfilments(deps)).toBe(0);
      expect(await retryFulfilments(deps)).toBe(1);
      expect(await retryFulfilments(deps)).toBe(0);
      expect(failing.paidTimes(orderNo)).toBe(1);
      expect(await orderRow(flaky, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'done' });
    } finally {
      await flaky.close();
    }
  });

  it('a second payment (the buyer paid at both cashiers) is acknowledged, delivered once and refunded whole through its channel, once', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const atWechat = await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    const atAlipay = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
    await payAtCashier((atWechat.body.data as { url: string }).url);
    await payAtCashier((atAlipay.body.data as { url: string }).url);
    await t.paymentSandbox.idle();
    const alipayTrade = t.paymentSandbox.trade(orderNo, 'alipay')!;
    // Alipay's own duplicates of the second payment start no second refund.
    const again = t.paymentSandbox.alipayNotification(t.paymentSandbox.alipayFieldsOf(orderNo, 'TRADE_SUCCESS')!);
    expect((await notify(t, again)).body).toBe('success');
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', paidChannel: 'wxpay', refundedFen: 0 });
    expect(purpose.paidTimes(orderNo)).toBe(1);
    expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([]);
    expect(alipayTrade.refunds.map((r) => r.amountFen)).toEqual([499_900]);
    expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds).toEqual([]);
    const transitions = await transitionsOf(t, orderNo);
    expect(transitions.filter((tr) => (tr.details as { secondPayment?: boolean }).secondPayment)).toEqual([
      expect.objectContaining({
        fromState: 'paid',
        toState: 'paid',
        cause: 'notify:alipay',
        details: expect.objectContaining({ channel: 'alipay', transactionId: alipayTrade.transactionId }),
      }),
    ]);
    expect(transitions.at(-1)).toMatchObject({
      toState: 'paid',
      cause: 'second_payment',
      details: expect.objectContaining({ secondPaymentRefunded: alipayTrade.transactionId, amountFen: 499_900 }),
    });
    const mine = await t.call(Calls.payStatus, { orderNo }, { session: owner.session });
    expect(mine.body.data!.refunds).toMatchObject([{ amountFen: 499_900, state: 'succeeded', secondPayment: true }]);
  });

  it('are described in the OpenAPI document beside the calls', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/pay/notify/wxpay',
        '/pay/notify/alipay',
        '/pay/create.htmls',
        '/console/pay/refund.htmls',
      ]),
    );
  });

  describe('refuses, logs and changes nothing for', () => {
    async function paidAtProvider() {
      const owner = await buildBuyer();
      const orderNo = await buildPaymentOrder(t, owner);
      await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
      t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
      return {
        orderNo,
        transaction: t.paymentSandbox.wxTransactionOf(orderNo)!,
        before: await paymentSnapshot(t, orderNo),
      };
    }

    it('a WeChat notification signed with another key', async () => {
      const { orderNo, transaction, before } = await paidAtProvider();
      const forged = t.paymentSandbox.wxNotification(transaction, { signWith: t.paymentSandbox.wxMerchant.privateKey });
      expect(await notify(t, forged)).toEqual({ status: 400, body: JSON.stringify({ code: 'FAIL', message: '失败' }) });
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);
      expect(purpose.paidTimes(orderNo)).toBe(0);
      expect(logged.findLast((line) => line.msg === 'payment notification refused')).toMatchObject({
        reason: 'signature does not verify',
      });
    });

    it('a WeChat notification naming a key serial we were not given, or an old timestamp', async () => {
      const { orderNo, transaction, before } = await paidAtProvider();
      expect(
        (await notify(t, t.paymentSandbox.wxNotification(transaction, { serial: 'PUB_KEY_ID_OTHER' }))).status,
      ).toBe(400);
      const old = Math.floor(t.clock.now().getTime() / 1000) - 3600;
      expect((await notify(t, t.paymentSandbox.wxNotification(transaction, { timestamp: old }))).status).toBe(400);
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    });

    it('a WeChat notification whose body was changed after signing', async () => {
      const { orderNo, transaction, before } = await paidAtProvider();
      const genuine = t.paymentSandbox.wxNotification(transaction);
      const changed = { ...genuine, body: genuine.body.replace('"summary":"支付成功"', '"summary":"支付成功 "') };
      expect((await notify(t, changed)).status).toBe(400);
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    });

    it('a genuinely signed notification with the wrong amount or currency', async () => {
      const { orderNo, transaction, before } = await paidAtProvider();
      const cheaper = { ...transaction, amount: { ...transaction.amount, total: 1 } };
      expect((await notify(t, t.paymentSandbox.wxNotification(cheaper))).status).toBe(400);
      expect(logged.filter((line) => line.orderNo === orderNo).map((line) => line.msg)).toEqual(
        expect.arrayContaining(['payment amount or currency does not match the order', 'payment notification refused']),
      );
      const dollars = { ...transaction, amount: { ...transaction.amount, currency: 'USD' } };
      expect((await notify(t, t.paymentSandbox.wxNotification(dollars))).status).toBe(400);
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);
      expect(purpose.paidTimes(orderNo)).toBe(0);
    });

    it('a notification whose check itself fails: answered FAIL (so the provider retries), never the envelope', async () => {
      const { orderNo, transaction, before } = await paidAtProvider();
      const wxpay = t.app.deps.payments.wxpay!;
      t.app.deps.payments.wxpay = {
        ...wxpay,
        verifyNotify: async () => {
          throw new Error('key store unavailable');
        },
      };
      try {
        expect(await notify(t, t.paymentSandbox.wxNotification(transaction))).toEqual({
          status: 400,
          body: JSON.stringify({ code: 'FAIL', message: '失败' }),
        });
      } finally {
        t.app.deps.payments.wxpay = wxpay;
      }
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);
    });

    it('a genuinely signed notification for an order we never made', async () => {
      const { transaction } = await paidAtProvider();
      const stranger = { ...transaction, out_trade_no: 'MM20991231000000' };
      expect((await notify(t, t.paymentSandbox.wxNotification(stranger))).status).toBe(400);
    });

    it('Alipay notifications forged, for another app, or with the wrong amount', async () => {
      const owner = await buildBuyer();
      const orderNo = await buildPaymentOrder(t, owner);
      const created = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
      await t.app.inject({ method: 'GET', url: (created.body.data as { url: string }).url });
      t.paymentSandbox.decide('alipay', orderNo, 'pay', { notify: false });
      const before = await paymentSnapshot(t, orderNo);
      const fields = t.paymentSandbox.alipayFieldsOf(orderNo, 'TRADE_SUCCESS')!;
      const forged = t.paymentSandbox.alipayNotification(fields, { signWith: t.paymentSandbox.alipayApp.privateKey });
      expect(await notify(t, forged)).toEqual({ status: 200, body: 'failure' });
      expect(
        (await notify(t, t.paymentSandbox.alipayNotification({ ...fields, app_id: '2021999999999999' }))).body,
      ).toBe('failure');
      expect((await notify(t, t.paymentSandbox.alipayNotification({ ...fields, total_amount: '0.01' }))).body).toBe(
        'failure',
      );
      expect(await paymentSnapshot(t, orderNo)).toEqual(before);
      expect((await notify(t, t.paymentSandbox.alipayNotification(fields))).body).toBe('success');
      expect((await orderRow(t, orderNo)).state).toBe('paid');
    });
  });
});

describe('pay/status', () => {
  it('asks the provider when a callback is lost, and only its answer makes the order paid', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    const unpaid = await t.call(Calls.payStatus, { orderNo }, { session: owner.session });
    expect(unpaid.body.data).toMatchObject({ orderNo, state: 'unpaid', receipt: null, channel: 'wxpay' });
    t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
    const paid = await t.call(Calls.payStatus, { orderNo }, { session: owner.session });
    expect(paid.body.data).toMatchObject({
      state: 'paid',
      receipt: { channel: 'wxpay', amountFen: 499_900, transactionId: expect.stringMatching(/^4200/) },
    });
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({ toState: 'paid', cause: 'query:wxpay' });
    expect(purpose.paidTimes(orderNo)).toBe(1);
  });

  it('refuses bad input (codeFlag 2) and another company (codeFlag 3), changing nothing', async () => {
    const owner = await buildBuyer();
    const stranger = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
    const before = await paymentSnapshot(t, orderNo);
    expect((await t.callRaw(Calls.payStatus, { orderNo: '' }, { session: owner.session })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '订单号有误',
    });
    expect(
      (await t.callRaw(Calls.payStatus, { orderNo: '' }, { session: owner.session, lang: 'en-US' })).body.mesg,
    ).toBe('The order number is not valid');
    const refused = await t.call(Calls.payStatus, { orderNo }, { session: stranger.session });
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    // The stranger's look did not even ask the provider: the order is still unpaid here.
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });
});

describe('pay/orders', () => {
  it("lists the company's orders newest first with receipts, by state, and nobody else's", async () => {
    const owner = await buildBuyer();
    const stranger = await buildBuyer();
    const first = await buildPaymentOrder(t, owner, 100);
    t.clock.advance(60);
    const second = await buildPaymentOrder(t, owner, 200);
    await buildPaymentOrder(t, stranger, 300);
    await t.call(Calls.payCreate, { orderNo: first, channel: 'wxpay' }, { session: owner.session });
    t.paymentSandbox.decide('wxpay', first, 'pay');
    await t.paymentSandbox.idle();

    const all = await t.call(Calls.payOrders, {}, { session: owner.session });
    expect(all.body.data).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect(all.body.data!.list.map((o) => o.orderNo)).toEqual([second, first]);
    expect(all.body.data!.list[1]!.receipt).toMatchObject({ channel: 'wxpay', amountFen: 100 });
    const paid = await t.call(Calls.payOrders, { state: 'paid' }, { session: owner.session });
    expect(paid.body.data!.list.map((o) => o.orderNo)).toEqual([first]);
    const theirs = await t.call(Calls.payOrders, {}, { session: stranger.session });
    expect(theirs.body.data!.list.map((o) => o.amountFen)).toEqual([300]);
  });

  it.each([
    ['page 0', { page: 0 }],
    ['a page size over 100', { pageSize: 101 }],
    ['an unknown state', { state: 'lost' }],
  ])('refuses %s with codeFlag 2 in both languages', async (_case, fields) => {
    const owner = await buildBuyer();
    expect((await t.callRaw(Calls.payOrders, fields, { session: owner.session })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: INVALID_ZH,
    });
    expect((await t.callRaw(Calls.payOrders, fields, { session: owner.session, lang: 'en-US' })).body.mesg).toBe(
      'Some input is invalid, please check and try again',
    );
  });
});

describe('offline transfer: pay/offline_slip and the console queue', () => {
  async function offlineOrder() {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: owner.session });
    return { owner, orderNo };
  }

  it('a slip waits in the queue; an operator confirms it and the order is paid and fulfilled once', async () => {
    const { owner, orderNo } = await offlineOrder();
    const fileId = await uploadSlip(t, owner.session);
    const handed = await t.call(Calls.payOfflineSlip, { orderNo, fileId }, { session: owner.session });
    expect(handed.body.data!.slips).toMatchObject([{ state: 'pending', reason: '' }]);
    expect(handed.body.data!.slips[0]!.url).toContain('signature=');

    const operator = await t.buildOperator('admin');
    const queue = await t.call(Calls.consolePayOfflineQueue, {}, { session: operator.session });
    const item = queue.body.data!.find((i) => i.orderNo === orderNo)!;
    expect(item).toMatchObject({
      amountFen: 499_900,
      rootId: owner.user.id,
      reference: expect.stringMatching(/^[A-Z2-9]{8}$/),
    });
    const confirmed = await t.call(
      Calls.consolePayOfflineConfirm,
      { slipId: item.slipId },
      { session: operator.session },
    );
    expect(confirmed.body.data).toMatchObject({
      state: 'paid',
      receipt: { channel: 'offline', transactionId: `offline:${item.slipId}` },
    });
    expect(confirmed.body.data!.transitions.at(-1)).toMatchObject({
      from: 'unpaid',
      to: 'paid',
      cause: `operator:${operator.user.id}`,
    });
    expect(purpose.paidTimes(orderNo)).toBe(1);
    const twice = await t.call(Calls.consolePayOfflineConfirm, { slipId: item.slipId }, { session: operator.session });
    expect(twice.body.codeFlag).toBe(CodeFlag.conflict);
    expect(purpose.paidTimes(orderNo)).toBe(1);
  });

  it('an operator rejects a slip with a reason the buyer sees; the order stays unpaid and can take another slip', async () => {
    const { owner, orderNo } = await offlineOrder();
    await t.call(
      Calls.payOfflineSlip,
      { orderNo, fileId: await uploadSlip(t, owner.session) },
      { session: owner.session },
    );
    const operator = await t.buildOperator('admin');
    const item = (await t.call(Calls.consolePayOfflineQueue, {}, { session: operator.session })).body.data!.find(
      (i) => i.orderNo === orderNo,
    )!;
    const rejected = await t.call(
      Calls.consolePayOfflineReject,
      { slipId: item.slipId, reason: '金额不符' },
      { session: operator.session },
    );
    expect(rejected.body.data).toMatchObject({ state: 'unpaid', slips: [{ state: 'rejected', reason: '金额不符' }] });
    const status = await t.call(Calls.payStatus, { orderNo }, { session: owner.session });
    expect(status.body.data!.slips[0]).toMatchObject({ state: 'rejected', reason: '金额不符' });
    const again = await t.call(
      Calls.payOfflineSlip,
      { orderNo, fileId: await uploadSlip(t, owner.session) },
      { session: owner.session },
    );
    expect(again.body.codeFlag).toBe(CodeFlag.ok);
  });

  it('refuses a slip before offline was chosen, a second pending slip, and bad input, writing nothing', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const fileId = await uploadSlip(t, owner.session);
    const notOffline = await t.call(Calls.payOfflineSlip, { orderNo, fileId }, { session: owner.session });
    expect(notOffline.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '请先选择对公转账再上传凭证' });
    await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: owner.session });
    await t.call(Calls.payOfflineSlip, { orderNo, fileId }, { session: owner.session });
    const before = await paymentSnapshot(t, orderNo);
    const pending = await t.call(Calls.payOfflineSlip, { orderNo, fileId }, { session: owner.session, lang: 'en-US' });
    expect(pending.body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: 'A slip is already waiting to be checked; please wait',
    });
    for (const fields of [{ orderNo, fileId: 'abc' }, { orderNo, fileId: 0 }, { fileId }]) {
      const bad = await t.callRaw(Calls.payOfflineSlip, fields, { session: owner.session });
      expect(bad.body.codeFlag).toBe(CodeFlag.invalidInput);
    }
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });

  it("refuses another company's order, and another company's picture as a slip", async () => {
    const { owner, orderNo } = await offlineOrder();
    const stranger = await buildBuyer();
    const before = await paymentSnapshot(t, orderNo);
    const theirFile = await uploadSlip(t, stranger.session);
    const onTheirs = await t.call(Calls.payOfflineSlip, { orderNo, fileId: theirFile }, { session: stranger.session });
    expect(onTheirs.body.codeFlag).toBe(CodeFlag.forbidden);
    const withTheirFile = await t.call(
      Calls.payOfflineSlip,
      { orderNo, fileId: theirFile },
      { session: owner.session },
    );
    expect(withTheirFile.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '请上传转账凭证图片' });
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });

  it('console calls refuse users and customer-service operators the money moves (codeFlag 3) and bad input (codeFlag 2), changing nothing', async () => {
    const { owner, orderNo } = await offlineOrder();
    await t.call(
      Calls.payOfflineSlip,
      { orderNo, fileId: await uploadSlip(t, owner.session) },
      { session: owner.session },
    );
    const operator = await t.buildOperator('admin');
    const item = (await t.call(Calls.consolePayOfflineQueue, {}, { session: operator.session })).body.data!.find(
      (i) => i.orderNo === orderNo,
    )!;
    const before = await paymentSnapshot(t, orderNo);
    for (const [contract, fields] of [
      [Calls.consolePayOfflineConfirm, { slipId: item.slipId }],
      [Calls.consolePayOfflineReject, { slipId: item.slipId, reason: 'x' }],
      [Calls.consolePayOfflineQueue, {}],
      [Calls.consolePayOrders, {}],
      [Calls.consolePayRefund, { orderNo, amountFen: 1, reason: 'x' }],
    ] as const) {
      expect((await t.callRaw(contract, fields, { session: owner.session })).body.codeFlag).toBe(CodeFlag.forbidden);
    }
    // Customer-service operators see the queue and the orders but move no money.
    const service = await t.buildOperator('service');
    expect((await t.call(Calls.consolePayOfflineQueue, {}, { session: service.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    for (const [contract, fields] of [
      [Calls.consolePayOfflineConfirm, { slipId: item.slipId }],
      [Calls.consolePayRefund, { orderNo, amountFen: 1, reason: 'x' }],
    ] as const) {
      expect((await t.callRaw(contract, fields, { session: service.session })).body.codeFlag).toBe(CodeFlag.forbidden);
    }
    const noReason = await t.callRaw(
      Calls.consolePayOfflineReject,
      { slipId: item.slipId, reason: ' ' },
      { session: operator.session },
    );
    expect(noReason.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '请填写原因' });
    const longReason = await t.callRaw(
      Calls.consolePayOfflineReject,
      { slipId: item.slipId, reason: '长'.repeat(201) },
      { session: operator.session, lang: 'en-US' },
    );
    expect(longReason.body.mesg).toBe('The reason can be at most 200 characters');
    const badSlip = await t.callRaw(Calls.consolePayOfflineConfirm, { slipId: 'x' }, { session: operator.session });
    expect(badSlip.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });
});

describe('console/pay/orders', () => {
  it('finds orders by number, company name or root id, and state, with their history', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, { name: '检索铝业有限公司' });
    const orderNo = await buildPaymentOrder(t, owner, 1234);
    const operator = await t.buildOperator('admin');
    const search = (fields: Record<string, unknown>) =>
      t.callRaw(Calls.consolePayOrders, fields, { session: operator.session });
    const byNumber = await search({ orderNo: orderNo.slice(0, 20) });
    expect(byNumber.body.data!.list.map((o) => o.orderNo)).toContain(orderNo);
    const byName = await search({ company: '检索铝业' });
    expect(byName.body.data!.list).toEqual([
      expect.objectContaining({
        orderNo,
        companyName: '检索铝业有限公司',
        rootId: owner.user.id,
        transitions: [expect.objectContaining({ from: 'new', to: 'unpaid', cause: 'create' })],
      }),
    ]);
    expect((await search({ company: String(owner.user.id) })).body.data!.total).toBe(1);
    expect((await search({ company: '检索铝业', state: 'paid' })).body.data!.total).toBe(0);
    expect((await search({ orderNo: 'x'.repeat(40) })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await search({ state: 'lost' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('console/pay/refund', () => {
  async function paidOrder(channel: 'wxpay' | 'alipay') {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner, 10_000);
    const created = await t.call(Calls.payCreate, { orderNo, channel }, { session: owner.session });
    await payAtCashier((created.body.data as { url: string }).url);
    return { owner, orderNo };
  }

  it.each(['wxpay', 'alipay'] as const)(
    'refunds part, then the rest, through %s; the purpose takes back each part once the channel says it is done',
    async (channel) => {
      const { orderNo } = await paidOrder(channel);
      const operator = await t.buildOperator('admin');
      const lookUp = async () =>
        (await t.call(Calls.consolePayOrders, { orderNo }, { session: operator.session })).body.data!.list[0]!;
      // The sandbox's notifications wait until the refund's answer is checked: on PostgreSQL one could
      // otherwise arrive (after no delay) before the test looks.
      const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
      let release = () => {};
      const checked = new Promise<void>((resolve) => {
        release = resolve;
      });
      t.paymentSandbox.deliver = async (notification) => {
        await checked;
        return deliver(notification);
      };
      try {
        const part = await t.call(
          Calls.consolePayRefund,
          { orderNo, amountFen: 3_000, reason: '部分退款' },
          { session: operator.session },
        );
        if (channel === 'wxpay') {
          // WeChat Pay answers PROCESSING: the order keeps its money until REFUND.SUCCESS is notified.
          expect(part.body.data).toMatchObject({ state: 'paid', refundedFen: 0, refunds: [{ state: 'pending' }] });
          expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([]);
        }
      } finally {
        t.paymentSandbox.deliver = deliver;
        release();
      }
      const tooMuch = await t.call(
        Calls.consolePayRefund,
        { orderNo, amountFen: 7_001, reason: '多退' },
        { session: operator.session },
      );
      expect(tooMuch.body).toEqual({ codeFlag: CodeFlag.invalidInput, mesg: '退款金额不能超过可退金额70.00元' });
      await t.paymentSandbox.idle();
      expect(await lookUp()).toMatchObject({
        state: 'partly_refunded',
        refundedFen: 3_000,
        refunds: [{ amountFen: 3_000, state: 'succeeded', secondPayment: false }],
      });
      await t.call(
        Calls.consolePayRefund,
        { orderNo, amountFen: 7_000, reason: '余款退回' },
        { session: operator.session },
      );
      await t.paymentSandbox.idle();
      const done = await lookUp();
      expect(done).toMatchObject({ state: 'refunded', refundedFen: 10_000 });
      expect(done.transitions.slice(-2).map((tr) => [tr.from, tr.to, tr.cause])).toEqual([
        ['paid', 'partly_refunded', channel === 'wxpay' ? 'notify:wxpay' : `operator:${operator.user.id}`],
        ['partly_refunded', 'refunded', channel === 'wxpay' ? 'notify:wxpay' : `operator:${operator.user.id}`],
      ]);
      expect(purpose.refunded.filter((r) => r.orderNo === orderNo).map((r) => r.refundFen)).toEqual([3_000, 7_000]);
      expect(t.paymentSandbox.trade(orderNo)!.refunds.map((r) => r.amountFen)).toEqual([3_000, 7_000]);
    },
  );

  it('a WeChat refund whose notification is lost is settled once by the refund query job; the late notification changes nothing', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const { refund } = await refundWithNotificationsLost(orderNo, 2_500);
    expect(refund.state).toBe('SUCCESS');
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
    // Not asked before it had five minutes to arrive.
    expect(await queryPendingRefunds(paymentDeps(t.app))).toBe(0);
    t.clock.advance(6 * 60);
    expect(await queryPendingRefunds(paymentDeps(t.app))).toBe(1);
    expect(await queryPendingRefunds(paymentDeps(t.app))).toBe(0);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 2_500 });
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      toState: 'partly_refunded',
      cause: 'query:wxpay',
    });

    const late = t.paymentSandbox.wxNotification(
      {
        mchid: '1900000109',
        out_trade_no: orderNo,
        out_refund_no: refund.refundNo,
        refund_id: refund.refundId,
        refund_status: 'SUCCESS',
        amount: { total: 10_000, refund: 2_500 },
      },
      { eventType: 'REFUND.SUCCESS', resource: 'refund' },
    );
    expect((await notify(t, late)).status).toBe(200);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 2_500 });
    expect(purpose.refunded.filter((r) => r.orderNo === orderNo).map((r) => r.refundFen)).toEqual([2_500]);
  });

  it('refuses a genuine refund notification that names another amount or an unknown refund, changing nothing', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const { refund } = await refundWithNotificationsLost(orderNo, 1_000);
    const forged = (fields: Record<string, unknown>) =>
      t.paymentSandbox.wxNotification(
        {
          mchid: '1900000109',
          out_trade_no: orderNo,
          out_refund_no: refund.refundNo,
          refund_id: refund.refundId,
          refund_status: 'SUCCESS',
          amount: { total: 10_000, refund: 1_000 },
          ...fields,
        },
        { eventType: 'REFUND.SUCCESS', resource: 'refund' },
      );
    expect((await notify(t, forged({ amount: { total: 10_000, refund: 10_000 } }))).status).toBe(400);
    expect((await notify(t, forged({ out_refund_no: 'RF-unknown' }))).status).toBe(400);
    expect((await notify(t, forged({ mchid: '1900000999' }))).status).toBe(400);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
    expect((await notify(t, forged({}))).status).toBe(200);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 1_000 });
  });

  it('a refund WeChat Pay closes (REFUND.CLOSED) is recorded failed and the order keeps its money', async () => {
    const { orderNo } = await paidOrder('wxpay');
    const { refund, operator } = await refundWithNotificationsLost(orderNo, 1_000);
    const closed = t.paymentSandbox.wxNotification(
      {
        mchid: '1900000109',
        out_trade_no: orderNo,
        out_refund_no: refund.refundNo,
        refund_id: refund.refundId,
        refund_status: 'CLOSED',
        amount: { total: 10_000, refund: 1_000 },
      },
      { eventType: 'REFUND.CLOSED', resource: 'refund' },
    );
    // WeChat closed it: it holds none of its money any more.
    t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds.splice(0);
    expect((await notify(t, closed)).status).toBe(200);
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
    const search = await t.call(Calls.consolePayOrders, { orderNo }, { session: operator.session });
    // WeChat's word: a confirmed failure (refused), whose money is free again.
    expect(search.body.data!.list[0]!.refunds).toMatchObject([
      { amountFen: 1_000, state: 'failed', failure: 'refused' },
    ]);
    // The whole amount can be refunded again.
    expect(
      (
        await t.call(
          Calls.consolePayRefund,
          { orderNo, amountFen: 10_000, reason: '重退' },
          { session: operator.session },
        )
      ).body.codeFlag,
    ).toBe(CodeFlag.ok);
  });

  it.each(['wxpay', 'alipay'] as const)(
    'a %s refund the provider took but whose answer was lost stays pending, and the provider settles it once',
    async (channelName) => {
      const { orderNo } = await paidOrder(channelName);
      const operator = await t.buildOperator('admin');
      const channel = t.app.deps.payments[channelName]!;
      const refund = channel.refund;
      // The provider takes the refund, but its answer never comes back (a time-out, a dropped connection).
      channel.refund = async (asked) => {
        await refund(asked);
        throw new Error('socket hang up');
      };
      const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
      let release = () => {};
      const checked = new Promise<void>((resolve) => {
        release = resolve;
      });
      t.paymentSandbox.deliver = async (notification) => {
        await checked;
        return deliver(notification);
      };
      try {
        const answered = await t.call(
          Calls.consolePayRefund,
          { orderNo, amountFen: 4_000, reason: '退款' },
          { session: operator.session },
        );
        expect(answered.body).toMatchObject({
          codeFlag: CodeFlag.ok,
          data: { state: 'paid', refundedFen: 0, refunds: [{ amountFen: 4_000, state: 'pending' }] },
        });
      } finally {
        channel.refund = refund;
        t.paymentSandbox.deliver = deliver;
        release();
      }
      await t.paymentSandbox.idle();
      t.clock.advance(6 * 60);
      await queryPendingRefunds(paymentDeps(t.app));
      expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 4_000 });
      expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([{ orderNo, refundFen: 4_000 }]);
    },
  );

  it('a refund the channel refuses answers codeFlag 10, is recorded failed, and leaves the order paid', async () => {
    const { orderNo } = await paidOrder('wxpay');
    t.paymentSandbox.trade(orderNo)!.state = 'CLOSED';
    const operator = await t.buildOperator('admin');
    const failed = await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 100, reason: '测试' },
      { session: operator.session, lang: 'en-US' },
    );
    expect(failed.body).toEqual({
      codeFlag: CodeFlag.paymentFailed,
      mesg: 'The refund did not go through; please try again later',
    });
    expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
    const search = await t.call(Calls.consolePayOrders, { orderNo }, { session: operator.session });
    expect(search.body.data!.list[0]!.refunds).toMatchObject([{ amountFen: 100, state: 'failed', failure: 'refused' }]);
    expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([]);
  });

  it('a transfer is owed back by bank until the operator records the transfer back with its reference', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner, 5_000);
    await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: owner.session });
    await t.call(
      Calls.payOfflineSlip,
      { orderNo, fileId: await uploadSlip(t, owner.session) },
      { session: owner.session },
    );
    const operator = await t.buildOperator('admin');
    const item = (await t.call(Calls.consolePayOfflineQueue, {}, { session: operator.session })).body.data!.find(
      (i) => i.orderNo === orderNo,
    )!;
    await t.call(Calls.consolePayOfflineConfirm, { slipId: item.slipId }, { session: operator.session });
    const refunded = await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 5_000, reason: '重复转账' },
      { session: operator.session },
    );
    // Recorded, owed: nothing is taken back until the money has gone back.
    expect(refunded.body.data).toMatchObject({ state: 'paid', refundedFen: 0 });
    const [owed] = refunded.body.data!.refunds;
    expect(owed).toMatchObject({ channel: 'offline', state: 'pending', amountFen: 5_000 });
    expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([]);
    // Nothing more can be refunded while it is owed.
    const more = await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 1, reason: '再退' },
      { session: operator.session },
    );
    expect(more.body.codeFlag).toBe(CodeFlag.invalidInput);

    const done = await t.call(
      Calls.consolePayRefundDone,
      { refundNo: owed!.refundNo, reference: 'ICBC20261127001' },
      { session: operator.session },
    );
    expect(done.body.data).toMatchObject({ state: 'refunded', refundedFen: 5_000 });
    expect(done.body.data!.refunds[0]).toMatchObject({ state: 'succeeded', providerRefundId: 'ICBC20261127001' });
    expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([{ orderNo, refundFen: 5_000 }]);
  });

  it('refuses an unpaid order (codeFlag 5) and bad amounts (codeFlag 2), changing nothing', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    const operator = await t.buildOperator('admin');
    const before = await paymentSnapshot(t, orderNo);
    const unpaid = await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 1, reason: '测试' },
      { session: operator.session },
    );
    expect(unpaid.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该订单未支付，不能退款' });
    for (const amountFen of [0, -5, 1.5, 'abc']) {
      const bad = await t.callRaw(
        Calls.consolePayRefund,
        { orderNo, amountFen, reason: '测试' },
        { session: operator.session },
      );
      expect(bad.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '退款金额有误' });
    }
    expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  });
});

describe('jobs and the late callback', () => {
  it('closes an unpaid order after 30 minutes, and honours a success callback that arrives after: re-opened as paid', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    t.clock.advance(29 * 60);
    await closeExpiredOrders(paymentDeps(t.app));
    expect((await orderRow(t, orderNo)).state).toBe('unpaid');
    t.clock.advance(60);
    await closeExpiredOrders(paymentDeps(t.app));
    expect((await orderRow(t, orderNo)).state).toBe('closed');
    expect(t.paymentSandbox.trade(orderNo)!.state).toBe('CLOSED');
    expect(
      (await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session })).body.codeFlag,
    ).toBe(CodeFlag.conflict);

    // The buyer paid just before WeChat closed the trade; its callback comes late.
    const trade = t.paymentSandbox.trade(orderNo)!;
    trade.state = 'NOTPAY';
    t.paymentSandbox.decide('wxpay', orderNo, 'pay');
    await t.paymentSandbox.idle();
    const order = await orderRow(t, orderNo);
    expect(order.state).toBe('paid');
    expect((await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'paid')).toEqual([
      expect.objectContaining({
        fromState: 'closed',
        cause: 'notify:wxpay',
        details: expect.objectContaining({ late: true }),
      }),
    ]);
    expect(purpose.paidTimes(orderNo)).toBe(1);
  });

  it('the close job pays instead of closing when the provider says the order was paid', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t
      .call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session })
      .then((r) => t.app.inject({ method: 'GET', url: (r.body.data as { url: string }).url }));
    t.paymentSandbox.decide('alipay', orderNo, 'pay', { notify: false });
    t.clock.advance(31 * 60);
    await closeExpiredOrders(paymentDeps(t.app));
    expect((await orderRow(t, orderNo)).state).toBe('paid');
    expect((await transitionsOf(t, orderNo)).at(-1)).toMatchObject({
      fromState: 'unpaid',
      toState: 'paid',
      cause: 'query:alipay',
    });
  });

  it('the query job finds a payment whose callback is late', async () => {
    const owner = await buildBuyer();
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
    t.clock.advance(60);
    await queryLateOrders(paymentDeps(t.app));
    expect((await orderRow(t, orderNo)).state).toBe('unpaid');
    t.clock.advance(90);
    await queryLateOrders(paymentDeps(t.app));
    expect((await orderRow(t, orderNo)).state).toBe('paid');
    expect(purpose.paidTimes(orderNo)).toBe(1);
  });

  it('the query job asks open cashiers in turn: more than one run takes are all asked, not the oldest every minute', async () => {
    const owner = await buildBuyer();
    const orderNos: string[] = [];
    for (let i = 0; i < 3; i++) {
      const orderNo = await buildPaymentOrder(t, owner);
      await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
      orderNos.push(orderNo);
      t.clock.advance(1);
    }
    const [oldest, second, newest] = orderNos as [string, string, string];
    // Only the newest is paid, and its callback is lost; each run asks two orders.
    t.paymentSandbox.decide('wxpay', newest, 'pay', { notify: false });
    t.clock.advance(3 * 60);
    await queryLateOrders(paymentDeps(t.app), 2);
    expect((await orderRow(t, newest)).state).toBe('unpaid');
    t.clock.advance(60);
    await queryLateOrders(paymentDeps(t.app), 2);
    expect((await orderRow(t, newest)).state).toBe('paid');
    for (const orderNo of [oldest, second]) expect((await orderRow(t, orderNo)).state).toBe('unpaid');
  });
});
