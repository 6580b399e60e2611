import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Actor } from './actor';
import type { ContextOf } from './context';
import { forbidden, notFound } from './errors';

/**
 * Rows a company or a person owns (stock listings, capacities, albums, inquiries, agent requests), as
 * the feature's `<feature>.policy.ts` describes them: where they are, which of them count as gone, and
 * who may change one.
 */
export interface Ownership<T extends PgTable> {
  table: T;
  id: PgColumn;
  /** A row that is gone (deleted, kept for history) is not found for anyone, its owner included. */
  isGone?: (row: T['$inferSelect']) => boolean;
  /** The feature's rule: whether the actor may change the row. */
  mayChange: (actor: Actor, row: T['$inferSelect']) => boolean;
}

/**
 * The row the actor owns (`ownedRow({ db: tx, actor }, stockOwnership, { id })`), locked (`for update`, inside the caller's transaction) for the change about
 * to be made unless `lock` is false. A row that does not exist or is gone is not found (codeFlag 4);
 * someone else's is refused (codeFlag 3).
 */
export async function ownedRow<T extends PgTable>(
  { db, actor }: ContextOf<'db' | 'actor'>,
  ownership: Ownership<T>,
  { id, lock = true }: { id: number; lock?: boolean },
): Promise<T['$inferSelect']> {
  const query = db
    .select()
    .from(ownership.table as PgTable)
    .where(eq(ownership.id, id));
  const [row] = (lock ? await query.for('update') : await query) as T['$inferSelect'][];
  if (row === undefined || ownership.isGone?.(row)) throw notFound();
  if (!ownership.mayChange(actor, row)) throw forbidden();
  return row;
}
