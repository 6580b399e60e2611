import { CAPACITY_REVIEW_WORKING_DAYS, epochSecondsOf, shanghaiDate, type TradingCalendar } from '@metal/shared';
import { and, inArray, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyLicences } from '../companies/companies.table';

/**
 * SPEC §4/§9: a capacity is reviewed within CAPACITY_REVIEW_WORKING_DAYS working days after the later
 * of its posting (or last change) and the company's approval. The due date is the last of those days
 * (Asia/Shanghai), counted from the day after the start on the trading calendar (weekends, statutory
 * holidays and operators' overrides included), so a capacity posted on a Friday is due the Friday after.
 */
export function reviewDueDate(calendar: TradingCalendar, start: Date): string {
  let day = shanghaiDate(epochSecondsOf(start));
  for (let i = 0; i < CAPACITY_REVIEW_WORKING_DAYS; i++) day = calendar.nextTradingDay(day);
  return day;
}

/** A due date has passed once its Asia/Shanghai day is over. */
export const isOverdue = (dueDate: string, now: Date) => shanghaiDate(epochSecondsOf(now)) > dueDate;

/** The later of two moments. */
export const laterOf = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Companies' approval: when each company first had its business licence approved, for those among
 * `rootIds` whose licence is approved now ('replaced' licences were approved before a newer one was).
 */
export async function companyApprovals(db: Executor, rootIds: number[]): Promise<Map<number, Date>> {
  if (rootIds.length === 0) return new Map();
  const rows = await db
    .select({ rootId: companyLicences.rootId, approvedAt: min(companyLicences.reviewedAt) })
    .from(companyLicences)
    .where(
      and(
        inArray(companyLicences.rootId, [...new Set(rootIds)]),
        inArray(companyLicences.status, ['approved', 'replaced']),
      ),
    )
    .groupBy(companyLicences.rootId)
    .having(sql`bool_or(${companyLicences.status} = 'approved')`);
  return new Map(rows.filter((row) => row.approvedAt).map((row) => [row.rootId, new Date(row.approvedAt!)]));
}

/** The companies whose licence is approved now, with when they were first approved, as a subquery to join. */
export const approvalsSubquery = (db: Executor) =>
  db
    .select({
      rootId: companyLicences.rootId,
      approvedAt: sql<Date>`min(${companyLicences.reviewedAt})`.as('approved_at'),
    })
    .from(companyLicences)
    .where(inArray(companyLicences.status, ['approved', 'replaced']))
    .groupBy(companyLicences.rootId)
    .having(sql`bool_or(${companyLicences.status} = 'approved')`)
    .as('approvals');

/** Whether one company's licence is approved now (a capacity of a company without one is not reviewed). */
export async function companyApproval(db: Executor, rootId: number): Promise<Date | null> {
  return (await companyApprovals(db, [rootId])).get(rootId) ?? null;
}
