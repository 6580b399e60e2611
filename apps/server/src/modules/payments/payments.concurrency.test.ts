import { Calls } from '@metal/shared';
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
import { closeExpiredOrders } from './payments.service';

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
