import { Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { PaymentOrderFacts } from '../payments/payments.purposes';
import { paymentOrders } from '../payments/payments.table';
import { addShanghaiMonths } from './memberships.entitlements';
import { membershipFulfilment } from './memberships.fulfilment';
import { dynamicViewBalances, entitlements } from './memberships.table';

// Payments' callbacks and users' calls at the same moment. On PostgreSQL (TEST_DATABASE_URL) each runs on
// its own connection of the pool, so these are real races; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function planOf(kind: 'certified_supplier' | 'dynamic_view', index: number) {
  return (await t.call(Calls.vipPlans, { kind })).body.data!.list[index]!;
}

/** Opens the plan through `vip/open` and answers its payment order as payments hands it to the fulfilment. */
async function bought(owner: { session: string }, planId: number): Promise<PaymentOrderFacts> {
  const opened = await t.call(Calls.vipOpen, { planId, agree: 1 }, { session: owner.session });
  const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, opened.body.data!.orderNo));
  return {
    orderNo: order!.orderNo,
    purpose: 'membership',
    purposeRef: order!.purposeRef,
    userId: order!.userId,
    rootId: order!.rootId,
    amountFen: order!.amountFen,
    subject: order!.subject,
  };
}

it('two purchases for one company paid at the same moment add both periods end to end', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const half = await planOf('certified_supplier', 0);
  const year = await planOf('certified_supplier', 1);
  const orders = [await bought(owner, half.id), await bought(owner, year.id)];
  const now = t.clock.now();
  await Promise.all(
    orders.map((order) => t.db.transaction((tx) => membershipFulfilment.paid(tx, order, now, t.clock))),
  );
  const periods = (await t.db.select().from(entitlements).where(eq(entitlements.userId, owner.user.id))).sort(
    (a, b) => a.startsAt.getTime() - b.startsAt.getTime(),
  );
  expect(periods).toHaveLength(2);
  expect(periods[0]!.startsAt).toEqual(now);
  expect(periods[1]!.startsAt).toEqual(periods[0]!.endsAt);
  // Whichever was paid first comes first; either way the two lie end to end and end 18 months from now.
  expect([addShanghaiMonths(now, 6), addShanghaiMonths(now, 12)]).toContainEqual(periods[0]!.endsAt);
  expect(periods[1]!.endsAt).toEqual(addShanghaiMonths(now, 18));
});

it('twelve dynamic_view/use calls at once on one day deduct one use', async () => {
  const user = await t.buildUser();
  await t.db.insert(dynamicViewBalances).values({ userId: user.user.id, remaining: 5, trialUsedAt: t.clock.now() });
  const answers = await Promise.all(
    Array.from({ length: 12 }, () => t.call(Calls.dynamicViewUse, {}, { session: user.session })),
  );
  expect(answers.map((a) => a.body.codeFlag)).toEqual(Array(12).fill(CodeFlag.ok));
  expect(answers.filter((a) => a.body.data?.paidBy === 'count')).toHaveLength(1);
  const [balance] = await t.db.select().from(dynamicViewBalances).where(eq(dynamicViewBalances.userId, user.user.id));
  expect(balance?.remaining).toBe(4);
});

it('the free trial is given once however many first uses arrive at once', async () => {
  const user = await t.buildUser();
  const answers = await Promise.all(
    Array.from({ length: 8 }, () => t.call(Calls.dynamicViewUse, {}, { session: user.session })),
  );
  expect(answers.map((a) => a.body.data?.paidBy).sort()).toEqual([
    'today',
    'today',
    'today',
    'today',
    'today',
    'today',
    'today',
    'trial',
  ]);
});

it("part refunds of two of one company's periods settled at once take back both shares, end to end", async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const half = await planOf('certified_supplier', 0);
  const orders = [await bought(owner, half.id), await bought(owner, half.id)];
  const now = t.clock.now();
  for (const order of orders) await t.db.transaction((tx) => membershipFulfilment.paid(tx, order, now, t.clock));
  const firstEnd = addShanghaiMonths(now, 6);
  const firstCut = Math.round((firstEnd.getTime() - now.getTime()) / 2);
  const secondCut = Math.round((addShanghaiMonths(firstEnd, 6).getTime() - firstEnd.getTime()) / 2);
  await Promise.all(
    orders.map((order) =>
      t.db.transaction((tx) => membershipFulfilment.refunded(tx, order, order.amountFen / 2, t.clock)),
    ),
  );
  const periods = (await t.db.select().from(entitlements).where(eq(entitlements.userId, owner.user.id)))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())
    .map((row) => [row.startsAt.getTime(), row.endsAt.getTime()]);
  const firstStays = firstEnd.getTime() - firstCut;
  expect(periods).toEqual([
    [now.getTime(), firstStays],
    [firstStays, addShanghaiMonths(firstEnd, 6).getTime() - firstCut - secondCut],
  ]);
});
