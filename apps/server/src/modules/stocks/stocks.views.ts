import { shanghaiDate } from '@metal/shared';
import { sql } from 'drizzle-orm';
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
  // The total and the day's count in one statement: a detail page is the most opened page, and two
  // statements were two round trips and two commits at every view.
  const date = shanghaiDate(Math.floor(now.getTime() / 1000));
  await db.execute(sql`
    with counted as (
      update ${stocks} set views = views + 1 where id = ${stock.id} returning id
    )
    insert into ${stockDailyViews} (stock_id, date, views)
    select id, ${date}, 1 from counted
    on conflict (stock_id, date) do update set views = ${stockDailyViews}.views + 1`);
  await recordVisitorEvent({ db, actor, ownerRootId: stock.rootId, kind: 'view', stockId: stock.id, now });
}
