import { Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
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
import type { PaymentFulfilment } from './payments.purposes';
import { paymentDeps } from './payments.routes';
import { closeExpiredOrders, queryPendingRefunds, retryFulfilments } from './payments.service';
import { paymentRefunds } from './payments.table';

// Callbacks raced against each other, against the jobs and against operators. On PostgreSQL
// (TEST_DATABASE_URL) the requests run on separate connections of the pool, so these are real races; on
// PGlite they serialise.

const purpose = countingPurpose();
/** Orders whose fulfilment fails this many more times; the purpose is otherwise the counting one. */
const failuresLeft = new Map<string, number>();
const counting = purpose.modules.orders!.paymentPurposes!.trade_order!;
const flaky: PaymentFulfilment = {
  async paid(tx, order, paidAt, clock) {
    const left = failuresLeft.get(order.orderNo) ?? 0;
    if (left > 0) {
      failuresLeft.set(order.orderNo, left - 1);
      throw new Error('fulfilment unavailable');
    }
    return counting.paid(tx, order, paidAt, clock);
  },
  refunded: (tx, order, refundFen, clock) => counting.refunded(tx, order, refundFen, clock),
};
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ modules: { orders: { paymentPurposes: { trade_order: flaky } } } });
});
afterAll(() => t.close());

async function wxOrderPaidAtProvider() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const orderNo = await buildPaymentOrder(t, owner);
  await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
  t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
  return orderNo;
}

it('50 concurrent duplicate WeChat callbacks for one order: all acknowledged, paid once, fulfilled once', async () => {
  const orderNo = await wxOrderPaidAtProvider();
  const transaction = t.paymentSandbox.wxTransactionOf(orderNo)!;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => notify(t, t.paymentSandbox.wxNotification(transaction))),
  );
  expect(answers.every((a) => a.status === 200 && JSON.parse(a.body).code === 'SUCCESS')).toBe(true);
  expect((await orderRow(t, orderNo)).state).toBe('paid');
  expect(purpose.paidTimes(orderNo)).toBe(1);
  expect((await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'paid')).toHaveLength(1);
});

it('50 concurrent duplicate Alipay callbacks for one order: paid once, fulfilled once', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const orderNo = await buildPaymentOrder(t, owner);
  const created = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
  await t.app.inject({ method: 'GET', url: (created.body.data as { url: string }).url });
  t.paymentSandbox.decide('alipay', orderNo, 'pay', { notify: false });
  const fields = t.paymentSandbox.alipayFieldsOf(orderNo, 'TRADE_SUCCESS')!;
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => notify(t, t.paymentSandbox.alipayNotification(fields))),
  );
  expect(answers.every((a) => a.body === 'success')).toBe(true);
  expect(purpose.paidTimes(orderNo)).toBe(1);
  expect((await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'paid')).toHaveLength(1);
});

it('forged, mismatched and unknown callbacks raced with genuine ones change nothing of their own', async () => {
  const orderNo = await wxOrderPaidAtProvider();
  const transaction = t.paymentSandbox.wxTransactionOf(orderNo)!;
  const before = await paymentSnapshot(t, orderNo);
  const refused = await Promise.all([
    ...Array.from({ length: 10 }, () =>
      notify(t, t.paymentSandbox.wxNotification(transaction, { signWith: t.paymentSandbox.wxMerchant.privateKey })),
    ),
    ...Array.from({ length: 10 }, () =>
      notify(t, t.paymentSandbox.wxNotification({ ...transaction, amount: { ...transaction.amount, total: 100 } })),
    ),
    ...Array.from({ length: 10 }, () =>
      notify(t, t.paymentSandbox.wxNotification({ ...transaction, out_trade_no: 'MM20990101000000' })),
    ),
  ]);
  expect(refused.every((a) => a.status === 400)).toBe(true);
  expect(await paymentSnapshot(t, orderNo)).toEqual(before);
  expect(purpose.paidTimes(orderNo)).toBe(0);
});

it('a success callback racing the close job: the order ends paid, fulfilled once, whichever wins', async () => {
  for (let round = 0; round < 10; round++) {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    // The provider has not (yet) answered paid when the job asks it; the buyer's payment lands as it closes.
    const transaction = {
      ...t.paymentSandbox.wxTransactionOf(orderNo)!,
      trade_state: 'SUCCESS',
      transaction_id: `4200race${round}${Date.now()}`,
      success_time: '2026-11-26T10:00:00+08:00',
    };
    t.clock.advance(31 * 60);
    const [, answer] = await Promise.all([
      closeExpiredOrders(paymentDeps(t.app)),
      notify(t, t.paymentSandbox.wxNotification(transaction)),
    ]);
    expect(answer.status).toBe(200);
    expect((await orderRow(t, orderNo)).state).toBe('paid');
    expect(purpose.paidTimes(orderNo)).toBe(1);
    const paid = (await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'paid');
    expect(paid).toHaveLength(1);
    // Either the callback came first (unpaid → paid) or the job closed it and the callback re-opened it.
    expect(['unpaid', 'closed']).toContain(paid[0]!.fromState);
  }
});

it('a second payment notified 30 times at once (Alipay after WeChat) is refunded once, whole; the order keeps one payment', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const orderNo = await buildPaymentOrder(t, owner);
  // The buyer opens both cashiers while the order is unpaid, and pays at both.
  await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
  const atAlipay = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
  await t.app.inject({ method: 'GET', url: (atAlipay.body.data as { url: string }).url });
  t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
  t.paymentSandbox.decide('alipay', orderNo, 'pay', { notify: false });
  await notify(t, t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!));
  const fields = t.paymentSandbox.alipayFieldsOf(orderNo, 'TRADE_SUCCESS')!;
  const answers = await Promise.all(
    Array.from({ length: 30 }, () => notify(t, t.paymentSandbox.alipayNotification(fields))),
  );
  expect(answers.every((a) => a.body === 'success')).toBe(true);
  const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
  console.log(
    `second payment notified 30 times at once: ${refunds.length} refund, ${t.paymentSandbox.trade(orderNo, 'alipay')!.refunds.length} at Alipay`,
  );
  expect(refunds).toMatchObject([
    { channel: 'alipay', amountFen: 499_900, state: 'succeeded', secondPaymentTransactionId: fields.trade_no },
  ]);
  expect(t.paymentSandbox.trade(orderNo, 'alipay')!.refunds.map((r) => r.amountFen)).toEqual([499_900]);
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', paidChannel: 'wxpay', refundedFen: 0 });
  expect(purpose.paidTimes(orderNo)).toBe(1);
});

it('a WeChat refund notified 20 times at once while the query job asks: refunded once, taken back once', async () => {
  const orderNo = await wxOrderPaidAtProvider();
  await notify(t, t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!));
  const operator = await t.buildOperator('admin');
  const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
  t.paymentSandbox.deliver = async () => false;
  try {
    await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 100_000, reason: '退款' },
      { session: operator.session },
    );
    await t.paymentSandbox.idle();
  } finally {
    t.paymentSandbox.deliver = deliver;
  }
  const [refund] = t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds;
  const resource = {
    mchid: '1900000109',
    out_trade_no: orderNo,
    out_refund_no: refund!.refundNo,
    refund_id: refund!.refundId,
    refund_status: 'SUCCESS',
    amount: { total: 499_900, refund: 100_000 },
  };
  t.clock.advance(6 * 60);
  const [answers] = await Promise.all([
    Promise.all(
      Array.from({ length: 20 }, () =>
        notify(t, t.paymentSandbox.wxNotification(resource, { eventType: 'REFUND.SUCCESS', resource: 'refund' })),
      ),
    ),
    queryPendingRefunds(paymentDeps(t.app)),
  ]);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 100_000 });
  expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toHaveLength(1);
  expect((await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'partly_refunded')).toHaveLength(1);
});

it('a fulfilment that failed, retried by 5 job runs at once while its notification repeats: delivered once', async () => {
  const orderNo = await wxOrderPaidAtProvider();
  failuresLeft.set(orderNo, 1);
  const transaction = t.paymentSandbox.wxTransactionOf(orderNo)!;
  expect((await notify(t, t.paymentSandbox.wxNotification(transaction))).status).toBe(200);
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'pending' });
  const [answers] = await Promise.all([
    Promise.all(Array.from({ length: 10 }, () => notify(t, t.paymentSandbox.wxNotification(transaction)))),
    Promise.all(Array.from({ length: 5 }, () => retryFulfilments(paymentDeps(t.app)))),
  ]);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', fulfilment: 'done' });
  expect(purpose.paidTimes(orderNo)).toBe(1);
  expect(
    (await transitionsOf(t, orderNo)).filter((tr) => (tr.details as { fulfilled?: boolean }).fulfilled),
  ).toHaveLength(1);
});

/** WeChat paid first; Alipay's second payment's automatic refund was refused by Alipay. */
async function secondPaymentWhoseRefundFailed() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const orderNo = await buildPaymentOrder(t, owner);
  await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
  const atAlipay = await t.call(Calls.payCreate, { orderNo, channel: 'alipay' }, { session: owner.session });
  await t.app.inject({ method: 'GET', url: (atAlipay.body.data as { url: string }).url });
  t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
  t.paymentSandbox.decide('alipay', orderNo, 'pay', { notify: false });
  await notify(t, t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!));
  const alipay = t.app.deps.payments.alipay!;
  const refund = alipay.refund;
  alipay.refund = async () => ({ state: 'failed', reason: '40004 ACQ.SELLER_BALANCE_NOT_ENOUGH' });
  try {
    await notify(t, t.paymentSandbox.alipayNotification(t.paymentSandbox.alipayFieldsOf(orderNo, 'TRADE_SUCCESS')!));
  } finally {
    alipay.refund = refund;
  }
  const [failed] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
  expect(failed).toMatchObject({ state: 'failed', channel: 'alipay' });
  return { orderNo, refundNo: failed!.refundNo };
}

it('a failed refund sent again by 10 operators at once: sent once, refunded once', async () => {
  const { orderNo, refundNo } = await secondPaymentWhoseRefundFailed();
  const operators = await Promise.all(Array.from({ length: 10 }, () => t.buildOperator('admin')));
  const answers = await Promise.all(
    operators.map((operator) => t.call(Calls.consolePayRefundRetry, { refundNo }, { session: operator.session })),
  );
  const flags = answers.map((a) => a.body.codeFlag);
  console.log(`a failed refund sent again 10 times at once: ${flags.filter((f) => f === CodeFlag.ok).length} sent`);
  expect(flags.filter((f) => f === CodeFlag.ok)).toHaveLength(1);
  expect(flags.filter((f) => f === CodeFlag.conflict)).toHaveLength(9);
  expect(t.paymentSandbox.trade(orderNo, 'alipay')!.refunds.map((r) => [r.refundNo, r.amountFen])).toEqual([
    [refundNo, 499_900],
  ]);
  expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo))).toMatchObject([
    { refundNo, state: 'succeeded' },
  ]);
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'paid', refundedFen: 0 });
  expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toEqual([]);
});

it('20 late REFUND.SUCCESS notifications of a refund taken as failed, raced with its re-sending: refunded once, taken back once', async () => {
  const orderNo = await wxOrderPaidAtProvider();
  await notify(t, t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!));
  const operator = await t.buildOperator('admin');
  const wxpay = t.app.deps.payments.wxpay!;
  const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
  const queryRefund = wxpay.queryRefund;
  // WeChat paid it, but its notification was lost and its query knew nothing of it for a day.
  t.paymentSandbox.deliver = async () => false;
  wxpay.queryRefund = async () => ({ state: 'unknown' });
  try {
    await t.call(
      Calls.consolePayRefund,
      { orderNo, amountFen: 100_000, reason: '退款' },
      { session: operator.session },
    );
    await t.paymentSandbox.idle();
    t.clock.advance(25 * 3600);
    await queryPendingRefunds(paymentDeps(t.app));
  } finally {
    t.paymentSandbox.deliver = deliver;
    wxpay.queryRefund = queryRefund;
  }
  const [refund] = t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds;
  expect(await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo))).toMatchObject([
    { refundNo: refund!.refundNo, state: 'failed' },
  ]);
  const resource = {
    mchid: '1900000109',
    out_trade_no: orderNo,
    out_refund_no: refund!.refundNo,
    refund_id: refund!.refundId,
    refund_status: 'SUCCESS',
    amount: { total: 499_900, refund: 100_000 },
  };
  const [answers, resent] = await Promise.all([
    Promise.all(
      Array.from({ length: 20 }, () =>
        notify(t, t.paymentSandbox.wxNotification(resource, { eventType: 'REFUND.SUCCESS', resource: 'refund' })),
      ),
    ),
    Promise.all(
      Array.from({ length: 3 }, () =>
        t.call(Calls.consolePayRefundRetry, { refundNo: refund!.refundNo }, { session: operator.session }),
      ),
    ),
  ]);
  await t.paymentSandbox.idle();
  expect(answers.every((a) => a.status === 200)).toBe(true);
  expect(resent.every((a) => a.body.codeFlag === CodeFlag.ok || a.body.codeFlag === CodeFlag.conflict)).toBe(true);
  expect(await orderRow(t, orderNo)).toMatchObject({ state: 'partly_refunded', refundedFen: 100_000 });
  expect(purpose.refunded.filter((r) => r.orderNo === orderNo)).toHaveLength(1);
  expect(t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds).toHaveLength(1);
  expect((await transitionsOf(t, orderNo)).filter((tr) => tr.toState === 'partly_refunded')).toHaveLength(1);
});

it('a transfer confirmed while the online payment is notified 10 times: paid once, the other payment owed back once', async () => {
  for (let round = 0; round < 3; round++) {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const orderNo = await buildPaymentOrder(t, owner);
    await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: owner.session });
    await t.call(
      Calls.payOfflineSlip,
      { orderNo, fileId: await uploadSlip(t, owner.session) },
      { session: owner.session },
    );
    await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
    t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
    const operator = await t.buildOperator('admin');
    const queue = await t.call(Calls.consolePayOfflineQueue, {}, { session: operator.session });
    const slipId = queue.body.data!.find((item) => item.orderNo === orderNo)!.slipId;
    const transaction = t.paymentSandbox.wxTransactionOf(orderNo)!;
    const [confirmed, answers] = await Promise.all([
      t.call(Calls.consolePayOfflineConfirm, { slipId }, { session: operator.session }),
      Promise.all(Array.from({ length: 10 }, () => notify(t, t.paymentSandbox.wxNotification(transaction)))),
    ]);
    await t.paymentSandbox.idle();
    expect(confirmed.body.codeFlag).toBe(CodeFlag.ok);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const order = await orderRow(t, orderNo);
    expect(order).toMatchObject({ state: 'paid', refundedFen: 0 });
    expect(purpose.paidTimes(orderNo)).toBe(1);
    // Whichever came second is owed back, whole, once: by bank (the transfer) or through WeChat Pay.
    const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject(
      order.paidChannel === 'wxpay'
        ? { channel: 'offline', state: 'pending', secondPaymentTransactionId: `offline:${slipId}`, amountFen: 499_900 }
        : { channel: 'wxpay', secondPaymentTransactionId: transaction.transaction_id, amountFen: 499_900 },
    );
  }
});

it('10 operators recording one bank refund as paid back at once: succeeded once', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const orderNo = await buildPaymentOrder(t, owner);
  await t.call(Calls.payCreate, { orderNo, channel: 'offline' }, { session: owner.session });
  await t.call(
    Calls.payOfflineSlip,
    { orderNo, fileId: await uploadSlip(t, owner.session) },
    { session: owner.session },
  );
  await t.call(Calls.payCreate, { orderNo, channel: 'wxpay' }, { session: owner.session });
  t.paymentSandbox.decide('wxpay', orderNo, 'pay', { notify: false });
  await notify(t, t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!));
  const operators = await Promise.all(Array.from({ length: 10 }, () => t.buildOperator('admin')));
  const queue = await t.call(Calls.consolePayOfflineQueue, {}, { session: operators[0]!.session });
  const slipId = queue.body.data!.find((item) => item.orderNo === orderNo)!.slipId;
  const confirmed = await t.call(Calls.consolePayOfflineConfirm, { slipId }, { session: operators[0]!.session });
  const refundNo = confirmed.body.data!.refunds[0]!.refundNo;
  const answers = await Promise.all(
    operators.map((operator, i) =>
      t.call(Calls.consolePayRefundDone, { refundNo, reference: `BANK${i}` }, { session: operator.session }),
    ),
  );
  expect(answers.filter((a) => a.body.codeFlag === CodeFlag.ok)).toHaveLength(1);
  expect(answers.filter((a) => a.body.codeFlag === CodeFlag.conflict)).toHaveLength(9);
  const [refund] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
  expect(refund).toMatchObject({ state: 'succeeded', providerRefundId: expect.stringMatching(/^BANK\d$/) });
  expect(
    (await transitionsOf(t, orderNo)).filter(
      (tr) => (tr.details as { secondPaymentRefunded?: string }).secondPaymentRefunded,
    ),
  ).toHaveLength(1);
});

if (process.env.TEST_DATABASE_URL) {
  describe('a refund taken as failed without the provider saying so (unconfirmed)', () => {
    it('new refunds racing its re-sending never ask for more than was paid: its money goes back once', async () => {
      for (let round = 0; round < 3; round++) {
        const orderNo = await wxOrderPaidAtProvider();
        await notify(t, t.paymentSandbox.wxNotification(t.paymentSandbox.wxTransactionOf(orderNo)!));
        const operators = await Promise.all(Array.from({ length: 8 }, () => t.buildOperator('admin')));
        const wxpay = t.app.deps.payments.wxpay!;
        const deliver = t.paymentSandbox.deliver.bind(t.paymentSandbox);
        const { queryRefund, refund } = wxpay;
        // 300 yuan refunded: WeChat paid it, but its notification was lost and its query knew nothing of it
        // for a day, so the job took it as failed.
        t.paymentSandbox.deliver = async () => false;
        wxpay.queryRefund = async () => ({ state: 'unknown' });
        try {
          await t.call(
            Calls.consolePayRefund,
            { orderNo, amountFen: 300_000, reason: '退款' },
            { session: operators[0]!.session },
          );
          await t.paymentSandbox.idle();
          t.clock.advance(25 * 3600);
          await queryPendingRefunds(paymentDeps(t.app));
        } finally {
          t.paymentSandbox.deliver = deliver;
          wxpay.queryRefund = queryRefund;
        }
        const [unconfirmed] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
        expect(unconfirmed).toMatchObject({ state: 'failed', failure: 'unconfirmed' });
        // Every refund asked of WeChat from now on, by number: never more in all than the 4,999 yuan paid.
        const asked = new Map<string, number>([[unconfirmed!.refundNo, 300_000]]);
        wxpay.refund = (request) => {
          asked.set(request.refundNo, request.amountFen);
          return refund.call(wxpay, request);
        };
        let answers: { body: { codeFlag: number } }[];
        try {
          // Two operators send it again while six refund the order anew: the same 300 yuan (what an operator
          // does who thinks it failed), or the 199 yuan left.
          answers = await Promise.all(
            operators.map((operator, i) =>
              i < 2
                ? t.call(
                    Calls.consolePayRefundRetry,
                    { refundNo: unconfirmed!.refundNo },
                    { session: operator.session },
                  )
                : t.call(
                    Calls.consolePayRefund,
                    { orderNo, amountFen: i < 5 ? 300_000 : 199_900, reason: '重退' },
                    { session: operator.session },
                  ),
            ),
          );
          await t.paymentSandbox.idle();
        } finally {
          wxpay.refund = refund;
        }
        const flags = answers.map((a) => a.body.codeFlag);
        console.log(`unconfirmed refund resent while refunded anew: ${flags.join(',')}`);
        expect([...asked.values()].reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(499_900);
        // Nothing was refused by WeChat: nothing was asked of it beyond what is left.
        expect(flags).not.toContain(CodeFlag.paymentFailed);
        expect(flags.slice(0, 2).filter((f) => f === CodeFlag.ok)).toHaveLength(1);
        expect(flags.slice(2, 5)).toEqual([CodeFlag.invalidInput, CodeFlag.invalidInput, CodeFlag.invalidInput]);
        expect(flags.slice(5).filter((f) => f === CodeFlag.ok)).toHaveLength(1);
        const atWeChat = t.paymentSandbox.trade(orderNo, 'wxpay')!.refunds;
        expect(atWeChat.map((r) => r.amountFen).sort()).toEqual([199_900, 300_000]);
        const order = await orderRow(t, orderNo);
        expect(order).toMatchObject({ state: 'refunded', refundedFen: 499_900 });
        const refunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderNo, orderNo));
        expect(
          refunds
            .filter((r) => r.state === 'succeeded')
            .map((r) => r.amountFen)
            .sort(),
        ).toEqual([199_900, 300_000]);
        expect(
          purpose.refunded
            .filter((r) => r.orderNo === orderNo)
            .map((r) => r.refundFen)
            .sort(),
        ).toEqual([199_900, 300_000]);
      }
    });
  });
}
