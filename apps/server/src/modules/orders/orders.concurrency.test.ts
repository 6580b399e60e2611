import { Calls, CodeFlag } from '@metal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { uploadSlip } from '../../../test/payment-fixtures';
import { answerAfterOwnEvents } from '../../platform/delivery';
import { stocks } from '../stocks/stocks.table';
import { expireDueOrders } from './orders.service';
import { tradeOrderCheckouts, tradeOrderItems, tradeOrders, tradeOrderTransitions } from './orders.table';

// Orders raced against each other, against shipping and against the expiry job. On PostgreSQL
// (TEST_DATABASE_URL) the calls run on separate connections of the pool, so these are real races; on
// PGlite they serialise. Each prints its figures.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
const as = (person: Person) => ({ session: person.session });
const HOUR = 3_600_000;

async function company() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

const stockRow = async (id: number) => (await t.db.select().from(stocks).where(eq(stocks.id, id)))[0]!;

it('100 buyers race for a 10-ton lot in 1-ton orders: exactly 10 reserved, 90 refused clearly; cancelling all gives every ton back', {
  timeout: 600_000,
}, async () => {
  const seller = await company();
  const lot = await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: true });
  const buyers: Person[] = [];
  for (let i = 0; i < 100; i++) buyers.push(await company());
  const answers = await Promise.all(
    buyers.map((buyer) => t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, as(buyer))),
  );
  const won = answers.filter((a) => a.body.codeFlag === CodeFlag.ok);
  const refused = answers.filter((a) => a.body.codeFlag === CodeFlag.conflict);
  const messages = [...new Set(refused.map((a) => a.body.mesg))];
  const after = await stockRow(lot.id);
  const orders = await t.db.select().from(tradeOrderItems).where(eq(tradeOrderItems.stockId, lot.id));
  console.log(
    `race for 10 t: ${won.length} orders made, ${refused.length} refused (${messages.join(' | ')}), ` +
      `${orders.reduce((s, o) => s + o.quantityKg, 0) / 1000} t reserved, lot left ${after.quantityKg / 1000} t (${after.status})`,
  );
  expect(won).toHaveLength(10);
  expect(refused).toHaveLength(90);
  expect(messages.every((m) => m === '“铝锭”已售罄' || /^“铝锭”库存不足，当前可购\d+(\.\d+)?吨$/.test(m))).toBe(true);
  expect(orders.reduce((s, o) => s + o.quantityKg, 0)).toBe(10_000);
  expect(after).toMatchObject({ quantityKg: 0, status: 'soldOut' });

  const winners = buyers.filter((_, i) => answers[i]!.body.codeFlag === CodeFlag.ok);
  const cancels = await Promise.all(
    winners.map((buyer, i) =>
      t.call(
        Calls.orderCancel,
        { orderId: answers[buyers.indexOf(buyer)]!.body.data!.orders[0]!.orderId, reason: 'buyer_changed_mind' },
        as(winners[i]!),
      ),
    ),
  );
  const back = await stockRow(lot.id);
  console.log(
    `cancel all 10 at once: ${cancels.filter((c) => c.body.codeFlag === CodeFlag.ok).length} cancelled, lot back to ${back.quantityKg / 1000} t (${back.status})`,
  );
  expect(cancels.every((c) => c.body.codeFlag === CodeFlag.ok)).toBe(true);
  expect(back).toMatchObject({ quantityKg: 10_000, status: 'sale' });
});

/** Paid (by transfer) orders of 1 t each from a 20-ton lot, one buyer each. */
async function paidOrders(n: number) {
  const seller = await company();
  const lot = await t.buildStock(seller.user.id, { quantityKg: n * 1000, splittable: true });
  const made: { buyer: Person; orderId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const buyer = await company();
    const created = await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, as(buyer));
    made.push({ buyer, orderId: created.body.data!.orders[0]!.orderId });
  }
  return { seller, lot, made };
}

async function quoteAndAgree(seller: Person, buyer: Person, orderId: number) {
  const order = (await t.call(Calls.orderDetail, { orderId }, as(seller))).body.data!;
  await t.call(
    Calls.orderQuote,
    { orderId, items: order.items.map((i) => ({ itemId: i.id, unitPrice: '20000' })), deliveryMethod: 'delivery' },
    as(seller),
  );
  await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' }, as(buyer));
}

it('cancel racing ship: each order ends either cancelled (its ton back) or shipped (deducted), never both', {
  timeout: 600_000,
}, async () => {
  const { seller, lot, made } = await paidOrders(20);
  for (const { buyer, orderId } of made) {
    await quoteAndAgree(seller, buyer, orderId);
    await t.call(Calls.orderPaySlip, { orderId, fileIds: [await uploadSlip(t, buyer.session)] }, as(buyer));
    await t.call(Calls.orderConfirmPaid, { orderId }, as(seller));
  }
  const raced = await Promise.all(
    made.map(({ orderId }) =>
      Promise.all([
        t.call(Calls.orderCancel, { orderId, reason: 'seller_cannot_deliver' }, as(seller)),
        t.call(Calls.orderShip, { orderId, logisticsNote: '德邦物流', vehiclePlate: '粤A12345' }, as(seller)),
      ]),
    ),
  );
  const ids = made.map((m) => m.orderId);
  const rows = await t.db.select().from(tradeOrders).where(inArray(tradeOrders.id, ids));
  const cancelled = rows.filter((r) => r.state === 'cancelled').length;
  const shipped = rows.filter((r) => r.state === 'shipped').length;
  const bothOk = raced.filter(([c, s]) => c.body.codeFlag === CodeFlag.ok && s.body.codeFlag === CodeFlag.ok).length;
  const after = await stockRow(lot.id);
  const holds = await t.db.select().from(tradeOrderItems).where(inArray(tradeOrderItems.orderId, ids));
  console.log(
    `cancel vs ship on 20 paid orders: ${cancelled} cancelled, ${shipped} shipped, ${bothOk} where both calls succeeded; ` +
      `lot back to ${after.quantityKg / 1000} t, ${holds.filter((h) => h.stockHold === 'deducted').length} lines deducted`,
  );
  expect(cancelled + shipped).toBe(20);
  expect(bothOk).toBe(0);
  expect(raced.every(([c, s]) => (c.body.codeFlag === CodeFlag.ok) !== (s.body.codeFlag === CodeFlag.ok))).toBe(true);
  expect(after.quantityKg).toBe(cancelled * 1000);
  expect(holds.filter((h) => h.stockHold === 'released')).toHaveLength(cancelled);
  expect(holds.filter((h) => h.stockHold === 'deducted')).toHaveLength(shipped);
});

/** `count` agreed offline-transfer orders, each with a slip handed in, and each order's slip id. */
async function ordersWaitingOnASlip(count: number) {
  const { seller, made } = await paidOrders(count);
  const slipIds = new Map<number, number>();
  for (const { buyer, orderId } of made) {
    await quoteAndAgree(seller, buyer, orderId);
    const submitted = await t.call(
      Calls.orderPaySlip,
      { orderId, fileIds: [await uploadSlip(t, buyer.session)] },
      as(buyer),
    );
    slipIds.set(orderId, submitted.body.data!.slips.at(-1)!.id);
  }
  return { seller, made, slipIds };
}

it('a slip returned racing the payment confirmed: a paid order is never sent back, and each step is recorded once', {
  timeout: 600_000,
}, async () => {
  const { seller, made, slipIds } = await ordersWaitingOnASlip(10);
  const raced = await Promise.all(
    made.map(({ orderId }) =>
      Promise.all([
        t.call(Calls.orderRejectSlip, { orderId, slipId: slipIds.get(orderId)!, note: '未收到款项' }, as(seller)),
        t.call(Calls.orderConfirmPaid, { orderId }, as(seller)),
      ]),
    ),
  );
  const ids = made.map((m) => m.orderId);
  const rows = await t.db.select().from(tradeOrders).where(inArray(tradeOrders.id, ids));
  const steps = await t.db.select().from(tradeOrderTransitions).where(inArray(tradeOrderTransitions.orderId, ids));
  const returned = raced.filter(([rejected]) => rejected.body.codeFlag === CodeFlag.ok).length;
  console.log(
    `slip returned vs payment confirmed on 10 orders: ${returned} returned first, ${10 - returned} paid first`,
  );
  // Confirming is allowed from agreed too, so the confirmation always lands; a return lands only before it.
  expect(raced.every(([, confirmed]) => confirmed.body.codeFlag === CodeFlag.ok)).toBe(true);
  for (const [rejected] of raced) expect([CodeFlag.ok, CodeFlag.conflict]).toContain(rejected.body.codeFlag);
  expect(rows.every((row) => row.state === 'paid')).toBe(true);
  expect(steps.filter((s) => s.fromState === 'payment_submitted' && s.toState === 'agreed')).toHaveLength(returned);
  expect(steps.filter((s) => s.toState === 'paid')).toHaveLength(10);
  expect(steps.filter((s) => s.fromState === 'paid')).toHaveLength(0);
});

it('a slip returned racing a new slip from the buyer: the new slip is never returned unseen, each step recorded once', {
  timeout: 600_000,
}, async () => {
  const { seller, made, slipIds: seen } = await ordersWaitingOnASlip(10);
  const newSlips = await Promise.all(made.map(({ buyer }) => uploadSlip(t, buyer.session)));
  // The seller returns the slip it looked at while the buyer hands in another.
  const raced = await Promise.all(
    made.map(({ buyer, orderId }, i) =>
      Promise.all([
        t.call(Calls.orderRejectSlip, { orderId, slipId: seen.get(orderId)!, note: '未收到款项' }, as(seller)),
        t.call(Calls.orderPaySlip, { orderId, fileIds: [newSlips[i]!] }, as(buyer)),
      ]),
    ),
  );
  const ids = made.map((m) => m.orderId);
  const rows = await t.db.select().from(tradeOrders).where(inArray(tradeOrders.id, ids));
  const steps = await t.db.select().from(tradeOrderTransitions).where(inArray(tradeOrderTransitions.orderId, ids));
  const returned = raced.filter(([rejected]) => rejected.body.codeFlag === CodeFlag.ok).length;
  const refused = raced.filter(([rejected]) => rejected.body.codeFlag === CodeFlag.invalidInput);
  console.log(
    `slip returned vs new slip on 10 orders: ${returned} returned before the new slip, ${refused.length} refused as replaced`,
  );
  expect(raced.every(([, handedIn]) => handedIn.body.codeFlag === CodeFlag.ok)).toBe(true);
  expect(returned + refused.length).toBe(10);
  expect(refused.every(([rejected]) => rejected.body.mesg === '买方已更换付款凭证，请查看新凭证后再操作')).toBe(true);
  // Whichever came first, every order ends waiting for the seller to look at the new slip.
  expect(rows.every((row) => row.state === 'payment_submitted')).toBe(true);
  expect(steps.filter((s) => s.fromState === 'payment_submitted' && s.toState === 'agreed')).toHaveLength(returned);
  expect(steps.filter((s) => s.fromState === 'agreed' && s.toState === 'payment_submitted')).toHaveLength(
    10 + returned,
  );
});

it('payment confirmation racing expiry: each overdue order ends paid or expired, once, stock released only for the expired', {
  timeout: 600_000,
}, async () => {
  const start = t.clock.now();
  const { seller, lot, made } = await paidOrders(20);
  for (const { buyer, orderId } of made) await quoteAndAgree(seller, buyer, orderId);
  // Past every payment deadline: the job and the seller's confirmation arrive together.
  t.clock.set(new Date(start.getTime() + 4 * 24 * HOUR));
  const [confirms] = await Promise.all([
    Promise.all(made.map(({ orderId }) => t.call(Calls.orderConfirmPaid, { orderId }, as(seller)))),
    answerAfterOwnEvents(() => expireDueOrders({ db: t.db, clock: t.clock })),
  ]);
  const ids = made.map((m) => m.orderId);
  const rows = await t.db.select().from(tradeOrders).where(inArray(tradeOrders.id, ids));
  const paid = rows.filter((r) => r.state === 'paid').length;
  const expired = rows.filter((r) => r.state === 'expired').length;
  const transitions = await t.db
    .select()
    .from(tradeOrderTransitions)
    .where(inArray(tradeOrderTransitions.orderId, ids));
  const ends = transitions.filter((tr) => tr.toState === 'paid' || tr.toState === 'expired');
  const after = await stockRow(lot.id);
  console.log(
    `confirm_paid vs expiry on 20 overdue orders: ${paid} paid, ${expired} expired, ` +
      `${confirms.filter((c) => c.body.codeFlag === CodeFlag.ok).length} confirmations accepted; lot back to ${after.quantityKg / 1000} t`,
  );
  expect(paid + expired).toBe(20);
  expect(ends).toHaveLength(20);
  expect(confirms.filter((c) => c.body.codeFlag === CodeFlag.ok)).toHaveLength(paid);
  expect(after.quantityKg).toBe(expired * 1000);
});

it('checkouts of the same two sellers’ lots named in opposite orders never deadlock: every one is made, every ton reserved once', {
  timeout: 600_000,
}, async () => {
  const sellerA = await company();
  const sellerB = await company();
  const lotA = await t.buildStock(sellerA.user.id, { quantityKg: 100_000, splittable: true });
  const lotB = await t.buildStock(sellerB.user.id, { quantityKg: 100_000, splittable: true });
  const buyers: Person[] = [];
  for (let i = 0; i < 40; i++) buyers.push(await company());
  // Half name A's lot first and half B's: each checkout makes one order per seller, in the order named.
  const answers = await Promise.all(
    buyers.map((buyer, i) => {
      const lines = [
        { stockId: lotA.id, quantity: '1' },
        { stockId: lotB.id, quantity: '1' },
      ];
      return t.call(Calls.orderConfirmStock, { items: i % 2 === 0 ? lines : lines.reverse() }, as(buyer));
    }),
  );
  const made = answers.filter((a) => a.body.codeFlag === CodeFlag.ok).length;
  const faults = answers.filter((a) => a.body.codeFlag !== CodeFlag.ok).map((a) => a.body.codeFlag);
  const [afterA, afterB] = [await stockRow(lotA.id), await stockRow(lotB.id)];
  console.log(
    `opposite-order checkouts of two sellers' lots: ${made} made, refused with [${faults.join(',')}]; ` +
      `lots left ${afterA.quantityKg / 1000} t and ${afterB.quantityKg / 1000} t`,
  );
  expect(faults).toEqual([]);
  expect(afterA.quantityKg).toBe(100_000 - 40_000);
  expect(afterB.quantityKg).toBe(100_000 - 40_000);
});

it('a seller saving the tons their form showed, racing orders on the lot: no ton is ever sold twice', {
  timeout: 600_000,
}, async () => {
  const outcomes = { saved: 0, refused: 0 };
  for (let round = 0; round < 6; round++) {
    const seller = await company();
    const lot = await t.buildStock(seller.user.id, { quantityKg: 30_000, splittable: true });
    const buyers: Person[] = [];
    for (let i = 0; i < 10; i++) buyers.push(await company());
    // The seller opened the form at 30 t and saves it (all fields as the form sends them) while buyers
    // order; the save is sent first in even rounds, last in odd ones.
    const save = () =>
      t.call(
        Calls.stockSave,
        {
          id: lot.id,
          sortId: 13,
          quantity: '30',
          pieceWeight: '0.025',
          productName: '铝锭',
          priceType: 'fixed',
          price: '20500',
          seenQuantityKg: 30_000,
        },
        as(seller),
      );
    const order = (buyer: Person) =>
      t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, as(buyer));
    const saveFirst = round % 2 === 0;
    const early = saveFirst ? save() : undefined;
    const ordering = buyers.map(order);
    const saved = await (early ?? save());
    const answers = await Promise.all(ordering);
    const made = answers.filter((a) => a.body.codeFlag === CodeFlag.ok).length;
    const reserved = (await t.db.select().from(tradeOrderItems).where(eq(tradeOrderItems.stockId, lot.id))).reduce(
      (sum, item) => sum + item.quantityKg,
      0,
    );
    const after = await stockRow(lot.id);
    expect(reserved).toBe(made * 1000);
    if (saved.body.codeFlag === CodeFlag.ok) {
      // Saved before any order took a ton: every later order found the lot back in review.
      outcomes.saved++;
      expect(made).toBe(0);
      expect(after).toMatchObject({ quantityKg: 30_000, status: 'review' });
    } else {
      outcomes.refused++;
      expect(saved.body.codeFlag).toBe(CodeFlag.conflict);
      expect(made).toBeGreaterThan(0);
      expect(after.quantityKg + reserved).toBe(30_000);
    }
  }
  console.log(
    `seller's save racing 10 orders, 6 rounds: saved ${outcomes.saved}, refused as stale ${outcomes.refused}`,
  );
});

/** One checkout of two sellers' lots: 5 t of a 30-ton splittable lot and the whole of a 10-ton lot. */
async function twoSellerCheckout() {
  const [sellerA, sellerB, buyer] = [await company(), await company(), await company()];
  const split = await t.buildStock(sellerA.user.id, { quantityKg: 30_000, splittable: true });
  const whole = await t.buildStock(sellerB.user.id, { quantityKg: 10_000, splittable: false });
  const items = [
    { stockId: split.id, quantity: '5' },
    { stockId: whole.id, quantity: '10' },
  ];
  return { buyer, split, whole, items };
}

const linesOfLots = (...stockIds: number[]) =>
  t.db.select().from(tradeOrderItems).where(inArray(tradeOrderItems.stockId, stockIds));

it('8 submits of one checkout attempt at once (one requestId): one set of orders, every submit answered with it, each lot taken once', {
  timeout: 600_000,
}, async () => {
  for (let round = 0; round < 3; round++) {
    const { buyer, split, whole, items } = await twoSellerCheckout();
    const requestId = `race-round-${round}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => t.call(Calls.orderConfirmStock, { items, requestId }, as(buyer))),
    );
    const flags = answers.map((a) => a.body.codeFlag);
    const orderIds = new Set(answers.map((a) => JSON.stringify(a.body.data?.orders.map((o) => o.orderId))));
    const lines = await linesOfLots(split.id, whole.id);
    const [afterSplit, afterWhole] = [await stockRow(split.id), await stockRow(whole.id)];
    console.log(
      `8 submits of one checkout, round ${round}: codeFlags [${flags.join(',')}], ${orderIds.size} distinct answer(s), ` +
        `${lines.length} order lines; lots left ${afterSplit.quantityKg / 1000} t and ${afterWhole.quantityKg / 1000} t`,
    );
    expect(flags).toEqual(Array(8).fill(CodeFlag.ok));
    expect(orderIds.size).toBe(1);
    expect(answers[0]!.body.data!.orders).toHaveLength(2);
    expect(lines).toHaveLength(2);
    expect(afterSplit.quantityKg).toBe(25_000);
    expect(afterWhole).toMatchObject({ quantityKg: 0, status: 'soldOut' });
    expect(
      await t.db.select().from(tradeOrderCheckouts).where(eq(tradeOrderCheckouts.buyerRootId, buyer.user.rootId)),
    ).toMatchObject([{ requestId, orders: answers[0]!.body.data!.orders }]);
  }
});

// A repeat arriving while the first submit is still in flight. Only on PostgreSQL (TEST_DATABASE_URL),
// where each call runs on a connection of its own while the test holds a lot's row; on PGlite one
// transaction at a time holds the one connection.
if (process.env.TEST_DATABASE_URL) {
  describe('a repeat of a checkout attempt while the first is still in flight', () => {
    it('waits for the first and answers its orders; nothing is reserved twice', async () => {
      const { buyer, split, whole, items } = await twoSellerCheckout();
      const answered: string[] = [];
      const submit = (name: string) =>
        t.call(Calls.orderConfirmStock, { items, requestId: 'in-flight-0001' }, as(buyer)).then((answer) => {
          answered.push(name);
          return answer;
        });
      let first: ReturnType<typeof submit> | undefined;
      let repeat: ReturnType<typeof submit> | undefined;
      await t.db.transaction(async (tx) => {
        // The lot's row held: the first submit claims the attempt, then waits to reserve.
        await tx.select().from(stocks).where(eq(stocks.id, split.id)).for('update');
        first = submit('first');
        await new Promise((resolve) => setTimeout(resolve, 300));
        repeat = submit('repeat');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(answered).toEqual([]);
      });
      const [a, b] = [await first!, await repeat!];
      expect(a.body.codeFlag).toBe(CodeFlag.ok);
      expect(b.body).toMatchObject({ codeFlag: CodeFlag.ok, data: a.body.data });
      expect(await linesOfLots(split.id, whole.id)).toHaveLength(2);
      expect((await stockRow(split.id)).quantityKg).toBe(25_000);
    });
  });
}
