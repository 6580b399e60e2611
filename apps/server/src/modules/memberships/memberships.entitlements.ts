import { CodeFlag, type EntitlementKind } from '@metal/shared';
import { and, count, desc, eq, gt, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { publishOnCommit } from '../../platform/delivery';
import { AppError, notFound } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { recordOperatorAction } from '../operators/operators.service';
import { entitlements } from './memberships.table';

const DAY_MS = 24 * 3600 * 1000;
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** Which of these holders hold an entitlement now, in one query (for lists). */
export async function entitlementHolders(db: Executor, userIds: number[], kind: EntitlementKind, now: Date) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ userId: entitlements.userId })
    .from(entitlements)
    .where(
      and(
        inArray(entitlements.userId, userIds),
        eq(entitlements.kind, kind),
        lte(entitlements.startsAt, now),
        gt(entitlements.endsAt, now),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function hasEntitlement(db: Executor, userId: number, kind: EntitlementKind, now: Date) {
  if (userId === 0) return false;
  const [row] = await db
    .select({ n: count() })
    .from(entitlements)
    .where(
      and(
        eq(entitlements.userId, userId),
        eq(entitlements.kind, kind),
        lte(entitlements.startsAt, now),
        gt(entitlements.endsAt, now),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** Rows of a holder's entitlement of one kind that end after `now`, oldest start first, as one JSON list. */
export function entitlementRowsJson(userId: number, kind: EntitlementKind, now: Date) {
  return sql<
    { startsAt: string; endsAt: string }[]
  >`(select coalesce(json_agg(json_build_object('startsAt', ${entitlements.startsAt}, 'endsAt', ${entitlements.endsAt}) order by ${entitlements.startsAt}), '[]'::json) from ${entitlements} where ${and(eq(entitlements.userId, userId), eq(entitlements.kind, kind), gt(entitlements.endsAt, now))})`;
}

/**
 * The entitlement held now, as one period, from `entitlementRowsJson`: from the start of the one in
 * force to the end of the last one that follows on from it (renewals extend from the end of the
 * previous, so they chain).
 */
export function entitlementPeriod(rows: { startsAt: string; endsAt: string }[], now: Date) {
  const periods = rows.map((row) => ({ startsAt: new Date(row.startsAt), endsAt: new Date(row.endsAt) }));
  const current = periods.find((period) => period.startsAt <= now);
  if (!current) return null;
  let endsAt = current.endsAt;
  for (const period of periods) if (period.startsAt <= endsAt && period.endsAt > endsAt) endsAt = period.endsAt;
  return { startsAt: current.startsAt, endsAt };
}

/**
 * `months` calendar months later on Shanghai's calendar, at the same wall-clock time; a day the month
 * lacks becomes its last (31 January + 1 month = 28 or 29 February).
 */
export function addShanghaiMonths(instant: Date, months: number): Date {
  const local = new Date(instant.getTime() + SHANGHAI_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const shifted = Date.UTC(
    year,
    month,
    Math.min(local.getUTCDate(), lastDay),
    local.getUTCHours(),
    local.getUTCMinutes(),
    local.getUTCSeconds(),
    local.getUTCMilliseconds(),
  );
  return new Date(shifted - SHANGHAI_OFFSET_MS);
}

/** A period's length as bought: calendar months or days. */
export interface PeriodLength {
  months?: number | null;
  days?: number | null;
}

const periodEnd = (startsAt: Date, length: PeriodLength) =>
  length.months
    ? addShanghaiMonths(startsAt, length.months)
    : new Date(startsAt.getTime() + (length.days ?? 0) * DAY_MS);

/**
 * Holds the holder's row until the transaction ends, so that two extensions of one holder (two owners'
 * purchases paid at once, a purchase and a grant) run one after the other and each sees the other's
 * end. `no key update` leaves rows that merely reference the user (key share) free to be written.
 */
async function lockHolder(tx: Executor, holderId: number) {
  const [holder] = await tx.select({ id: users.id }).from(users).where(eq(users.id, holderId)).for('no key update');
  if (!holder) throw notFound();
}

/**
 * Adds a period of `length` for the holder, from the end of the one held (end to end, never
 * overlapping) or from now when none is held, in the caller's transaction; profiles showing it are
 * told on commit (certification shows on every member of the company).
 */
export async function extendEntitlement(
  tx: Executor,
  now: Date,
  grant: {
    holderId: number;
    kind: EntitlementKind;
    length: PeriodLength;
    grantedBy?: number;
    reason?: string;
    purchaseId?: number;
  },
) {
  await lockHolder(tx, grant.holderId);
  const [current] = await tx
    .select({ endsAt: entitlements.endsAt })
    .from(entitlements)
    .where(
      and(eq(entitlements.userId, grant.holderId), eq(entitlements.kind, grant.kind), gt(entitlements.endsAt, now)),
    )
    .orderBy(desc(entitlements.endsAt))
    .limit(1);
  const startsAt = current ? current.endsAt : now;
  const endsAt = periodEnd(startsAt, grant.length);
  await tx.insert(entitlements).values({
    userId: grant.holderId,
    kind: grant.kind,
    startsAt,
    endsAt,
    grantedBy: grant.grantedBy ?? null,
    reason: grant.reason ?? '',
    purchaseId: grant.purchaseId ?? null,
    createdAt: now,
  });
  await publishProfileChange(tx, grant.holderId, grant.kind);
  return { startsAt, endsAt };
}

const publishProfileChange = (tx: Executor, holderId: number, kind: EntitlementKind) =>
  publishOnCommit(tx, 'profiles.changed', kind === 'certified_supplier' ? { rootId: holderId } : { userId: holderId });

/**
 * Takes back `share` (0 < share ≤ 1) of the period a purchase added: the period is shortened from its
 * end by that share of its length (removed when wholly taken back), and the holder's later periods of
 * the kind move earlier by as much, so they stay end to end and the holder loses exactly that time.
 */
export async function shortenPurchasedEntitlement(tx: Executor, purchaseId: number, share: number) {
  const [bought] = await tx
    .select({ userId: entitlements.userId })
    .from(entitlements)
    .where(eq(entitlements.purchaseId, purchaseId));
  if (!bought) return;
  await lockHolder(tx, bought.userId);
  // Read only under the holder's lock: a refund of another of the holder's periods may have just moved this one.
  const [period] = await tx.select().from(entitlements).where(eq(entitlements.purchaseId, purchaseId));
  if (!period) return;
  const lengthMs = period.endsAt.getTime() - period.startsAt.getTime();
  const cutMs = share >= 1 ? lengthMs : Math.round(lengthMs * share);
  if (cutMs <= 0) return;
  if (cutMs >= lengthMs) await tx.delete(entitlements).where(eq(entitlements.id, period.id));
  else
    await tx
      .update(entitlements)
      .set({ endsAt: new Date(period.endsAt.getTime() - cutMs) })
      .where(eq(entitlements.id, period.id));
  const cut = sql`make_interval(secs => ${cutMs / 1000})`;
  await tx
    .update(entitlements)
    .set({ startsAt: sql`${entitlements.startsAt} - ${cut}`, endsAt: sql`${entitlements.endsAt} - ${cut}` })
    .where(
      and(
        eq(entitlements.userId, period.userId),
        eq(entitlements.kind, period.kind),
        ne(entitlements.id, period.id),
        gte(entitlements.startsAt, period.endsAt),
      ),
    );
  await publishProfileChange(tx, period.userId, period.kind);
}

/** `entitlement/grant`: an operator's grant for some days, extended from the end of the one held, with the reason logged. */
export async function grantEntitlement(
  { db, clock, actor }: ServiceContext,
  { userId, kind, days, reason }: { userId: number; kind: EntitlementKind; days: number; reason: string },
) {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ rootId: users.rootId }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound();
    // Certification is the company's, held by its owner: granted to an employee it would open nothing.
    if (kind === 'certified_supplier' && user.rootId !== userId)
      throw new AppError(CodeFlag.invalidInput, 'membership.grantToOwner');
    const now = clock.now();
    const { startsAt, endsAt } = await extendEntitlement(tx, now, {
      holderId: userId,
      kind,
      length: { days },
      grantedBy: actor.userId,
      reason,
    });
    await recordOperatorAction(
      { db: tx, clock, actor },
      { action: 'entitlement.grant', target: `user:${userId}`, detail: { kind, days, reason } },
    );
    return { userId, kind, startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString() };
  });
}
