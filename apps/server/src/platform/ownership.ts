import { CodeFlag } from '@metal/shared';
import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { users } from '../modules/accounts/accounts.table';
import { refuseLeftMember } from '../modules/staff/staff.access';
import type { Actor } from './actor';
import type { ContextOf } from './context';
import { AppError, forbidden, notFound } from './errors';

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
 * Holds the actor's account and their company owner's (share locks, in id order) for the change about
 * to be made, refusing it when either is disabled: an operator disabling an account locks its row first
 * and then takes its listings off sale, so a change either lands before the takedown (and is taken down
 * with the rest) or waits for it and is refused, never putting a listing back on sale behind it. The
 * company disabling or removing an employee locks the same row first, so their change is refused too.
 */
export async function holdActiveAccounts(db: Executor, actor: Actor) {
  const held = await db
    .select({ status: users.status })
    .from(users)
    .where(inArray(users.id, [...new Set([actor.userId, actor.rootId])]))
    .orderBy(users.id)
    .for('share');
  if (held.length === 0 || held.some((account) => account.status !== 'active'))
    throw new AppError(CodeFlag.notLoggedIn, 'login.disabled');
  await refuseLeftMember(db, actor);
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
  if (lock) await holdActiveAccounts(db, actor);
  const query = db
    .select()
    .from(ownership.table as PgTable)
    .where(eq(ownership.id, id));
  const [row] = (lock ? await query.for('update') : await query) as T['$inferSelect'][];
  if (row === undefined || ownership.isGone?.(row)) throw notFound();
  if (!ownership.mayChange(actor, row)) throw forbidden();
  return row;
}
