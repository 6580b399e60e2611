import {
  Calls,
  CodeFlag,
  confirmStockOrderPath,
  PERMISSIONS,
  parseConfirmStockOrderQuery,
  translate,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { answerAfterOwnEvents } from '../../platform/delivery';
import { priceRows } from '../markets/markets.table';
import { stocks } from '../stocks/stocks.table';
import { visitorEvents } from '../visitors/visitors.table';
import { removeCheckedOutCartLines } from './cart.service';
import { cartItems } from './cart.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ profileCacheSeconds: 3600 });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;

async function company(): Promise<Person> {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

const linesOf = (rootId: number) => t.db.select().from(cartItems).where(eq(cartItems.rootId, rootId));
const add = (person: Person, stockId: number, quantity: string, fromSearch: 0 | 1 = 0, lang?: 'zh-CN' | 'en-US') =>
  t.call(Calls.cartAdd, { stockId, quantity, fromSearch }, { session: person.session, ...(lang ? { lang } : {}) });
const list = (person: Person, lang?: 'zh-CN' | 'en-US') =>
  t.call(Calls.cartList, {}, { session: person.session, ...(lang ? { lang } : {}) });

describe('shop_cart/add', () => {
  it("adds another company's for-sale stock, adds up the same stock, and counts in user/info", async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { quantityKg: 30_000, splittable: true });

    const first = await add(buyer, stock.id, '5', 1);
    expect(first.body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { stockId: stock.id, quantityKg: 5000, count: 1 },
    });
    const again = await add(buyer, stock.id, '2.5');
    expect(again.body.data).toMatchObject({ id: first.body.data!.id, quantityKg: 7500, count: 1 });

    const lines = await linesOf(buyer.user.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ sellerRootId: seller.user.id, source: 'search', unitPriceFen: 2_050_000 });
    const info = await t.call(Calls.info, {}, { session: buyer.session });
    expect(info.body.data?.shopCartNum).toBe(1);
  });

  it("an employee's add is the company's: the owner sees the line and its count", async () => {
    const seller = await company();
    const buyer = await company();
    const employee = await t.buildEmployee(buyer);
    const stock = await t.buildStock(seller.user.id, { splittable: true });
    expect((await add(employee, stock.id, '1')).body.codeFlag).toBe(CodeFlag.ok);
    const owners = await list(buyer);
    expect(owners.body.data?.count).toBe(1);
    expect((await t.call(Calls.info, {}, { session: buyer.session })).body.data?.shopCartNum).toBe(1);
  });

  it('a lot that is not splittable is added only whole', async () => {
    const seller = await company();
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { quantityKg: 20_000, splittable: false });
    const part = await add(buyer, lot.id, '5', 0, 'en-US');
    expect(part.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'This lot is not splittable: it is sold only whole (20 tons)',
    });
    expect(await linesOf(buyer.user.id)).toHaveLength(0);
    expect((await add(buyer, lot.id, '20')).body.codeFlag).toBe(CodeFlag.ok);
    // The whole lot is in the cart: more of it is more than there is.
    const more = await add(buyer, lot.id, '20');
    expect(more.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await linesOf(buyer.user.id))[0]?.quantityKg).toBe(20_000);
  });

  it('refuses bad input and writes nothing', async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: true });
    const offline = await t.buildStock(seller.user.id, { status: 'offline' });
    const empty = await t.buildStock(seller.user.id, { quantityKg: 0 });
    const own = await t.buildStock(buyer.user.id);

    const cases = [
      [await add(buyer, stock.id, 'abc'), CodeFlag.invalidInput, translate('cart.quantityInvalid', 'zh-CN')],
      [await add(buyer, stock.id, '0'), CodeFlag.invalidInput, translate('cart.quantityInvalid', 'zh-CN')],
      [await add(buyer, stock.id, '1.0001'), CodeFlag.invalidInput, translate('cart.quantityInvalid', 'zh-CN')],
      [
        await add(buyer, stock.id, '10.001'),
        CodeFlag.invalidInput,
        translate('cart.moreThanAvailable', 'zh-CN', { available: '10' }),
      ],
      [await add(buyer, own.id, '1'), CodeFlag.invalidInput, translate('cart.ownStock', 'zh-CN')],
      [await add(buyer, empty.id, '1'), CodeFlag.invalidInput, translate('cart.notForSale', 'zh-CN')],
      [await add(buyer, offline.id, '1'), CodeFlag.notFound, translate('common.notFound', 'zh-CN')],
      [await add(buyer, 999_999_999, '1'), CodeFlag.notFound, translate('common.notFound', 'zh-CN')],
    ] as const;
    for (const [answer, codeFlag, mesg] of cases) expect(answer.body).toMatchObject({ codeFlag, mesg });
    const raw = await t.callRaw(Calls.cartAdd, { stockId: 'x', quantity: '1' }, { session: buyer.session });
    expect(raw.body.codeFlag).toBe(CodeFlag.invalidInput);
    const visitor = await t.call(Calls.cartAdd, { stockId: stock.id, quantity: '1' });
    expect(visitor.body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await linesOf(buyer.user.id)).toHaveLength(0);
    const events = await t.db.select().from(visitorEvents).where(eq(visitorEvents.visitorRootId, buyer.user.id));
    expect(events).toHaveLength(0);
  });

  it('stops at the cap of lines', async () => {
    const seller = await company();
    const buyer = await company();
    const { CART_MAX_LINES } = await import('@metal/shared');
    const made = await Promise.all(
      Array.from({ length: CART_MAX_LINES + 1 }, () => t.buildStock(seller.user.id, { splittable: true })),
    );
    for (const stock of made.slice(0, CART_MAX_LINES))
      expect((await add(buyer, stock.id, '1')).body.codeFlag).toBe(CodeFlag.ok);
    const over = await add(buyer, made[CART_MAX_LINES]!.id, '1');
    expect(over.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: translate('cart.full', 'zh-CN', { max: CART_MAX_LINES }),
    });
    expect(await linesOf(buyer.user.id)).toHaveLength(CART_MAX_LINES);
  });

  it("reaches the seller's visitor analytics (shopcart and shopcart_search), never the buyer's own", async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { productName: '购物车铝锭', splittable: true });
    await add(buyer, stock.id, '1', 1);
    const shopcart = await t.call(Calls.visitorList, { kind: 'cart' }, { session: seller.session });
    expect(shopcart.body.data?.total).toBe(1);
    expect(shopcart.body.data?.list[0]?.lastStock?.id).toBe(stock.id);
    const searched = await t.call(Calls.visitorList, { kind: 'cart', keyword: '购物车' }, { session: seller.session });
    expect(searched.body.data?.total).toBe(1);
    const none = await t.call(Calls.visitorList, { kind: 'cart', keyword: '铜杆' }, { session: seller.session });
    expect(none.body.data?.total).toBe(0);
  });
});

describe('shop_cart/update', () => {
  it('changes the quantity; out of range is refused with the line as it stays', async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: true });
    const added = (await add(buyer, stock.id, '2')).body.data!;
    const changed = await t.call(Calls.cartUpdate, { id: added.id, quantity: '4.5' }, { session: buyer.session });
    expect(changed.body.data).toMatchObject({ id: added.id, quantityKg: 4500, count: 1 });

    const over = await t.call(
      Calls.cartUpdate,
      { id: added.id, quantity: '11' },
      { session: buyer.session, lang: 'en-US' },
    );
    expect(over.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Input out of range, has been reset',
      data: { id: added.id, quantityKg: 4500 },
    });
    const zh = await t.call(Calls.cartUpdate, { id: added.id, quantity: '11' }, { session: buyer.session });
    expect(zh.body.mesg).toBe('输入超出范围，已重置');
    const bad = await t.call(Calls.cartUpdate, { id: added.id, quantity: '-1' }, { session: buyer.session });
    expect(bad.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await linesOf(buyer.user.id))[0]?.quantityKg).toBe(4500);
  });

  it("refuses another company's line and changes nothing", async () => {
    const seller = await company();
    const buyer = await company();
    const other = await company();
    const stock = await t.buildStock(seller.user.id, { splittable: true });
    const added = (await add(buyer, stock.id, '2')).body.data!;
    const theirs = await t.call(Calls.cartUpdate, { id: added.id, quantity: '1' }, { session: other.session });
    expect(theirs.body.codeFlag).toBe(CodeFlag.forbidden);
    const bySeller = await t.call(Calls.cartUpdate, { id: added.id, quantity: '1' }, { session: seller.session });
    expect(bySeller.body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await linesOf(buyer.user.id))[0]?.quantityKg).toBe(2000);
    const missing = await t.call(Calls.cartUpdate, { id: 999_999_999, quantity: '1' }, { session: buyer.session });
    expect(missing.body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('acceptPrice takes the new price terms and clears the mark', async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { splittable: true, priceFen: 2_000_000 });
    const added = (await add(buyer, stock.id, '1')).body.data!;
    await t.db.update(stocks).set({ priceFen: 2_100_000 }).where(eq(stocks.id, stock.id));
    const marked = (await list(buyer)).body.data!.groups[0]!.items[0]!;
    expect(marked).toMatchObject({ problems: ['priceChanged'], checkoutable: false, addedUnitPriceFen: 2_000_000 });
    expect(marked.stock.price.unitPriceFen).toBe(2_100_000);
    await t.call(Calls.cartUpdate, { id: added.id, quantity: '1', acceptPrice: 1 }, { session: buyer.session });
    const accepted = (await list(buyer)).body.data!.groups[0]!.items[0]!;
    expect(accepted).toMatchObject({ problems: [], checkoutable: true, addedUnitPriceFen: 2_100_000 });
  });
});

describe('shop_cart/delete', () => {
  it('deletes one or many of the caller’s lines', async () => {
    const seller = await company();
    const buyer = await company();
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const stock = await t.buildStock(seller.user.id, { splittable: true });
      ids.push((await add(buyer, stock.id, '1')).body.data!.id);
    }
    const one = await t.call(Calls.cartDelete, { ids: [ids[0]!] }, { session: buyer.session });
    expect(one.body.data).toEqual({ deleted: 1, count: 2 });
    const two = await t.call(Calls.cartDelete, { ids: [ids[1]!, ids[2]!] }, { session: buyer.session });
    expect(two.body.data).toEqual({ deleted: 2, count: 0 });
    expect((await t.call(Calls.info, {}, { session: buyer.session })).body.data?.shopCartNum).toBe(0);
  });

  it('needs at least one line and refuses bad ids, deleting nothing', async () => {
    const seller = await company();
    const buyer = await company();
    const stock = await t.buildStock(seller.user.id, { splittable: true });
    await add(buyer, stock.id, '1');
    const none = await t.call(Calls.cartDelete, { ids: [] }, { session: buyer.session, lang: 'en-US' });
    expect(none.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'Please select at least one item' });
    const junk = await t.callRaw(Calls.cartDelete, { ids: 'not json' }, { session: buyer.session });
    expect(junk.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await linesOf(buyer.user.id)).toHaveLength(1);
  });

  it("refuses a list with another company's line and deletes none of it", async () => {
    const seller = await company();
    const buyer = await company();
    const other = await company();
    const stock = await t.buildStock(seller.user.id, { splittable: true });
    const mine = (await add(other, stock.id, '1')).body.data!.id;
    const theirs = (await add(buyer, stock.id, '1')).body.data!.id;
    const refused = await t.call(Calls.cartDelete, { ids: [mine, theirs] }, { session: other.session });
    expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await linesOf(buyer.user.id)).toHaveLength(1);
    expect(await linesOf(other.user.id)).toHaveLength(1);
  });
});

describe('shop_cart/list', () => {
  it('is empty for a new company', async () => {
    const buyer = await company();
    expect((await list(buyer)).body.data).toEqual({ groups: [], count: 0, maxLines: 50 });
  });

  it('groups by seller with live prices and marks what cannot be checked out', async () => {
    const sellerA = await company();
    const sellerB = await company();
    const buyer = await company();
    const today = t.clock.today();
    await t.db
      .insert(priceRows)
      .values({ seriesId: 1, date: today, lowCents: 0, highCents: 0, priceCents: 2_000_000 })
      .onConflictDoUpdate({ target: [priceRows.seriesId, priceRows.date], set: { priceCents: 2_000_000 } });
    const following = await t.buildStock(sellerA.user.id, {
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 10_000,
      priceFen: null,
      splittable: true,
    });
    const soldOut = await t.buildStock(sellerA.user.id, { splittable: true });
    const short = await t.buildStock(sellerB.user.id, { splittable: true, quantityKg: 10_000 });
    const offSale = await t.buildStock(sellerB.user.id, { splittable: true });
    for (const stock of [following, soldOut, short, offSale]) await add(buyer, stock.id, '5');

    // The quote moves: the following price moves with it and is no change of terms.
    await t.db.update(priceRows).set({ priceCents: 2_030_000 }).where(eq(priceRows.seriesId, 1));
    await t.db.update(stocks).set({ status: 'soldOut' }).where(eq(stocks.id, soldOut.id));
    await t.db.update(stocks).set({ quantityKg: 3000 }).where(eq(stocks.id, short.id));
    await t.db.update(stocks).set({ status: 'offline' }).where(eq(stocks.id, offSale.id));

    const cart = (await list(buyer, 'en-US')).body.data!;
    expect(cart.count).toBe(4);
    expect(cart.groups.map((group) => group.sellerRootId)).toEqual([sellerB.user.id, sellerA.user.id]);
    const items = new Map(cart.groups.flatMap((group) => group.items).map((item) => [item.stockId, item]));
    expect(items.get(following.id)).toMatchObject({ problems: [], checkoutable: true, addedUnitPriceFen: 2_010_000 });
    expect(items.get(following.id)?.stock.price).toMatchObject({ type: 'market', unitPriceFen: 2_040_000 });
    expect(items.get(soldOut.id)?.problems).toEqual(['soldOut']);
    expect(items.get(short.id)).toMatchObject({ problems: ['short'], availableKg: 3000 });
    expect(items.get(offSale.id)).toMatchObject({ problems: ['offSale'], availableKg: 0, checkoutable: false });
    // Someone else's list is their own.
    const other = await company();
    expect((await list(other)).body.data?.count).toBe(0);
  });
});

describe('removeCheckedOutCartLines (for orders)', () => {
  it("removes the buyer's lines of the listings checked out, inside the caller's transaction", async () => {
    const seller = await company();
    const buyer = await company();
    const other = await company();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => t.buildStock(seller.user.id, { splittable: true })));
    for (const stock of [a!, b!, c!]) await add(buyer, stock.id, '1');
    await add(other, a!.id, '1');
    const actor = {
      userId: buyer.user.id,
      rootId: buyer.user.id,
      account: '',
      operatorRole: null,
      sessionHash: null,
      companyRole: 'owner' as const,
      permissions: [...PERMISSIONS],
    };

    // A checkout that fails leaves the lines where they were.
    await expect(
      t.db.transaction(async (tx) => {
        await removeCheckedOutCartLines(tx, actor, [a!.id]);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await linesOf(buyer.user.id)).toHaveLength(3);

    const removed = await answerAfterOwnEvents(() =>
      t.db.transaction((tx) => removeCheckedOutCartLines(tx, actor, [a!.id, b!.id])),
    );
    expect(removed).toBe(2);
    expect((await linesOf(buyer.user.id)).map((line) => line.stockId)).toEqual([c!.id]);
    expect(await linesOf(other.user.id)).toHaveLength(1);
    expect((await t.call(Calls.info, {}, { session: buyer.session })).body.data?.shopCartNum).toBe(1);
  });
});

it('the checkout path carries the seller and the chosen lines in kilograms, and reads back', () => {
  const path = confirmStockOrderPath(7, [
    { stockId: 12, quantityKg: 5500 },
    { stockId: 13, quantityKg: 20_000 },
  ]);
  expect(path).toBe('/pages/confirm_stock_order/confirm_stock_order?seller=7&items=12:5500,13:20000');
  expect(parseConfirmStockOrderQuery(new URLSearchParams(path.split('?')[1]))).toEqual({
    sellerRootId: 7,
    lines: [
      { stockId: 12, quantityKg: 5500 },
      { stockId: 13, quantityKg: 20_000 },
    ],
  });
  expect(parseConfirmStockOrderQuery(new URLSearchParams('seller=7&items=12:0'))).toBeNull();
  expect(parseConfirmStockOrderQuery(new URLSearchParams('seller=7&items=12:1,12:2'))).toBeNull();
});

describe('shop_cart/list of a listing that left sale', () => {
  it('never shows another company the text of a listing edit the operators have not passed (the listing is not public)', async () => {
    const seller = await company();
    const buyer = await company();
    const lot = await t.buildStock(seller.user.id, { quantityKg: 30_000, splittable: true, productName: '铝锭' });
    expect(
      (await t.call(Calls.cartAdd, { stockId: lot.id, quantity: '2' }, { session: buyer.session })).body,
    ).toMatchObject({ codeFlag: CodeFlag.ok });
    // The seller rewrites the listing: it goes back to review, and nobody else may see it until it passes.
    const unreviewed = '加微信xyz123低价';
    const saved = await t.call(
      Calls.stockSave,
      {
        id: lot.id,
        sortId: 13,
        quantity: '30',
        pieceWeight: '0.025',
        productName: unreviewed,
        priceType: 'fixed',
        price: '20500',
      },
      { session: seller.session },
    );
    expect(saved.body.data).toMatchObject({ status: 'review' });
    expect((await t.call(Calls.stockDetail, { id: lot.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.notFound,
    );

    const cart = (await t.call(Calls.cartList, {}, { session: buyer.session })).body.data!;
    const line = cart.groups.flatMap((group) => group.items).find((item) => item.stockId === lot.id)!;
    expect(line.problems).toContain('offSale');
    expect(JSON.stringify(line)).not.toContain(unreviewed);
  });
});
