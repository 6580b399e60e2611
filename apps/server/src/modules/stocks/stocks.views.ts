import { shanghaiDate } from '@metal/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { recordVisitorEvent } from '../visitors/visitors.record';
import { stockDailyViews, stocks } from './stocks.table';

/**
 * Records that someone opened a listing's detail page. The seller's own company is not counted
 * anywhere; guests count towards views and the hot ranking but never appear in visitor analytics.
 */
export async function recordStockView({
  db,
  actor,
  stock,
  now,
}: {
  db: Executor;
  actor: Actor;
  stock: { id: number; rootId: number };
  now: Date;
}): Promise<void> {
  if (actor.rootId === stock.rootId) return;
  await db
    .update(stocks)
    .set({ views: sql`${stocks.views} + 1` })
    .where(eq(stocks.id, stock.id));
  await db
    .insert(stockDailyViews)
    .values({ stockId: stock.id, date: shanghaiDate(Math.floor(now.getTime() / 1000)), views: 1 })
    .onConflictDoUpdate({
      target: [stockDailyViews.stockId, stockDailyViews.date],
      set: { views: sql`${stockDailyViews.views} + 1` },
    });
  await recordVisitorEvent({ db, actor, ownerRootId: stock.rootId, kind: 'view', stockId: stock.id, now });
}
