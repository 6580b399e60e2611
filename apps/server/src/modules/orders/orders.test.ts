import { Calls, ChatActionType, ChatContentType, CodeFlag, type TOrder, translate } from '@metal/shared';
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, quoteFields } from '../../../test/inquiry-fixtures';
import { uploadSlip } from '../../../test/payment-fixtures';
import { answerAfterOwnEvents } from '../../platform/delivery';
import { cartItems } from '../cart/cart.table';
import { chatMessages } from '../chat/chat.table';
import { notices } from '../notices/notices.table';
import { stocks } from '../stocks/stocks.table';
import { tradeOrderFulfilment } from './orders.fulfilment';
import { CHECKOUT_KEPT_DAYS, expireDueOrders, forgetOldCheckouts } from './orders.service';
import {
  tradeOrderCheckouts,
  tradeOrderItems,
  tradeOrderProxies,
  tradeOrderSlips,
  tradeOrders,
  tradeOrderTransitions,
} from './orders.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const START = new Date('2026-11-20T02:00:00Z');
const HOUR = 3_600_000;
beforeEach(() => t.clock.set(START));

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
const fixtures = inquiryFixtures(() => t);

async function company() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

const as = (person: Person) => ({ session: person.session });

function ok<T>(answer: { body: { codeFlag: number; mesg: string; data?: T } }): T {
  if (answer.body.codeFlag !== CodeFlag.ok) throw new Error(`codeFlag ${answer.body.codeFlag}: ${answer.body.mesg}`);
  return answer.body.data as T;
}

const stockRow = async (id: number) => (await t.db.select().from(stocks).where(eq(stocks.id, id)))[0]!;
const orderRow = async (id: number) => (await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, id)))[0]!;
const orderCount = async () => (await t.db.select({ n: count() }).from(tradeOrders))[0]!.n;
/** The id of the order's latest slip, as its detail shows it last; 1 (no slip of it) when it has none. */
const latestSlipId = async (orderId: number) =>
  (
    await t.db
      .select({ id: tradeOrderSlips.id })
      .from(tradeOrderSlips)
      .where(eq(tradeOrderSlips.orderId, orderId))
      .orderBy(desc(tradeOrderSlips.id))
      .limit(1)
  )[0]?.id ?? 1;

/** A seller with a 30-ton splittable lot at 20,500 yuan per ton, and a buyer who ordered `tons` of it. */
async function ordered(tons = '5', lot: Partial<typeof stocks.$inferInsert> = {}) {
  const seller = await company();
  const buyer = await company();
  const stock = await t.buildStock(seller.user.id, { splittable: true, ...lot });
  const created = ok(
    await t.call(
      Calls.orderConfirmStock,
      { items: [{ stockId: stock.id, quantity: tons }], remark: '尽快发货' },
      as(buyer),
    ),
  );
  return { seller, buyer, stock, orderId: created.orders[0]!.orderId };
}

const quote = (seller: Person, orderId: number, order: TOrder, price = '20400') =>
  t.call(
    Calls.orderQuote,
    {
      orderId,
      items: order.items.map((item) => ({ itemId: item.id, unitPrice: price })),
      freight: '500',
      deliveryMethod: 'delivery',
      deliveryDate: '2026-11-25',
      validHours: 24,
    },
    as(seller),
  );

async function detail(person: Person, orderId: number) {
  return ok(await t.call(Calls.orderDetail, { orderId }, as(person)));
}

/** An order walked to `state` through the calls. */
async function orderIn(state: 'awaiting_quote' | 'quoted' | 'agreed' | 'payment_submitted' | 'paid' | 'shipped') {
  const made = await ordered();
  const { seller, buyer, orderId } = made;
  if (state === 'awaiting_quote') return made;
  ok(await quote(seller, orderId, await detail(seller, orderId)));
  if (state === 'quoted') return made;
  ok(await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' }, as(buyer)));
  if (state === 'agreed') return made;
  ok(await t.call(Calls.orderPaySlip, { orderId, fileIds: [await uploadSlip(t, buyer.session)] }, as(buyer)));
  if (state === 'payment_submitted') return made;
  ok(await t.call(Calls.orderConfirmPaid, { orderId }, as(seller)));
  if (state === 'paid') return made;
  ok(
    await t.call(Calls.orderShip, { orderId, logisticsNote: '德邦物流 单号123', vehiclePlate: '粤A12345' }, as(seller)),
  );
  return made;
}

describe('order/confirm_stock', () => {
  it('makes one order per seller, reserves the quantity, tells the seller and asks for a quote in chat (action 14)', async () => {
    const sellerA = await company();
    const sellerB = await company();
    const buyer = await company();
    const a1 = await t.buildStock(sellerA.user.id, { splittable: true });
    const a2 = await t.buildStock(sellerA.user.id, { quantityKg: 8_000, splittable: false });
    const b1 = await t.buildStock(sellerB.user.id, { splittable: true, priceFen: 7_000_000, sortId: 40 });
    const created = ok(
      await t.call(
        Calls.orderConfirmStock,
        {
          items: [
            { stockId: a1.id, quantity: '2.5' },
            { stockId: b1.id, quantity: '1' },
            { stockId: a2.id, quantity: '8' },
          ],
        },
        as(buyer),
      ),
    );
    expect(created.orders).toHaveLength(2);
    expect(created.orders[0]!.orderNo).toMatch(/^TO\d{20}$/);
    expect((await stockRow(a1.id)).quantityKg).toBe(27_500);
    // The whole non-splittable lot: sold out at zero.
    expect(await stockRow(a2.id)).toMatchObject({ quantityKg: 0, status: 'soldOut' });
    expect((await stockRow(b1.id)).quantityKg).toBe(29_000);
    const orderA = await detail(buyer, created.orders[0]!.orderId);
    expect(orderA).toMatchObject({ state: 'awaiting_quote', side: 'buyer', itemCount: 2, totalKg: 10_500 });
    expect(orderA.seller.rootId).toBe(sellerA.user.rootId);
    expect(orderA.totalFen).toBe(Math.round((2_050_000 * 10_500) / 1000));
    expect(orderA.actions).toEqual(['cancel']);
    expect((await detail(sellerA, orderA.id)).actions).toEqual(['quote', 'cancel']);
    const [notice] = await t.db.select().from(notices).where(eq(notices.userId, sellerA.user.id));
    expect(notice?.messageKey).toBe('notice.orderPlaced');
    const [message] = await t.db.select().from(chatMessages).where(eq(chatMessages.receiveUserId, sellerA.user.id));
    expect(JSON.parse(message!.info)).toEqual({
      actionType: ChatActionType.notifySupplierToQuote,
      actionInfo: { orderId: orderA.id },
    });
  });

  it('refuses bad input with codeFlag 2 and a localized message, writing nothing', async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { splittable: true });
    const before = await orderCount();
    for (const items of [[], [{ stockId: stock.id, quantity: '1.2345' }], [{ stockId: stock.id, quantity: '0' }]]) {
      const answer = await t.callRaw(Calls.orderConfirmStock, { items: JSON.stringify(items) }, as(buyer));
      expect(answer.body.codeFlag).toBe(CodeFlag.invalidInput);
    }
    const english = await t.callRaw(Calls.orderConfirmStock, { items: '[]' }, { ...as(buyer), lang: 'en-US' });
    expect(english.body.mesg).toBe('Please choose at least one item');
    const twice = await t.call(
      Calls.orderConfirmStock,
      {
        items: [
          { stockId: stock.id, quantity: '1' },
          { stockId: stock.id, quantity: '2' },
        ],
      },
      as(buyer),
    );
    expect(twice.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await orderCount()).toBe(before);
    expect((await stockRow(stock.id)).quantityKg).toBe(30_000);
  });

  it('refuses own stock, part of a non-splittable lot, goods in transit (futures) and more than is left; nothing is reserved', async () => {
    const seller = await company();
    const buyer = await company();
    const whole = await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: false });
    const transit = await t.buildStock(seller.user.id, { status: 'onTheWay', splittable: true });
    const small = await t.buildStock(seller.user.id, { quantityKg: 3_000, splittable: true });
    const before = await orderCount();
    const cases = [
      { who: seller, stockId: small.id, quantity: '1', codeFlag: CodeFlag.invalidInput, mesg: '不能购买本公司的现货' },
      {
        who: buyer,
        stockId: whole.id,
        quantity: '4',
        codeFlag: CodeFlag.invalidInput,
        mesg: '“铝锭”不可拆分，只能整批购买10吨',
      },
      {
        who: buyer,
        stockId: transit.id,
        quantity: '1',
        codeFlag: CodeFlag.invalidInput,
        mesg: '“铝锭”为在途货物（期货），不能在线下单，请与卖家沟通',
      },
      {
        who: buyer,
        stockId: small.id,
        quantity: '3.5',
        codeFlag: CodeFlag.conflict,
        mesg: '“铝锭”库存不足，当前可购3吨',
      },
    ];
    for (const c of cases) {
      const answer = await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: c.stockId, quantity: c.quantity }] },
        as(c.who),
      );
      expect(answer.body).toMatchObject({ codeFlag: c.codeFlag, mesg: c.mesg });
    }
    // A checkout whose second lot fails reserves nothing of the first.
    const mixed = await t.call(
      Calls.orderConfirmStock,
      {
        items: [
          { stockId: small.id, quantity: '1' },
          { stockId: whole.id, quantity: '3' },
        ],
      },
      as(buyer),
    );
    expect(mixed.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await orderCount()).toBe(before);
    expect((await stockRow(small.id)).quantityKg).toBe(3_000);
  });

  it('takes the lots checked out out of the buyer company’s cart, and only when the orders are made', async () => {
    const seller = await company();
    const buyer = await company();
    const [bought, kept, whole] = [
      await t.buildStock(seller.user.id, { splittable: true }),
      await t.buildStock(seller.user.id, { splittable: true }),
      await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: false }),
    ];
    for (const [stock, tons] of [
      [bought, '2'],
      [kept, '1'],
      [whole, '10'],
    ] as const)
      ok(await t.call(Calls.cartAdd, { stockId: stock.id, quantity: tons }, as(buyer)));
    const cartStocks = async () =>
      (await t.db.select().from(cartItems).where(eq(cartItems.rootId, buyer.user.rootId))).map((l) => l.stockId).sort();

    // A checkout refused (part of a lot sold only whole) leaves every line where it was.
    const refused = await t.call(
      Calls.orderConfirmStock,
      {
        items: [
          { stockId: bought.id, quantity: '2' },
          { stockId: whole.id, quantity: '5' },
        ],
      },
      as(buyer),
    );
    expect(refused.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await cartStocks()).toEqual([bought.id, kept.id, whole.id].sort());

    ok(
      await t.call(
        Calls.orderConfirmStock,
        {
          items: [
            { stockId: bought.id, quantity: '2' },
            { stockId: whole.id, quantity: '10' },
          ],
        },
        as(buyer),
      ),
    );
    expect(await cartStocks()).toEqual([kept.id]);
    expect(ok(await t.call(Calls.info, {}, as(buyer))).shopCartNum).toBe(1);
  });

  it('a sold-out lot is refused as sold out', async () => {
    const { buyer, stock } = await ordered('30');
    expect(await stockRow(stock.id)).toMatchObject({ quantityKg: 0, status: 'soldOut' });
    const again = await t.call(Calls.orderConfirmStock, { items: [{ stockId: stock.id, quantity: '1' }] }, as(buyer));
    expect(again.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '“铝锭”已售罄' });
  });
});

describe('order/confirm_stock with a requestId (one checkout attempt)', () => {
  /** A seller with a 30-ton splittable lot and a whole 10-ton lot, and a buyer company. */
  async function checkout() {
    const seller = await company();
    const buyer = await company();
    const split = await t.buildStock(seller.user.id, { splittable: true });
    const whole = await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: false });
    return { seller, buyer, split, whole };
  }
  const attemptsOf = async (buyer: Person) =>
    t.db.select().from(tradeOrderCheckouts).where(eq(tradeOrderCheckouts.buyerRootId, buyer.user.rootId));

  it('a repeat answers the orders the attempt made (its lines in any order), reserving and writing nothing again', async () => {
    const { buyer, split, whole } = await checkout();
    const otherSeller = await company();
    const elsewhere = await t.buildStock(otherSeller.user.id, { splittable: true });
    const items = [
      { stockId: split.id, quantity: '2.5' },
      { stockId: elsewhere.id, quantity: '1' },
      { stockId: whole.id, quantity: '10' },
    ];
    const first = ok(await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0001' }, as(buyer)));
    expect(first.orders).toHaveLength(2);
    const before = {
      orders: await orderCount(),
      transitions: (await t.db.select({ n: count() }).from(tradeOrderTransitions))[0]!.n,
      notices: (await t.db.select({ n: count() }).from(notices))[0]!.n,
    };
    // The whole lot is sold out now: the repeat still answers the orders rather than refusing it.
    for (const repeat of [items, [...items].reverse()]) {
      const answer = await t.call(Calls.orderConfirmStock, { items: repeat, requestId: 'checkout-0001' }, as(buyer));
      expect(answer.body).toMatchObject({ codeFlag: CodeFlag.ok, data: first });
    }
    expect(await orderCount()).toBe(before.orders);
    expect((await t.db.select({ n: count() }).from(tradeOrderTransitions))[0]!.n).toBe(before.transitions);
    expect((await t.db.select({ n: count() }).from(notices))[0]!.n).toBe(before.notices);
    expect((await stockRow(split.id)).quantityKg).toBe(27_500);
    expect((await stockRow(elsewhere.id)).quantityKg).toBe(29_000);
    expect(await stockRow(whole.id)).toMatchObject({ quantityKg: 0, status: 'soldOut' });
    expect(await attemptsOf(buyer)).toMatchObject([{ requestId: 'checkout-0001', orders: first.orders }]);
  });

  it('a repeat asking for other lines is refused (codeFlag 2, in the caller’s language), writing nothing', async () => {
    const { buyer, split, whole } = await checkout();
    const first = ok(
      await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: split.id, quantity: '2' }], requestId: 'checkout-0002' },
        as(buyer),
      ),
    );
    const before = await orderCount();
    const otherTons = await t.call(
      Calls.orderConfirmStock,
      { items: [{ stockId: split.id, quantity: '3' }], requestId: 'checkout-0002' },
      as(buyer),
    );
    expect(otherTons.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '该下单请求已用于其他商品，请刷新页面后重新提交',
      errors: { requestId: '该下单请求已用于其他商品，请刷新页面后重新提交' },
    });
    const anotherLot = await t.call(
      Calls.orderConfirmStock,
      {
        items: [
          { stockId: split.id, quantity: '2' },
          { stockId: whole.id, quantity: '10' },
        ],
        requestId: 'checkout-0002',
      },
      { ...as(buyer), lang: 'en-US' },
    );
    expect(anotherLot.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'This checkout request was already used for other goods; please reload the page and submit again',
    });
    expect(await orderCount()).toBe(before);
    expect((await stockRow(split.id)).quantityKg).toBe(28_000);
    expect((await stockRow(whole.id)).quantityKg).toBe(10_000);
    expect(await attemptsOf(buyer)).toMatchObject([{ requestId: 'checkout-0002', orders: first.orders }]);
  });

  it('another company’s attempt under the same requestId makes its own orders', async () => {
    const { buyer, split } = await checkout();
    const otherBuyer = await company();
    const items = [{ stockId: split.id, quantity: '1' }];
    const mine = ok(await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0003' }, as(buyer)));
    const theirs = ok(await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0003' }, as(otherBuyer)));
    expect(theirs.orders[0]!.orderId).not.toBe(mine.orders[0]!.orderId);
    expect(await orderRow(theirs.orders[0]!.orderId)).toMatchObject({ buyerRootId: otherBuyer.user.rootId });
    // Each company's repeat answers its own orders.
    for (const [who, made] of [
      [buyer, mine],
      [otherBuyer, theirs],
    ] as const)
      expect(ok(await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0003' }, as(who)))).toEqual(made);
    expect((await stockRow(split.id)).quantityKg).toBe(28_000);
  });

  it('an attempt refused leaves its requestId free: the same attempt sent again once it can be had makes the orders', async () => {
    const { buyer, whole } = await checkout();
    const items = [{ stockId: whole.id, quantity: '10' }];
    // The seller's edit of the lot waits for review meanwhile.
    await t.db.update(stocks).set({ status: 'review' }).where(eq(stocks.id, whole.id));
    const refused = await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0004' }, as(buyer));
    expect(refused.body.codeFlag).toBe(CodeFlag.conflict);
    expect(await attemptsOf(buyer)).toEqual([]);
    await t.db.update(stocks).set({ status: 'sale' }).where(eq(stocks.id, whole.id));
    const made = ok(await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0004' }, as(buyer)));
    expect(made.orders).toHaveLength(1);
    expect(await stockRow(whole.id)).toMatchObject({ quantityKg: 0, status: 'soldOut' });
    expect(ok(await t.call(Calls.orderConfirmStock, { items, requestId: 'checkout-0004' }, as(buyer)))).toEqual(made);
  });

  it('refuses a malformed requestId with codeFlag 2 in the caller’s language, writing nothing', async () => {
    const { buyer, split } = await checkout();
    const before = await orderCount();
    for (const requestId of ['', 'short12', 'x'.repeat(65), 'checkout 0005', 'checkout/0005', '下单请求编号一二三']) {
      const answer = await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: split.id, quantity: '1' }], requestId },
        as(buyer),
      );
      expect(answer.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '下单请求编号有误，请刷新页面后重新提交',
        errors: { requestId: '下单请求编号有误，请刷新页面后重新提交' },
      });
    }
    const english = await t.call(
      Calls.orderConfirmStock,
      { items: [{ stockId: split.id, quantity: '1' }], requestId: 'bad' },
      { ...as(buyer), lang: 'en-US' },
    );
    expect(english.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The checkout request id is not valid; please reload the page and submit again',
    });
    expect(await orderCount()).toBe(before);
    expect((await stockRow(split.id)).quantityKg).toBe(30_000);
    expect(await attemptsOf(buyer)).toEqual([]);
    // 8 and 64 characters of letters, digits, '_' and '-' are taken.
    for (const requestId of ['Ab_-9xYz', `${'a1B2_-'.repeat(10)}Zz09`])
      ok(
        await t.call(Calls.orderConfirmStock, { items: [{ stockId: split.id, quantity: '1' }], requestId }, as(buyer)),
      );
    expect((await stockRow(split.id)).quantityKg).toBe(28_000);
  });

  it('forgets attempts older than CHECKOUT_KEPT_DAYS (the daily job), keeping the recent ones', async () => {
    const { buyer, split } = await checkout();
    ok(
      await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: split.id, quantity: '1' }], requestId: 'checkout-old-1' },
        as(buyer),
      ),
    );
    t.clock.advance((CHECKOUT_KEPT_DAYS - 1) * 24 * 3600);
    ok(
      await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: split.id, quantity: '1' }], requestId: 'checkout-new-1' },
        as(buyer),
      ),
    );
    t.clock.advance(2 * 24 * 3600);
    expect(await forgetOldCheckouts({ db: t.db, clock: t.clock })).toBeGreaterThanOrEqual(1);
    expect((await attemptsOf(buyer)).map((attempt) => attempt.requestId)).toEqual(['checkout-new-1']);
  });
});

describe('the order life', () => {
  it('quote (replacing the earlier one) → agree → slip → paid → shipped → completed, each side told', async () => {
    const { seller, buyer, stock, orderId } = await ordered('5');
    const first = ok(await quote(seller, orderId, await detail(seller, orderId), '20400'));
    expect(first.state).toBe('quoted');
    expect(first.quote).toMatchObject({ version: 1, goodsFen: 10_200_000, freightFen: 50_000, totalFen: 10_250_000 });
    const second = ok(await quote(seller, orderId, first, '20300'));
    expect(second.quote).toMatchObject({ version: 2, totalFen: 10_200_000 });
    // The second quote message replaced the first in their chat (SPEC §4).
    const quoteMessages = await t.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.receiveUserId, buyer.user.id), eq(chatMessages.type, ChatContentType.stockOrderQuote)),
      );
    expect(quoteMessages.map((m) => m.replacedAt !== null)).toEqual([true, false]);
    expect(JSON.parse(quoteMessages[1]!.info)).toEqual({
      orderId,
      orderNo: second.orderNo,
      version: 2,
      totalFen: 10_200_000,
    });

    // The first quote, which the buyer may have been looking at, is no longer the one to agree.
    const unseen = await t.call(
      Calls.orderAgree,
      { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' },
      as(buyer),
    );
    expect(unseen.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '卖方已更新报价，请查看新报价后再同意',
    });
    expect((await orderRow(orderId)).state).toBe('quoted');
    const stale = await t.callRaw(Calls.orderAgree, { orderId, paymentMethod: 'offline_transfer' }, as(buyer));
    expect(stale.body.codeFlag).toBe(CodeFlag.invalidInput);
    const agreed = ok(
      await t.call(Calls.orderAgree, { orderId, quoteVersion: 2, paymentMethod: 'offline_transfer' }, as(buyer)),
    );
    expect(agreed).toMatchObject({ state: 'agreed', payment: { method: 'offline_transfer', paymentDays: 3 } });
    expect(agreed.deadline).toBe(new Date(START.getTime() + 3 * 24 * HOUR).toISOString());
    const agreement = await t.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.receiveUserId, seller.user.id), eq(chatMessages.type, ChatContentType.action)));
    expect(agreement.map((m) => JSON.parse(m.info).actionType)).toContain(ChatActionType.buyerAgreedStockQuote);

    const slipped = ok(
      await t.call(
        Calls.orderPaySlip,
        { orderId, fileIds: [await uploadSlip(t, buyer.session)], note: '已转账' },
        as(buyer),
      ),
    );
    expect(slipped.state).toBe('payment_submitted');
    expect(slipped.slips[0]!.urls[0]).toMatch(/signature=/);
    expect((await detail(seller, orderId)).slips).toHaveLength(1);
    const paid = ok(await t.call(Calls.orderConfirmPaid, { orderId }, as(seller)));
    expect(paid.state).toBe('paid');
    const shipped = ok(
      await t.call(
        Calls.orderShip,
        { orderId, logisticsNote: '德邦物流 单号123', vehiclePlate: '粤a12345', driverPhone: '13900001111' },
        as(seller),
      ),
    );
    expect(shipped.shipment).toMatchObject({ vehiclePlate: '粤A12345', driverPhone: '13900001111' });
    const items = await t.db.select().from(tradeOrderItems).where(eq(tradeOrderItems.orderId, orderId));
    expect(items.map((i) => i.stockHold)).toEqual(['deducted']);
    expect((await stockRow(stock.id)).quantityKg).toBe(25_000);
    const done = ok(await t.call(Calls.orderReceive, { orderId }, as(buyer)));
    expect(done.state).toBe('completed');
    expect(done.history.map((h) => [h.from, h.to, h.actor])).toEqual([
      [null, 'awaiting_quote', 'buyer'],
      ['awaiting_quote', 'quoted', 'seller'],
      ['quoted', 'quoted', 'seller'],
      ['quoted', 'agreed', 'buyer'],
      ['agreed', 'payment_submitted', 'buyer'],
      ['payment_submitted', 'paid', 'seller'],
      ['paid', 'shipped', 'seller'],
      ['shipped', 'completed', 'buyer'],
    ]);
    const keys = (await t.db.select().from(notices).where(eq(notices.userId, buyer.user.id))).map((n) => n.messageKey);
    expect(keys).toEqual([
      'notice.orderQuoted',
      'notice.orderQuoted',
      'notice.orderPaymentConfirmed',
      'notice.orderShipped',
    ]);
    const sellerKeys = (await t.db.select().from(notices).where(eq(notices.userId, seller.user.id))).map(
      (n) => n.messageKey,
    );
    expect(sellerKeys).toEqual([
      'notice.orderPlaced',
      'notice.orderAgreed',
      'notice.orderSlip',
      'notice.orderCompleted',
    ]);
  });

  it('an expired quote cannot be agreed', async () => {
    const { seller, buyer, orderId } = await ordered();
    ok(await quote(seller, orderId, await detail(seller, orderId)));
    t.clock.set(new Date(START.getTime() + 25 * HOUR));
    const late = await t.call(
      Calls.orderAgree,
      { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' },
      as(buyer),
    );
    expect(late.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '报价已过有效期，请联系卖家重新报价' });
    expect((await orderRow(orderId)).state).toBe('quoted');
  });

  it('a quote must price every line; cashier is refused where the seller takes no online payment', async () => {
    const { seller, buyer, orderId } = await ordered();
    const partial = await t.call(
      Calls.orderQuote,
      { orderId, items: [{ itemId: 999_999, unitPrice: '100' }], deliveryMethod: 'pickup' },
      as(seller),
    );
    expect(partial.body.codeFlag).toBe(CodeFlag.invalidInput);
    const badPrice = await t.callRaw(
      Calls.orderQuote,
      { orderId, items: '[{"itemId":1,"unitPrice":"abc"}]', deliveryMethod: 'pickup' },
      as(seller),
    );
    expect(badPrice.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await orderRow(orderId)).state).toBe('awaiting_quote');
    ok(await quote(seller, orderId, await detail(seller, orderId)));
    const cashier = await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'cashier' }, as(buyer));
    expect(cashier.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '卖家未开通在线支付，请选择对公转账' });
    expect((await orderRow(orderId)).state).toBe('quoted');
  });

  it('refuses a quote whose total passes 10 billion yuan (codeFlag 2, in the caller’s language), changing nothing', async () => {
    const { seller, orderId } = await ordered('1001', { quantityKg: 2_000_000 });
    const order = await detail(seller, orderId);
    const tooLarge = await quote(seller, orderId, order, '10000000');
    expect(tooLarge.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '订单金额不能超过100亿元，请核对单价和数量',
    });
    const inEnglish = await t.call(
      Calls.orderQuote,
      {
        orderId,
        items: order.items.map((item) => ({ itemId: item.id, unitPrice: '10000000' })),
        deliveryMethod: 'pickup',
      },
      { ...as(seller), lang: 'en-US' },
    );
    expect(inEnglish.body.mesg).toBe(
      'An order cannot total more than 10 billion yuan; please check the prices and quantities',
    );
    expect(await orderRow(orderId)).toMatchObject({ state: 'awaiting_quote', quote: null });
    // Just under the limit is a quote like any other, its total exact to the fen.
    const largest = ok(await quote(seller, orderId, order, '9990009.49'));
    expect(largest.quote).toMatchObject({ goodsFen: 999_999_949_949, totalFen: 999_999_999_949 });
  });

  it('refuses a checkout whose list-price total passes 10 billion yuan, reserving nothing', async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, {
      splittable: true,
      quantityKg: 2_000_000,
      priceFen: 1_000_000_000,
    });
    const before = await orderCount();
    const refused = await t.call(
      Calls.orderConfirmStock,
      { items: [{ stockId: stock.id, quantity: '1001' }] },
      as(buyer),
    );
    expect(refused.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '订单金额不能超过100亿元，请核对单价和数量',
    });
    expect(await orderCount()).toBe(before);
    expect((await stockRow(stock.id)).quantityKg).toBe(2_000_000);
  });

  it('ship refuses a bad plate and photos that are not the seller company’s', async () => {
    const { seller, buyer, orderId } = await orderIn('paid');
    const plate = await t.call(Calls.orderShip, { orderId, logisticsNote: '自提', vehiclePlate: 'ABC' }, as(seller));
    expect(plate.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '车牌号有误' });
    const foreign = await uploadSlip(t, buyer.session);
    const photos = await t.call(Calls.orderShip, { orderId, logisticsNote: '物流', photoIds: [foreign] }, as(seller));
    expect(photos.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await orderRow(orderId)).state).toBe('paid');
  });
});

describe('each transition only by its side in its states', () => {
  const actions = {
    quote: async (who: Person, orderId: number) =>
      t.call(
        Calls.orderQuote,
        { orderId, items: [{ itemId: 1, unitPrice: '100' }], deliveryMethod: 'pickup' },
        as(who),
      ),
    agree: (who: Person, orderId: number) =>
      t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' }, as(who)),
    pay_slip: async (who: Person, orderId: number) =>
      t.call(Calls.orderPaySlip, { orderId, fileIds: [await uploadSlip(t, who.session)] }, as(who)),
    confirm_paid: (who: Person, orderId: number) => t.call(Calls.orderConfirmPaid, { orderId }, as(who)),
    reject_slip: async (who: Person, orderId: number) =>
      t.call(Calls.orderRejectSlip, { orderId, slipId: await latestSlipId(orderId), note: '未收到款项' }, as(who)),
    ship: (who: Person, orderId: number) => t.call(Calls.orderShip, { orderId, logisticsNote: '物流' }, as(who)),
    receive: (who: Person, orderId: number) => t.call(Calls.orderReceive, { orderId }, as(who)),
  };
  const sideOf = {
    quote: 'seller',
    agree: 'buyer',
    pay_slip: 'buyer',
    confirm_paid: 'seller',
    reject_slip: 'seller',
    ship: 'seller',
    receive: 'buyer',
  } as const;
  const allowedIn = {
    quote: ['awaiting_quote', 'quoted'],
    agree: ['quoted'],
    pay_slip: ['agreed', 'payment_submitted'],
    confirm_paid: ['agreed', 'payment_submitted'],
    reject_slip: ['payment_submitted'],
    ship: ['paid'],
    receive: ['shipped'],
  } as const;
  const states = ['awaiting_quote', 'quoted', 'agreed', 'payment_submitted', 'paid', 'shipped'] as const;

  it('the wrong side is refused (codeFlag 3) and nothing changes, in every state', async () => {
    for (const state of states) {
      const made = await orderIn(state);
      for (const [action, run] of Object.entries(actions) as [keyof typeof actions, (typeof actions)['quote']][]) {
        const wrong = sideOf[action] === 'seller' ? made.buyer : made.seller;
        const answer = await run(wrong, made.orderId);
        expect(answer.body.codeFlag, `${action} by the wrong side in ${state}`).toBe(CodeFlag.forbidden);
        expect((await orderRow(made.orderId)).state).toBe(state);
      }
    }
  });

  it('the right side in a wrong state is refused (codeFlag 5, naming the state) and nothing changes', async () => {
    for (const state of [...states, 'completed', 'cancelled'] as const) {
      const made =
        state === 'completed'
          ? await (async () => {
              const m = await orderIn('shipped');
              ok(await t.call(Calls.orderReceive, { orderId: m.orderId }, as(m.buyer)));
              return m;
            })()
          : state === 'cancelled'
            ? await (async () => {
                const m = await orderIn('awaiting_quote');
                ok(await t.call(Calls.orderCancel, { orderId: m.orderId, reason: 'duplicate_order' }, as(m.buyer)));
                return m;
              })()
            : await orderIn(state);
      for (const [action, run] of Object.entries(actions) as [keyof typeof actions, (typeof actions)['quote']][]) {
        if ((allowedIn[action] as readonly string[]).includes(state)) continue;
        const right = sideOf[action] === 'seller' ? made.seller : made.buyer;
        const answer = await run(right, made.orderId);
        expect(answer.body.codeFlag, `${action} in ${state}`).toBe(CodeFlag.conflict);
        expect(answer.body.mesg).toMatch(/^订单当前为“.+”，不能进行此操作$/);
        expect((await orderRow(made.orderId)).state).toBe(state);
      }
    }
  });

  it('another company is refused every call on the order, and nothing changes', async () => {
    const { orderId } = await orderIn('quoted');
    const stranger = await company();
    for (const run of Object.values(actions))
      expect((await run(stranger, orderId)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.orderDetail, { orderId }, as(stranger))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.orderCancel, { orderId, reason: 'other', note: 'x' }, as(stranger))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await t.call(Calls.orderPayOnline, { orderId }, as(stranger))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await orderRow(orderId)).state).toBe('quoted');
    const listed = ok(await t.call(Calls.orderList, { role: 'bought' }, as(stranger)));
    expect(listed.total).toBe(0);
  });
});

describe('order/reject_slip', () => {
  /** What a refused return must leave as it was: the order's row, its history and the buyer's notices. */
  const snapshot = async (orderId: number, buyer: Person) => ({
    order: await orderRow(orderId),
    history: await t.db.select().from(tradeOrderTransitions).where(eq(tradeOrderTransitions.orderId, orderId)),
    notices: await t.db.select().from(notices).where(eq(notices.userId, buyer.user.id)),
  });

  it('returns the order to agreed with the reason, restarts the payment days and tells the buyer, who pays again', async () => {
    const { seller, buyer, orderId } = await orderIn('payment_submitted');
    const shown = await detail(seller, orderId);
    expect(shown.actions).toContain('reject_slip');
    const slipId = shown.slips.at(-1)!.id;
    const rejected = ok(await t.call(Calls.orderRejectSlip, { orderId, slipId, note: ' 未收到款项 ' }, as(seller)));
    expect(rejected.state).toBe('agreed');
    expect(rejected.slips.map((slip) => slip.id)).toEqual([slipId]);
    expect(rejected.history.at(-1)).toMatchObject({
      from: 'payment_submitted',
      to: 'agreed',
      actor: 'seller',
      note: '未收到款项',
    });
    const row = await orderRow(orderId);
    expect(row.deadline?.getTime()).toBe(t.clock.now().getTime() + row.paymentDays * 24 * 3600_000);
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, buyer.user.id), eq(notices.messageKey, 'notice.orderSlipRejected')));
    expect(notice?.params).toMatchObject({ note: '未收到款项' });
    expect((await detail(buyer, orderId)).actions).toContain('pay_slip');
    const again = ok(
      await t.call(Calls.orderPaySlip, { orderId, fileIds: [await uploadSlip(t, buyer.session)] }, as(buyer)),
    );
    expect(again).toMatchObject({ state: 'payment_submitted' });
    expect(again.slips).toHaveLength(2);
  });

  it('refuses to return a slip the buyer has replaced since (codeFlag 2, in the caller’s language), changing nothing; the new one can be returned', async () => {
    const { seller, buyer, orderId } = await orderIn('payment_submitted');
    const seen = (await detail(seller, orderId)).slips.at(-1)!.id;
    // The buyer hands in another slip while the seller still looks at the first.
    t.clock.set(new Date(START.getTime() + HOUR));
    const replaced = ok(
      await t.call(Calls.orderPaySlip, { orderId, fileIds: [await uploadSlip(t, buyer.session)] }, as(buyer)),
    );
    const newest = replaced.slips.at(-1)!.id;
    expect(newest).not.toBe(seen);
    const before = await snapshot(orderId, buyer);

    const stale = await t.call(Calls.orderRejectSlip, { orderId, slipId: seen, note: '未收到款项' }, as(seller));
    expect(stale.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '买方已更换付款凭证，请查看新凭证后再操作',
    });
    const english = await t.call(
      Calls.orderRejectSlip,
      { orderId, slipId: seen, note: 'no money' },
      { ...as(seller), lang: 'en-US' },
    );
    expect(english.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The buyer has handed in a new payment slip; look at it before returning one',
    });
    expect(await snapshot(orderId, buyer)).toEqual(before);

    const returned = ok(
      await t.call(Calls.orderRejectSlip, { orderId, slipId: newest, note: '未收到款项' }, as(seller)),
    );
    expect(returned.state).toBe('agreed');
  });

  it('refuses a missing, malformed or foreign slip id and a missing or too long reason in the caller’s language, changing nothing', async () => {
    const { seller, buyer, orderId } = await orderIn('payment_submitted');
    const slipId = await latestSlipId(orderId);
    const other = await orderIn('payment_submitted');
    const before = await snapshot(orderId, buyer);

    const missing = await t.callRaw(Calls.orderRejectSlip, { orderId, note: '未收到款项' }, as(seller));
    expect(missing.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请选择要退回的付款凭证（刷新订单后重试）',
    });
    const missingEnglish = await t.callRaw(
      Calls.orderRejectSlip,
      { orderId, note: 'no money' },
      { ...as(seller), lang: 'en-US' },
    );
    expect(missingEnglish.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Please choose the payment slip to return (reload the order and try again)',
    });
    for (const garbage of ['abc', '-1', '0', '1.5', '99999999999999999999', { id: slipId }]) {
      const answer = await t.callRaw(
        Calls.orderRejectSlip,
        { orderId, slipId: garbage, note: '未收到款项' },
        as(seller),
      );
      expect(answer.body, `slipId ${JSON.stringify(garbage)}`).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '请选择要退回的付款凭证（刷新订单后重试）',
      });
    }
    // Another order's slip (and one that never existed) is not a slip of this order at all.
    for (const foreign of [await latestSlipId(other.orderId), 9_000_000_000]) {
      const answer = await t.call(Calls.orderRejectSlip, { orderId, slipId: foreign, note: '未收到款项' }, as(seller));
      expect(answer.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '请选择要退回的付款凭证（刷新订单后重试）',
      });
    }

    const empty = await t.call(Calls.orderRejectSlip, { orderId, slipId, note: '  ' }, as(seller));
    expect(empty.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '请填写退回凭证的原因' });
    const english = await t.callRaw(Calls.orderRejectSlip, { orderId, slipId }, { ...as(seller), lang: 'en-US' });
    expect(english.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'Please say why you return the slip' });
    const long = await t.call(Calls.orderRejectSlip, { orderId, slipId, note: '款'.repeat(201) }, as(seller));
    expect(long.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await snapshot(orderId, buyer)).toEqual(before);
    expect((await orderRow(other.orderId)).state).toBe('payment_submitted');
  });

  it('refuses another company and the buyer, even with the slip’s right id, and changes nothing', async () => {
    const { buyer, orderId } = await orderIn('payment_submitted');
    const slipId = await latestSlipId(orderId);
    const before = await snapshot(orderId, buyer);
    for (const who of [await company(), buyer]) {
      const answer = await t.call(Calls.orderRejectSlip, { orderId, slipId, note: '未收到款项' }, as(who));
      expect(answer.body.codeFlag).toBe(CodeFlag.forbidden);
    }
    expect(await snapshot(orderId, buyer)).toEqual(before);
  });
});

describe('order/cancel', () => {
  it('gives the reserved tons back and tells the other side', async () => {
    const { seller, buyer, stock, orderId } = await ordered('30');
    expect((await stockRow(stock.id)).status).toBe('soldOut');
    const cancelled = ok(await t.call(Calls.orderCancel, { orderId, reason: 'buyer_changed_mind' }, as(buyer)));
    expect(cancelled).toMatchObject({ state: 'cancelled', cancelReason: 'buyer_changed_mind' });
    expect(await stockRow(stock.id)).toMatchObject({ quantityKg: 30_000, status: 'sale' });
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, seller.user.id), eq(notices.messageKey, 'notice.orderCancelled')));
    expect(notice).toBeDefined();
  });

  it('refuses a reason of the other side, other without a note, and the buyer once a slip is in', async () => {
    const { seller, buyer, orderId } = await orderIn('payment_submitted');
    const sellerReason = await t.call(Calls.orderCancel, { orderId, reason: 'seller_out_of_stock' }, as(buyer));
    expect(sellerReason.body.codeFlag).toBe(CodeFlag.conflict);
    const noNote = await t.call(Calls.orderCancel, { orderId, reason: 'other' }, as(seller));
    expect(noNote.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '请填写取消原因说明' });
    const buyersReason = await t.call(Calls.orderCancel, { orderId, reason: 'buyer_changed_mind' }, as(seller));
    expect(buyersReason.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await orderRow(orderId)).state).toBe('payment_submitted');
    ok(await t.call(Calls.orderCancel, { orderId, reason: 'payment_not_received' }, as(seller)));
    expect((await orderRow(orderId)).state).toBe('cancelled');
  });

  it('gives tons back to a lot waiting for review as a new version: a decision on the one the queue showed is refused', async () => {
    const { seller, buyer, stock, orderId } = await ordered('5');
    // A minute later the seller edits the lot (25 t left), which then waits for review.
    t.clock.advance(60);
    const saved = await t.call(
      Calls.stockSave,
      {
        id: stock.id,
        sortId: 13,
        quantity: '25',
        pieceWeight: '0.025',
        productName: '铝锭',
        priceType: 'fixed',
        price: '20500',
        seenQuantityKg: 25_000,
      },
      as(seller),
    );
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    const operator = await t.buildOperator();
    const queued = async () =>
      ok(await t.call(Calls.pendingStocks, {}, { session: operator.session })).find((item) => item.id === stock.id)!;
    const shown = await queued();
    expect(shown.quantityKg).toBe(25_000);

    // The buyer cancels at the same clock tick: the lot the operator decides on now holds 30 t.
    ok(await t.call(Calls.orderCancel, { orderId, reason: 'buyer_changed_mind' }, as(buyer)));
    expect(await stockRow(stock.id)).toMatchObject({ quantityKg: 30_000, status: 'review' });
    const stale = await t.call(
      Calls.reviewStock,
      { id: stock.id, approve: 1, submittedAt: shown.submittedAt },
      { session: operator.session, lang: 'en-US' },
    );
    expect(stale.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: translate('review.changedSinceListed', 'en-US'),
    });
    expect((await stockRow(stock.id)).status).toBe('review');

    const current = await queued();
    expect(current.quantityKg).toBe(30_000);
    expect(current.submittedAt > shown.submittedAt).toBe(true);
    const passed = ok(
      await t.call(
        Calls.reviewStock,
        { id: stock.id, approve: 1, submittedAt: current.submittedAt },
        { session: operator.session },
      ),
    );
    expect(passed).toMatchObject({ status: 'sale', quantityKg: 30_000 });
  });

  it('a shipped order cannot be cancelled by either side', async () => {
    const { seller, buyer, stock, orderId } = await orderIn('shipped');
    for (const who of [seller, buyer])
      expect(
        (await t.call(Calls.orderCancel, { orderId, reason: 'other', note: '不要了' }, as(who))).body.codeFlag,
      ).toBe(CodeFlag.conflict);
    expect((await stockRow(stock.id)).quantityKg).toBe(25_000);
  });
});

describe('expiry', () => {
  it('an unquoted order expires after the quote wait, an unpaid one after the payment days; stock goes back', async () => {
    const waiting = await ordered('10');
    const unpaid = await orderIn('agreed');
    const paidFor = await orderIn('payment_submitted');
    t.clock.set(new Date(START.getTime() + 47 * HOUR));
    await answerAfterOwnEvents(() => expireDueOrders({ db: t.db, clock: t.clock }));
    expect((await orderRow(waiting.orderId)).state).toBe('awaiting_quote');
    t.clock.set(new Date(START.getTime() + 49 * HOUR));
    await answerAfterOwnEvents(() => expireDueOrders({ db: t.db, clock: t.clock }));
    expect((await orderRow(waiting.orderId)).state).toBe('expired');
    expect((await stockRow(waiting.stock.id)).quantityKg).toBe(30_000);
    expect((await orderRow(unpaid.orderId)).state).toBe('agreed');
    t.clock.set(new Date(START.getTime() + 73 * HOUR));
    await answerAfterOwnEvents(() => expireDueOrders({ db: t.db, clock: t.clock }));
    expect((await orderRow(unpaid.orderId)).state).toBe('expired');
    // A slip handed in stops the clock: the seller must check it.
    expect((await orderRow(paidFor.orderId)).state).toBe('payment_submitted');
    const [transition] = await t.db
      .select()
      .from(tradeOrderTransitions)
      .where(and(eq(tradeOrderTransitions.orderId, unpaid.orderId), eq(tradeOrderTransitions.toState, 'expired')));
    expect(transition).toMatchObject({ actor: 'system', reason: 'payment_overdue' });
  });
});

describe('online payment (payments purpose trade_order)', () => {
  it('makes an agreed order paid once; a payment after expiry is recorded and refused (payments refunds it), changing nothing', async () => {
    const { orderId } = await orderIn('agreed');
    const facts = {
      orderNo: 'MM2026112010000012345678',
      purpose: 'trade_order' as const,
      purposeRef: String(orderId),
      userId: 1,
      rootId: 1,
      amountFen: 100,
      subject: 'x',
    };
    expect(
      await answerAfterOwnEvents(() =>
        t.db.transaction((tx) => tradeOrderFulfilment.paid(tx, facts, t.clock.now(), t.clock)),
      ),
    ).toBeUndefined();
    expect((await orderRow(orderId)).state).toBe('paid');
    // Another payment of an order paid already, and a payment naming no trade order, are refused too.
    for (const other of [
      { ...facts, orderNo: 'MM2026112010000012349999' },
      { ...facts, purposeRef: 'x' },
      { ...facts, purposeRef: '987654321' },
    ])
      expect(
        await t.db.transaction((tx) => tradeOrderFulfilment.paid(tx, other, t.clock.now(), t.clock)),
      ).toMatchObject({ refused: expect.any(String) });
    expect((await orderRow(orderId)).state).toBe('paid');
    const late = await ordered();
    t.clock.set(new Date(START.getTime() + 49 * HOUR));
    await answerAfterOwnEvents(() => expireDueOrders({ db: t.db, clock: t.clock }));
    const answer = await answerAfterOwnEvents(() =>
      t.db.transaction((tx) =>
        tradeOrderFulfilment.paid(tx, { ...facts, purposeRef: String(late.orderId) }, t.clock.now(), t.clock),
      ),
    );
    expect(answer).toEqual({ refused: 'the trade order is no longer waiting for this payment' });
    const row = await orderRow(late.orderId);
    expect(row.state).toBe('expired');
    const history = await t.db
      .select()
      .from(tradeOrderTransitions)
      .where(eq(tradeOrderTransitions.orderId, late.orderId));
    expect(history.at(-1)).toMatchObject({
      actor: 'payment',
      reason: 'paid_online',
      fromState: 'expired',
      toState: 'expired',
      note: 'late payment MM2026112010000012345678: refunded automatically',
    });
  });

  /** An order of `tons` from a seller taking the cashier, quoted at 20,400 yuan a ton and agreed to be paid there. */
  async function agreedForTheCashier(tons: string) {
    const seller = await company();
    ok(await t.call(Calls.tradeSettingsSave, { paymentDays: 3, onlinePayment: 1 }, as(seller)));
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { quantityKg: 3_000_000, splittable: true });
    const made = ok(await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: tons }] }, as(buyer)));
    const orderId = made.orders[0]!.orderId;
    ok(await quote(seller, orderId, await detail(seller, orderId)));
    ok(await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'cashier' }, as(buyer)));
    return { seller, buyer, orderId };
  }

  it('pays an order over WeChat Pay’s limit online by Alipay, and refuses WeChat Pay for it with the limit', async () => {
    // 2,000 t at 20,400 yuan a ton and 500 yuan freight: 40,800,500 yuan, past a 32-bit count of fen.
    const { buyer, orderId } = await agreedForTheCashier('2000');
    const { payOrderNo, amountFen } = ok(await t.call(Calls.orderPayOnline, { orderId }, as(buyer)));
    expect(amountFen).toBe(4_080_050_000);
    const wxpay = await t.call(Calls.payCreate, { orderNo: payOrderNo, channel: 'wxpay' }, as(buyer));
    expect(wxpay.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '金额超出该支付方式单笔21474836.47元的限额，请选择其他方式或对公转账',
    });
    const alipay = ok(await t.call(Calls.payCreate, { orderNo: payOrderNo, channel: 'alipay' }, as(buyer)));
    expect(alipay.amountFen).toBe(4_080_050_000);
  });

  it('order/pay_online answers the payment order still open instead of a second one the buyer could pay as well', async () => {
    const { buyer, orderId } = await agreedForTheCashier('2');
    const first = ok(await t.call(Calls.orderPayOnline, { orderId }, as(buyer)));
    const again = ok(await t.call(Calls.orderPayOnline, { orderId }, as(buyer)));
    expect(again).toEqual(first);
    // Once the first can no longer be paid, a new one is made.
    t.clock.set(new Date(START.getTime() + HOUR));
    const renewed = ok(await t.call(Calls.orderPayOnline, { orderId }, as(buyer)));
    expect(renewed.payOrderNo).not.toBe(first.payOrderNo);
    expect(renewed.amountFen).toBe(first.amountFen);
    expect((await orderRow(orderId)).payOrderNo).toBe(renewed.payOrderNo);
  });

  it('order/pay_online is refused where the seller takes no online payment', async () => {
    const { buyer, orderId } = await orderIn('agreed');
    const answer = await t.call(Calls.orderPayOnline, { orderId }, as(buyer));
    expect(answer.body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('order/confirm_inquiry', () => {
  it('orders a cooperated inquiry at the agreed prices, starting agreed; once only; others refused', async () => {
    const buyer = await fixtures.buildBuyer();
    const supplier = await fixtures.buildSupplier();
    const inquiry = await fixtures.openInquiry(buyer);
    const notYet = await t.call(Calls.orderConfirmInquiry, { inquiryId: inquiry.id }, as(buyer));
    expect(notYet.body.codeFlag).toBe(CodeFlag.conflict);
    const quoted = ok(await t.call(Calls.quoteSave, quoteFields(inquiry, [20_000, 21_000]), as(supplier)));
    ok(await t.call(Calls.quoteAgree, { quoteId: quoted[0]!.id }, as(buyer)));
    const stranger = await company();
    expect((await t.call(Calls.orderConfirmInquiry, { inquiryId: inquiry.id }, as(stranger))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await t.callRaw(Calls.orderConfirmInquiry, { inquiryId: 'x' }, as(buyer))).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    const created = ok(await t.call(Calls.orderConfirmInquiry, { inquiryId: inquiry.id, remark: '按询价' }, as(buyer)));
    const order = await detail(buyer, created.orders[0]!.orderId);
    expect(order).toMatchObject({ source: 'inquiry', state: 'agreed', inquiryId: inquiry.id, totalKg: 120_500 });
    expect(order.items.map((i) => i.unitPriceFen)).toEqual([2_000_000, 2_100_000]);
    expect(order.address).toMatchObject({ receiver: '王五', city: '佛山市', detail: '狮山镇工业大道8号' });
    expect(order.seller.rootId).toBe(supplier.user.rootId);
    expect((await t.call(Calls.orderConfirmInquiry, { inquiryId: inquiry.id }, as(buyer))).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '该询价已下过订单',
    });
  });
});

describe('proxy selection', () => {
  it('a spot pick (action 11) becomes an order waiting for a quote; a purchase order (action 12) arrives quoted', async () => {
    const seller = await company();
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { splittable: true });
    const spot = ok(
      await t.call(
        Calls.orderProxyPick,
        { buyerUserId: buyer.user.id, mode: 'spot', items: [{ stockId: lot.id, quantity: '3' }] },
        as(seller),
      ),
    );
    const filled = ok(
      await t.call(
        Calls.orderProxyPick,
        {
          buyerUserId: buyer.user.id,
          mode: 'purchase_order',
          items: [{ stockId: lot.id, quantity: '2', unitPrice: '20000' }],
          freight: '300',
        },
        as(seller),
      ),
    );
    const actionsSent = (
      await t.db.select().from(chatMessages).where(eq(chatMessages.receiveUserId, buyer.user.id))
    ).map((m) => JSON.parse(m.info));
    expect(actionsSent).toEqual([
      { actionType: ChatActionType.proxyPickedSpotGoods, actionInfo: { proxyId: spot.proxyId, stockIds: [lot.id] } },
      { actionType: ChatActionType.proxyFilledPurchaseOrder, actionInfo: { proxyId: filled.proxyId } },
    ]);
    expect((await stockRow(lot.id)).quantityKg).toBe(30_000);
    const stranger = await company();
    expect((await t.call(Calls.orderProxyConfirm, { proxyId: spot.proxyId }, as(stranger))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    const spotOrder = ok(await t.call(Calls.orderProxyConfirm, { proxyId: spot.proxyId }, as(buyer)));
    expect((await detail(buyer, spotOrder.orders[0]!.orderId)).state).toBe('awaiting_quote');
    const poOrder = ok(await t.call(Calls.orderProxyConfirm, { proxyId: filled.proxyId }, as(buyer)));
    const po = await detail(buyer, poOrder.orders[0]!.orderId);
    expect(po).toMatchObject({ source: 'proxy', state: 'quoted', quote: { goodsFen: 4_000_000, freightFen: 30_000 } });
    expect(po.actions).toEqual(['agree', 'cancel']);
    expect((await stockRow(lot.id)).quantityKg).toBe(25_000);
    expect((await t.call(Calls.orderProxyConfirm, { proxyId: spot.proxyId }, as(buyer))).body.codeFlag).toBe(
      CodeFlag.conflict,
    );
  });

  it('refuses a purchase order whose total passes 10 billion yuan (codeFlag 2), writing no selection the buyer could never confirm', async () => {
    const seller = await company();
    const buyer = await company();
    // 100,000 t offered at 10,000,000 yuan a ton: 10^12 yuan, a hundred times the cap.
    const lot = await t.buildStock(seller.user.id, { quantityKg: 100_000_000, splittable: true });
    const before = (await t.db.select({ n: count() }).from(tradeOrderProxies))[0]!.n;
    const picked = await t.call(
      Calls.orderProxyPick,
      {
        buyerUserId: buyer.user.id,
        mode: 'purchase_order',
        items: [{ stockId: lot.id, quantity: '100000', unitPrice: '10000000' }],
      },
      { ...as(seller), lang: 'en-US' },
    );
    expect(picked.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'An order cannot total more than 10 billion yuan; please check the prices and quantities',
    });
    expect((await t.db.select({ n: count() }).from(tradeOrderProxies))[0]!.n).toBe(before);
  });

  it('refuses another company’s lots, a purchase order without prices, a buyer of the same company and another’s agent request', async () => {
    const seller = await company();
    const buyer = await company();
    const foreign = await t.buildStock(buyer.user.id, { splittable: true });
    const own = await t.buildStock(seller.user.id, { splittable: true });
    const pick = (fields: Partial<Parameters<typeof t.call<typeof Calls.orderProxyPick>>[1]>) =>
      t.call(
        Calls.orderProxyPick,
        { buyerUserId: buyer.user.id, mode: 'spot', items: [{ stockId: own.id, quantity: '1' }], ...fields },
        as(seller),
      );
    expect((await pick({ items: [{ stockId: foreign.id, quantity: '1' }] })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await pick({ mode: 'purchase_order' })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await pick({ buyerUserId: seller.user.id })).body.codeFlag).toBe(CodeFlag.invalidInput);
    // An agent purchase request of another company than the buyer's (or none at all) is not answered.
    const request = async (who: Person) =>
      ok(await t.call(Calls.agentBuySave, { kind: 'buy', text: '求购A00铝锭50吨' }, as(who)));
    const proxiesBefore = (await t.db.select().from(tradeOrderProxies)).length;
    const unrelated = await pick({ agentBuyId: (await request(await company())).id });
    expect(unrelated.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '该代理采购需求不是这位买家的' });
    expect((await pick({ agentBuyId: 999_999 })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await t.db.select().from(tradeOrderProxies)).toHaveLength(proxiesBefore);
    ok(await pick({ agentBuyId: (await request(buyer)).id }));
  });
});

describe('lists and the console', () => {
  it('order/list shows bought and sold by state and keyword; the console finds by number, company and state', async () => {
    const { seller, buyer, orderId } = await orderIn('quoted');
    const bought = ok(await t.call(Calls.orderList, { role: 'bought' }, as(buyer)));
    expect(bought.list.map((o) => o.id)).toEqual([orderId]);
    expect(ok(await t.call(Calls.orderList, { role: 'sold' }, as(buyer))).total).toBe(0);
    expect(ok(await t.call(Calls.orderList, { role: 'sold', state: 'quoted' }, as(seller))).total).toBe(1);
    expect(ok(await t.call(Calls.orderList, { role: 'sold', state: 'paid' }, as(seller))).total).toBe(0);
    const orderNo = bought.list[0]!.orderNo;
    expect(ok(await t.call(Calls.orderList, { role: 'bought', keyword: orderNo.slice(0, 12) }, as(buyer))).total).toBe(
      1,
    );
    expect((await t.callRaw(Calls.orderList, { role: 'mine' }, as(buyer))).body.codeFlag).toBe(CodeFlag.invalidInput);

    const operator = await t.buildOperator();
    const found = ok(await t.call(Calls.consoleOrderList, { orderNo }, as(operator)));
    expect(found.list.map((o) => o.id)).toEqual([orderId]);
    expect(
      ok(await t.call(Calls.consoleOrderList, { company: String(seller.user.rootId), state: 'quoted' }, as(operator)))
        .total,
    ).toBe(1);
    const full = ok(await t.call(Calls.consoleOrderDetail, { orderId }, as(operator)));
    expect(full.actions).toEqual([]);
    expect(full.history.map((h) => h.to)).toEqual(['awaiting_quote', 'quoted']);
    expect((await t.call(Calls.consoleOrderDetail, { orderId }, as(buyer))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.consoleOrderList, {}, as(buyer))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.callRaw(Calls.consoleOrderDetail, { orderId: 'x' }, as(operator))).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
  });
});

describe('addresses, invoice titles and trade settings', () => {
  const ADDRESS = {
    receiver: '张经理',
    phone: '13912345678',
    province: '广东省',
    city: '佛山市',
    district: '南海区',
    detail: '狮山镇工业园A区3号仓库',
  };
  const INVOICE = {
    name: '佛山测试铝业有限公司',
    taxNo: '914403001922038216',
    address: '佛山市南海区狮山镇',
    phone: '0757-86001234',
    bankName: '中国工商银行佛山南海支行',
    bankAccount: '2013 0000 1234 5678 901',
    receiverMobile: '13912345678',
    email: 'finance@example.com',
  };

  it('keeps copies of the address and invoice title chosen; another company’s are refused and nothing is written', async () => {
    const seller = await company();
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { splittable: true });
    const address = ok(await t.call(Calls.receiptAddressSave, ADDRESS, as(buyer)));
    const invoice = ok(await t.call(Calls.invoiceSave, INVOICE, as(buyer)));
    const stranger = await company();
    const before = await orderCount();
    for (const fields of [{ addressId: address.id }, { invoiceTitleId: invoice.id }]) {
      const answer = await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: lot.id, quantity: '1' }], ...fields },
        as(stranger),
      );
      expect(answer.body.codeFlag).toBe(CodeFlag.forbidden);
    }
    expect(await orderCount()).toBe(before);
    expect((await stockRow(lot.id)).quantityKg).toBe(30_000);
    const made = ok(
      await t.call(
        Calls.orderConfirmStock,
        { items: [{ stockId: lot.id, quantity: '1' }], addressId: address.id, invoiceTitleId: invoice.id },
        as(buyer),
      ),
    );
    const order = await detail(buyer, made.orders[0]!.orderId);
    expect(order.address).toEqual(ADDRESS);
    expect(order.invoice).toEqual({
      name: INVOICE.name,
      taxpayerId: INVOICE.taxNo,
      addressPhone: '佛山市南海区狮山镇 0757-86001234',
      bankAccount: expect.stringContaining('中国工商银行佛山南海支行'),
      email: INVOICE.email,
      phone: INVOICE.receiverMobile,
    });
    // Later edits of the saved address do not change the order.
    ok(await t.call(Calls.receiptAddressSave, { ...ADDRESS, id: address.id, receiver: '李经理' }, as(buyer)));
    expect((await detail(buyer, order.id)).address?.receiver).toBe('张经理');
  });

  it('takes the seller’s payment days and account; with online payment the cashier pays the order', async () => {
    const seller = await company();
    ok(
      await t.call(
        Calls.tradeSettingsSave,
        {
          paymentDays: 5,
          onlinePayment: 1,
          bankAccountName: '巩义铝材贸易',
          bankName: '中国建设银行巩义支行',
          bankAccount: '4405 0166 8800 0000 1234',
        },
        as(seller),
      ),
    );
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { splittable: true });
    const made = ok(await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '2' }] }, as(buyer)));
    const orderId = made.orders[0]!.orderId;
    ok(await quote(seller, orderId, await detail(seller, orderId)));
    const agreed = ok(
      await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'cashier' }, as(buyer)),
    );
    expect(agreed.payment).toMatchObject({
      method: 'cashier',
      onlineAccepted: true,
      paymentDays: 5,
      bankAccount: { accountName: '巩义铝材贸易', bankName: '中国建设银行巩义支行', accountNo: '44050166880000001234' },
    });
    expect(agreed.actions).toEqual(['pay_online', 'pay_slip', 'cancel']);
    expect((await detail(seller, orderId)).actions).toEqual(['cancel']);
    const { payOrderNo, amountFen } = ok(await t.call(Calls.orderPayOnline, { orderId }, as(buyer)));
    expect(amountFen).toBe(agreed.quote!.totalFen);
    const created = ok(await t.call(Calls.payCreate, { orderNo: payOrderNo, channel: 'wxpay' }, as(buyer)));
    expect(created.amountFen).toBe(amountFen);
    const confirm = await t.call(Calls.orderConfirmPaid, { orderId }, as(seller));
    expect(confirm.body.codeFlag).toBe(CodeFlag.conflict);
    t.paymentSandbox.decide('wxpay', payOrderNo, 'pay');
    await until(async () => (await orderRow(orderId)).state === 'paid');
    const paid = await detail(seller, orderId);
    expect(paid.history.at(-1)).toMatchObject({ from: 'agreed', to: 'paid', actor: 'payment', reason: 'paid_online' });
    expect(paid.actions).toEqual(['ship']);
  });

  it('a cashier payment refunded in full before shipping cancels the order and gives the tons back; a partial refund does not', async () => {
    const seller = await company();
    ok(await t.call(Calls.tradeSettingsSave, { paymentDays: 3, onlinePayment: 1 }, as(seller)));
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { quantityKg: 30_000, splittable: true });
    const made = ok(await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '2' }] }, as(buyer)));
    const orderId = made.orders[0]!.orderId;
    ok(await quote(seller, orderId, await detail(seller, orderId)));
    ok(await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'cashier' }, as(buyer)));
    const { payOrderNo, amountFen } = ok(await t.call(Calls.orderPayOnline, { orderId }, as(buyer)));
    ok(await t.call(Calls.payCreate, { orderNo: payOrderNo, channel: 'wxpay' }, as(buyer)));
    t.paymentSandbox.decide('wxpay', payOrderNo, 'pay');
    await until(async () => (await orderRow(orderId)).state === 'paid');
    expect((await stockRow(lot.id)).quantityKg).toBe(28_000);

    const admin = await t.buildOperator('admin');
    const refund = async (fen: number) => {
      ok(
        await t.call(
          Calls.consolePayRefund,
          { orderNo: payOrderNo, amountFen: fen, reason: '卖家无货，退款' },
          { session: admin.session },
        ),
      );
      await t.paymentSandbox.idle();
    };
    // Part of the money back: the sale stands, the goods may still go.
    await refund(100);
    await until(
      async () =>
        (await t.call(Calls.payStatus, { orderNo: payOrderNo }, as(buyer))).body.data?.state === 'partly_refunded',
    );
    expect((await orderRow(orderId)).state).toBe('paid');
    expect((await detail(seller, orderId)).history.at(-1)).toMatchObject({ actor: 'operator', reason: 'refund' });

    // The rest back: the sale is off, the tons go back, both sides are told, and nothing can be shipped.
    await refund(amountFen - 100);
    await until(async () => (await orderRow(orderId)).state === 'cancelled');
    expect((await stockRow(lot.id)).quantityKg).toBe(30_000);
    expect((await detail(buyer, orderId)).history.at(-1)).toMatchObject({
      from: 'paid',
      to: 'cancelled',
      actor: 'payment',
      reason: 'refunded_in_full',
    });
    for (const person of [buyer, seller]) {
      const [told] = await t.db
        .select({ n: count() })
        .from(notices)
        .where(and(eq(notices.userId, person.user.id), eq(notices.messageKey, 'notice.orderRefundedInFull')));
      expect(told!.n).toBe(1);
    }
    const shipped = await t.call(Calls.orderShip, { orderId, logisticsNote: '德邦物流 单号123' }, as(seller));
    expect(shipped.body.codeFlag).toBe(CodeFlag.conflict);
  });
});

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('never happened');
}

describe('the person on each side of an order', () => {
  /** A seller company whose employee posted the lot, and that employee. */
  async function sellerWithPoster() {
    const owner = await company();
    const poster = await t.buildEmployee(owner);
    const lot = await t.buildStock(owner.user.id, { userId: poster.user.id, splittable: true });
    return { owner, poster, lot };
  }

  it('an order of a lot whose poster has since been removed from the company is not addressed to the removed account', async () => {
    const { owner, poster, lot } = await sellerWithPoster();
    ok(await t.call(Calls.staffDelete, { userId: poster.user.id }, as(owner)));
    const buyer = await company();
    const made = ok(await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, as(buyer)));
    const orderId = made.orders[0]!.orderId;
    // Someone who can still act is told of the new order (and asked to quote): today only the removed account is.
    const told = await t.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, owner.user.id), eq(notices.subject, `order:${orderId}`)));
    expect(told[0]!.n).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId)).sellerUserId).not.toBe(poster.user.id);
  });

  it('a live order of an employee who is removed goes to the colleague named to take over: the buyer’s steps reach them', async () => {
    const { owner, poster, lot } = await sellerWithPoster();
    const buyer = await company();
    const made = ok(await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, as(buyer)));
    const orderId = made.orders[0]!.orderId;
    expect((await orderRow(orderId)).sellerUserId).toBe(poster.user.id);
    const handedOver = ok(
      await t.call(Calls.staffDelete, { userId: poster.user.id, handoverTo: owner.user.id }, as(owner)),
    );
    expect(handedOver).toMatchObject({ orders: 1 });

    const order = await detail(owner, orderId);
    ok(
      await t.call(
        Calls.orderQuote,
        {
          orderId,
          items: order.items.map((item) => ({ itemId: item.id, unitPrice: '20000' })),
          deliveryMethod: 'delivery',
        },
        as(owner),
      ),
    );
    ok(await t.call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' }, as(buyer)));
    // The buyer's agreement is the seller's to act on (wait for the transfer): the colleague who took over is told.
    const toldOwner = await t.db
      .select({ n: count() })
      .from(notices)
      .where(and(eq(notices.userId, owner.user.id), eq(notices.subject, `order:${orderId}`)));
    expect(toldOwner[0]!.n).toBeGreaterThanOrEqual(1);
    expect((await orderRow(orderId)).sellerUserId).toBe(owner.user.id);
  });

  it('a live order placed by a buyer’s employee who is removed goes to the owner; a finished one keeps its buyer', async () => {
    const seller = await company();
    const buyerOwner = await company();
    const purchaser = await t.buildEmployee(buyerOwner);
    const lot = await t.buildStock(seller.user.id, { splittable: true });
    const place = async () =>
      ok(await t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, as(purchaser)))
        .orders[0]!.orderId;
    const live = await place();
    const finished = await place();
    ok(await t.call(Calls.orderCancel, { orderId: finished, reason: 'buyer_changed_mind' }, as(purchaser)));
    const handedOver = ok(await t.call(Calls.staffDelete, { userId: purchaser.user.id }, as(buyerOwner)));
    expect(handedOver).toMatchObject({ orders: 1 });
    expect((await orderRow(live)).buyerUserId).toBe(buyerOwner.user.id);
    expect((await orderRow(finished)).buyerUserId).toBe(purchaser.user.id);
  });
});
