import { CodeFlag } from '@metal/shared';
import { type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { realNameVerifications } from './verification.table';

/**
 * SPEC §6: whether a person has passed real-person verification. It belongs to the person (userId),
 * not the company: an employee is verified by their own check, and an owner's does not cover them.
 */
export async function isRealNameVerified(db: Executor, userId: number): Promise<boolean> {
  if (userId <= 0) return false;
  const [row] = await db
    .select({ userId: realNameVerifications.userId })
    .from(realNameVerifications)
    .where(eq(realNameVerifications.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** isRealNameVerified in SQL, of the person a column names, for a query that reads more besides. */
export const isRealNameVerifiedSql = (userId: Column): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${realNameVerifications} where ${eq(realNameVerifications.userId, userId)})`;

/** Throws codeFlag 8 unless the actor is verified (real-name purchase, inquiry quoting, opening a shop). */
export async function requireRealNameVerified(db: Executor, actor: Actor): Promise<void> {
  if (!(await isRealNameVerified(db, actor.userId))) {
    throw new AppError(CodeFlag.realPersonRequired, 'verification.required');
  }
}
