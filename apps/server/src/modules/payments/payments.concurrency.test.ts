import { Calls } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import {
  buildPaymentOrder,
  countingPurpose,
  notify,
  orderRow,
  paymentSnapshot,
  transitionsOf,
} from '../../../test/payment-fixtures';
import { paymentDeps } from './payments.routes';
import { closeExpiredOrders, queryPendingRefunds } from './payments.service';
import { paymentRefunds } from './payments.table';

// Callbacks raced against each other and against the close job. On PostgreSQL (TEST_DATABASE_URL) the
// requests run on separate connections of the pool, so these are real races; on PGlite they serialise.

const purpose = countingPurpose();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ modules: purpose.modules });
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
