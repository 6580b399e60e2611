import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { companyLicences } from './companies.table';

/** Whether a company has an approved business licence (SPEC §4: shop opening needs one). */
export async function hasApprovedLicence(db: Executor, rootId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: companyLicences.id })
    .from(companyLicences)
    .where(and(eq(companyLicences.rootId, rootId), eq(companyLicences.status, 'approved')))
    .limit(1);
  return Boolean(row);
}
