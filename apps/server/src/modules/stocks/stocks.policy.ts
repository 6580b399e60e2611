import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { type Actor, isLoggedIn } from '../../platform/actor';
import { notFound } from '../../platform/errors';
import type { Ownership } from '../../platform/ownership';
import type { StockRow } from './stocks.present';
import { stocks } from './stocks.table';

/**
 * Who may see a listing: anyone while it is for sale (SPEC §4: stock is visible after review); its
 * own company (owner and employees) in every status but deleted. Deleted rows are kept for footprints
 * and visitor history and shown to no one.
 */
export function canSeeStock(actor: Actor, stock: Pick<StockRow, 'status' | 'rootId'>): boolean {
  if (stock.status === 'sale') return true;
  return isLoggedIn(actor) && actor.rootId === stock.rootId && stock.status !== 'deleted';
}

const stockById = preparedQuery((db) =>
  db
    .select()
    .from(stocks)
    .where(eq(stocks.id, sql.placeholder('id')))
    .limit(1)
    .prepare('stock_by_id'),
);

/** A listing the actor may see, or codeFlag 4: a listing that is not public does not exist for others. */
export async function visibleStock(db: Database, actor: Actor, id: number): Promise<StockRow> {
  const [stock] = await stockById(db).execute({ id });
  if (!stock || !canSeeStock(actor, stock)) throw notFound();
  return stock;
}

/**
 * A listing its own company (owner and employees) may change; a deleted one is gone (codeFlag 4) for
 * everyone, and another company's is refused (codeFlag 3).
 */
export const stockOwnership: Ownership<typeof stocks> = {
  table: stocks,
  id: stocks.id,
  isGone: (stock) => stock.status === 'deleted',
  mayChange: (actor, stock) => stock.rootId === actor.rootId,
};
