import { and, type Column, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyLicences } from './companies.table';

const approvedLicenceOf = (rootId: number | Column) =>
  and(eq(companyLicences.rootId, rootId), eq(companyLicences.status, 'approved'));

/** Whether a company has an approved business licence (SPEC §4: shop opening needs one). */
export async function hasApprovedLicence(db: Executor, rootId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companyLicences.id })
    .from(companyLicences)
    .where(approvedLicenceOf(rootId))
    .limit(1);
  return Boolean(row);
}

/** hasApprovedLicence in SQL, of the company a column names, for a query that reads more besides. */
export const hasApprovedLicenceSql = (rootId: Column): SQL<boolean> =>
  sql<boolean>`exists (select 1 from ${companyLicences} where ${approvedLicenceOf(rootId)})`;
