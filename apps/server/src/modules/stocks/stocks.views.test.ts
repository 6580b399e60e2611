import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { VISITOR } from '../../platform/actor';
import { visitorEvents } from '../visitors/visitors.table';
import { stockDailyViews, stocks } from './stocks.table';
import { recordStockView } from './stocks.views';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('counts guests and other companies, records only logged-in visitors, and never the seller', async () => {
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  const buyer = await t.buildUser();
  const stock = await t.buildStock(seller.user.id);
  const actorOf = (userId: number) => ({ ...VISITOR, userId, rootId: userId, account: String(userId) });
  const now = t.clock.now();
  await recordStockView({ db: t.db, actor: VISITOR, stock, now });
  await recordStockView({ db: t.db, actor: actorOf(buyer.user.id), stock, now });
  await recordStockView({ db: t.db, actor: actorOf(seller.user.id), stock, now });

  const [row] = await t.db.select({ views: stocks.views }).from(stocks).where(eq(stocks.id, stock.id));
  expect(row?.views).toBe(2);
  const daily = await t.db.select().from(stockDailyViews).where(eq(stockDailyViews.stockId, stock.id));
  expect(daily.map((d) => d.views)).toEqual([2]);
  const events = await t.db.select().from(visitorEvents).where(eq(visitorEvents.stockId, stock.id));
  expect(events.map((e) => [e.kind, e.visitorUserId, e.ownerRootId])).toEqual([
    ['view', buyer.user.id, seller.user.id],
  ]);

  // The next Shanghai day starts a row of its own; the total goes on.
  await recordStockView({ db: t.db, actor: VISITOR, stock, now: new Date(now.getTime() + 24 * 3600_000) });
  const [after] = await t.db.select({ views: stocks.views }).from(stocks).where(eq(stocks.id, stock.id));
  expect(after?.views).toBe(3);
  const days = await t.db
    .select()
    .from(stockDailyViews)
    .where(eq(stockDailyViews.stockId, stock.id))
    .orderBy(stockDailyViews.date);
  expect(days.map((d) => d.views)).toEqual([2, 1]);
});

it('counts nothing for a listing that is gone', async () => {
  const before = await t.db.select().from(stockDailyViews);
  await recordStockView({ db: t.db, actor: VISITOR, stock: { id: 987_654, rootId: 1 }, now: t.clock.now() });
  expect(await t.db.select().from(stockDailyViews)).toEqual(before);
});
