import { CodeFlag, type Permission } from '@metal/shared';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { AppError, notFound } from '../../platform/errors';
import { companies } from './companies.table';

type Company = typeof companies.$inferSelect;

/**
 * SPEC §5 company-info gate: a company is complete once it has a name, a business model, a contact
 * person with a business phone, and a business address (province, city, district and detail).
 */
export function isCompanyInfoComplete(company: Company | undefined): boolean {
  return Boolean(
    company?.name.trim() &&
      company.businessModel &&
      company.linkName.trim() &&
      company.linkPhone.trim() &&
      company.province.trim() &&
      company.city.trim() &&
      company.district.trim() &&
      company.addressDetail.trim(),
  );
}

/** isCompanyInfoComplete in SQL, for lists that show strangers only complete companies; keep the two alike. */
export const companyInfoCompleteSql = and(
  sql`btrim(${companies.name}) <> ''`,
  isNotNull(companies.businessModel),
  sql`btrim(${companies.linkName}) <> ''`,
  sql`btrim(${companies.linkPhone}) <> ''`,
  sql`btrim(${companies.province}) <> ''`,
  sql`btrim(${companies.city}) <> ''`,
  sql`btrim(${companies.district}) <> ''`,
  sql`btrim(${companies.addressDetail}) <> ''`,
);

export async function findCompany(db: Executor, rootId: number): Promise<Company | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.rootId, rootId)).limit(1);
  return company;
}

/** Throws codeFlag 7 unless the actor's company info is complete. */
export async function requireCompanyInfo(db: Executor, rootId: number): Promise<void> {
  if (!isCompanyInfoComplete(await findCompany(db, rootId))) {
    throw new AppError(CodeFlag.companyInfoIncomplete, 'companyInfo.incomplete');
  }
}

/**
 * Company info and licences need the 'company' permission, albums 'shop': the owner and the authorized
 * employee hold both, an employee as their roles give. The calls' contracts name the same permission
 * (checked centrally before any handler); this keeps the services right when called from elsewhere.
 */
export function requirePermission(actor: Actor, permission: Permission) {
  if (!actor.permissions.includes(permission)) throw new AppError(CodeFlag.forbidden, `noPermission.${permission}`);
}

/** The company row of a root user, made empty on first use. */
export async function ensureCompany(tx: Executor, rootId: number, now: Date): Promise<Company> {
  await tx.insert(companies).values({ rootId, updatedAt: now }).onConflictDoNothing();
  const company = await findCompany(tx, rootId);
  if (!company) throw notFound();
  return company;
}
