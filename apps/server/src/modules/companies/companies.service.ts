import {
  CodeFlag,
  type Language,
  secondsUntil,
  shanghaiDayStart,
  type TCompanyInfo,
  type TCompanyNameChange,
  type TNameChangeReviewItem,
  type TNameTakenFailure,
  type TSaveAddressInput,
  type TSaveCompanyInfoInput,
  type TSaveLinkInfoInput,
} from '@metal/shared';
import { findRegionPath } from '@metal/shared/regions';
import { and, desc, eq, gte, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { publishOnCommit } from '../../platform/delivery';
import { AppError, notFound, tooManyRequests } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { imageLinks } from '../files/files.service';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';
import { sendNotice } from '../notices/notices.service';
import { notices } from '../notices/notices.table';
import { ensureCompany, findCompany, isCompanyInfoComplete, requirePermission } from './companies.policy';
import { companies, companyLicences, companyNameChanges } from './companies.table';
import { decideLicence, insertPendingLicence } from './licences.service';

type Company = typeof companies.$inferSelect;
type NameChange = typeof companyNameChanges.$inferSelect;

/** Every company-name operation holds this lock, so two users can never both get one name. */
const lockNames = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('companies.name'))`);

/** Whether a name is held by another company or asked for in another company's open change. */
async function nameHolder(tx: Executor, name: string, exceptRootId: number) {
  const [held] = await tx
    .select({ rootId: companies.rootId })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, ne(companies.rootId, exceptRootId)))
    .limit(1);
  if (held) return held.rootId;
  const [asked] = await tx
    .select({ rootId: companyNameChanges.rootId })
    .from(companyNameChanges)
    .where(
      and(
        sql`lower(${companyNameChanges.newName}) = lower(${name})`,
        eq(companyNameChanges.status, 'pending'),
        ne(companyNameChanges.rootId, exceptRootId),
      ),
    )
    .limit(1);
  return asked?.rootId ?? null;
}

const nameTaken = () =>
  new AppError(
    CodeFlag.conflict,
    'company.nameTaken',
    {},
    { data: { canContactHolder: true } satisfies TNameTakenFailure },
  );

type LicenceFile = typeof files.$inferSelect;

/** Name changes with the file of the licence sent with each (null for changes from before licences were required). */
const nameChangeQuery = (db: Executor) =>
  db
    .select({ change: companyNameChanges, licenceFile: files })
    .from(companyNameChanges)
    .leftJoin(companyLicences, eq(companyLicences.id, companyNameChanges.licenceId))
    .leftJoin(files, eq(files.id, companyLicences.fileId));

export function toNameChange(
  { change, licenceFile }: { change: NameChange; licenceFile: LicenceFile | null },
  links: FileLinks,
): TCompanyNameChange {
  return {
    id: change.id,
    rootId: change.rootId,
    companyName: change.oldName,
    modifyCompanyName: change.newName,
    status: change.status,
    reason: change.reason,
    createdAt: change.createdAt.toISOString(),
    reviewedAt: change.reviewedAt?.toISOString() ?? null,
    licence: licenceFile ? imageLinks(licenceFile, links) : null,
  };
}

/** The parts the company-info gate still wants, in the order user_center shows them. */
function missingParts(company: Company | undefined): TCompanyInfo['missing'] {
  const missing: TCompanyInfo['missing'] = [];
  if (!company?.name.trim()) missing.push('name');
  if (!company?.businessModel) missing.push('businessModel');
  if (!company?.linkName.trim() || !company.linkPhone.trim()) missing.push('linkInfo');
  if (!company?.province || !company.city || !company.district || !company.addressDetail.trim())
    missing.push('manageAddress');
  return missing;
}

/** `user_center/compay_info/detail`: the caller's company (empty parts for a new user). */
export async function companyInfo({
  db,
  links,
  actor,
  lang,
}: {
  db: Database;
  links: FileLinks;
  actor: Actor;
  lang: Language;
}) {
  const company = await findCompany(db, actor.rootId);
  const productIds = [...(company?.buyProducts ?? []), ...(company?.sellProducts ?? [])];
  const sortRows = productIds.length ? await db.select().from(sorts).where(inArray(sorts.id, productIds)) : [];
  const sortName = new Map(sortRows.map((s) => [s.id, lang === 'zh-CN' ? s.name : s.nameEn]));
  const products = (ids: number[]) =>
    ids.filter((id) => sortName.has(id)).map((id) => ({ id, sortName: sortName.get(id)! }));
  const [latestChange] = await nameChangeQuery(db)
    .where(eq(companyNameChanges.rootId, actor.rootId))
    .orderBy(desc(companyNameChanges.createdAt), desc(companyNameChanges.id))
    .limit(1);
  return {
    rootId: actor.rootId,
    name: company?.name ?? '',
    brand: company?.brand ?? '',
    businessModel: company?.businessModel ?? '',
    buyProducts: products(company?.buyProducts ?? []),
    sellProducts: products(company?.sellProducts ?? []),
    phones: company?.phones ?? [],
    faxes: company?.faxes ?? [],
    qq: company?.qq ?? '',
    wechat: company?.wechat ?? '',
    webUrl: company?.webUrl ?? '',
    linkInfo: { linkName: company?.linkName ?? '', linkPhone: company?.linkPhone ?? '' },
    haveManageAddress: Boolean(company?.province && company.addressDetail),
    manageAddress: {
      province: company?.province ?? '',
      city: company?.city ?? '',
      district: company?.district ?? '',
      detail: company?.addressDetail ?? '',
      lng: company?.lng ?? null,
      lat: company?.lat ?? null,
    },
    // An approved change is history; a pending or rejected one is what the user must see.
    companyModifyInfo:
      latestChange && latestChange.change.status !== 'approved' ? toNameChange(latestChange, links) : null,
    complete: isCompanyInfoComplete(company),
    missing: missingParts(company),
    editable: actor.permissions.includes('company'),
  } satisfies TCompanyInfo;
}

/** `user_center/compay_info/save`: the parts sent; products must be catalogue sorts. */
export async function saveCompanyInfo({
  db,
  clock,
  links,
  actor,
  lang,
  input,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  lang: Language;
  input: TSaveCompanyInfoInput;
}) {
  requirePermission(actor, 'company');
  const chosen = [...(input.buyProducts ?? []), ...(input.sellProducts ?? [])];
  if (chosen.length > 0) {
    const known = await db.select({ id: sorts.id }).from(sorts).where(inArray(sorts.id, chosen));
    const knownIds = new Set(known.map((s) => s.id));
    const field = (input.buyProducts ?? []).some((id) => !knownIds.has(id)) ? 'buyProducts' : 'sellProducts';
    if (chosen.some((id) => !knownIds.has(id)))
      throw new AppError(
        CodeFlag.invalidInput,
        'company.unknownSort',
        {},
        { errors: { [field]: 'company.unknownSort' } },
      );
  }
  const now = clock.now();
  const changes: Partial<typeof companies.$inferInsert> = { updatedAt: now };
  for (const key of [
    'brand',
    'businessModel',
    'buyProducts',
    'sellProducts',
    'phones',
    'faxes',
    'qq',
    'wechat',
    'webUrl',
  ] as const) {
    if (input[key] !== undefined) Object.assign(changes, { [key]: input[key] });
  }
  await db.transaction(async (tx) => {
    await ensureCompany(tx, actor.rootId, now);
    await tx.update(companies).set(changes).where(eq(companies.rootId, actor.rootId));
    await publishOnCommit(tx, 'profiles.changed', { rootId: actor.rootId });
  });
  return companyInfo({ db, links, actor, lang });
}

/** `user_center/compay_info/save_link` (link_info). */
export async function saveLinkInfo({
  db,
  clock,
  links,
  actor,
  lang,
  input,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  lang: Language;
  input: TSaveLinkInfoInput;
}) {
  requirePermission(actor, 'company');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await ensureCompany(tx, actor.rootId, now);
    await tx
      .update(companies)
      .set({ linkName: input.linkName, linkPhone: input.linkPhone, updatedAt: now })
      .where(eq(companies.rootId, actor.rootId));
    await publishOnCommit(tx, 'profiles.changed', { rootId: actor.rootId });
  });
  return companyInfo({ db, links, actor, lang });
}

/**
 * `user_center/compay_info/save_address` (manager_address): the region must be a province → city →
 * district path of the shipped table; without a map point the district's centre stands in, so every
 * complete address has coordinates for distances.
 */
export async function saveAddress({
  db,
  clock,
  links,
  actor,
  lang,
  input,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  lang: Language;
  input: TSaveAddressInput;
}) {
  requirePermission(actor, 'company');
  const region = findRegionPath(input.province, input.city, input.district);
  if (!region)
    throw new AppError(
      CodeFlag.invalidInput,
      'company.regionInvalid',
      {},
      { errors: { province: 'company.regionInvalid' } },
    );
  const point =
    input.lng !== undefined && input.lat !== undefined ? { lng: input.lng, lat: input.lat } : region.district;
  const now = clock.now();
  await db.transaction(async (tx) => {
    await ensureCompany(tx, actor.rootId, now);
    await tx
      .update(companies)
      .set({
        province: region.province.name,
        city: region.city.name,
        district: region.district.name,
        addressDetail: input.detail,
        lng: point.lng,
        lat: point.lat,
        updatedAt: now,
      })
      .where(eq(companies.rootId, actor.rootId));
    await publishOnCommit(tx, 'profiles.changed', { rootId: actor.rootId });
  });
  return companyInfo({ db, links, actor, lang });
}

/** `user_center/compay_info/set_name`: a company's first name, taken at once when no one holds it. */
export async function setCompanyName({
  db,
  clock,
  links,
  actor,
  lang,
  name,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  lang: Language;
  name: string;
}) {
  requirePermission(actor, 'company');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await lockNames(tx);
    const company = await ensureCompany(tx, actor.rootId, now);
    if (company.name) throw new AppError(CodeFlag.conflict, 'company.nameSet');
    if ((await nameHolder(tx, name, actor.rootId)) !== null) throw nameTaken();
    await tx.update(companies).set({ name, updatedAt: now }).where(eq(companies.rootId, actor.rootId));
    await publishOnCommit(tx, 'profiles.changed', { rootId: actor.rootId });
  });
  return companyInfo({ db, links, actor, lang });
}

/**
 * `user_center/compay_info/modify_name` (modify_company): asks for a new name with a newly uploaded
 * business licence (SPEC §4), reviewed together. The current name and licence stay in use until an
 * operator approves; a pending request blocks another.
 */
export async function requestNameChange({
  db,
  clock,
  links,
  actor,
  lang,
  name,
  licenceFileId,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  lang: Language;
  name: string;
  licenceFileId: number;
}) {
  requirePermission(actor, 'company');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await lockNames(tx);
    const company = await ensureCompany(tx, actor.rootId, now);
    if (!company.name) throw new AppError(CodeFlag.conflict, 'company.nameNotSet');
    if (company.name.toLowerCase() === name.toLowerCase())
      throw new AppError(
        CodeFlag.invalidInput,
        'company.nameUnchanged',
        {},
        { errors: { name: 'company.nameUnchanged' } },
      );
    const [pending] = await tx
      .select({ id: companyNameChanges.id })
      .from(companyNameChanges)
      .where(and(eq(companyNameChanges.rootId, actor.rootId), eq(companyNameChanges.status, 'pending')));
    if (pending) throw new AppError(CodeFlag.conflict, 'company.nameChangePending');
    if ((await nameHolder(tx, name, actor.rootId)) !== null) throw nameTaken();
    const licence = await insertPendingLicence(tx, { actor, fileId: licenceFileId, now, field: 'licenceFileId' });
    await tx
      .insert(companyNameChanges)
      .values({ rootId: actor.rootId, oldName: company.name, newName: name, createdAt: now, licenceId: licence.id });
  });
  return companyInfo({ db, links, actor, lang });
}

/** `user_center/compay_info/contact_holder`: tells the holder of a taken name that someone wants it (once a day per name). */
export async function contactNameHolder({
  db,
  clock,
  actor,
  name,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  name: string;
}) {
  const now = clock.now();
  await db.transaction(async (tx) => {
    const holder = await nameHolder(tx, name, actor.rootId);
    if (holder === null) throw notFound();
    const subject = `company_name:${name.toLowerCase()}`;
    const [already] = await tx
      .select({ id: notices.id })
      .from(notices)
      .where(
        and(
          eq(notices.senderId, actor.userId),
          eq(notices.subject, subject),
          gte(notices.createdAt, shanghaiDayStart(now)),
        ),
      )
      .limit(1);
    if (already) {
      const tomorrow = new Date(shanghaiDayStart(now).getTime() + 24 * 3600_000);
      throw tooManyRequests('company.holderContactedAlready', secondsUntil(tomorrow, now));
    }
    await sendNotice(tx, clock, {
      userId: holder,
      messageKey: 'notice.nameContact',
      params: { name },
      subject,
      senderId: actor.userId,
    });
  });
  return null;
}

/** `console/company_name/list` (operators): open name changes, oldest first, each with its new licence. */
export async function pendingNameChanges({ db, links }: ServiceContext): Promise<TNameChangeReviewItem[]> {
  const rows = await nameChangeQuery(db)
    .where(eq(companyNameChanges.status, 'pending'))
    .orderBy(companyNameChanges.createdAt, companyNameChanges.id);
  return rows.map((row) => ({ ...toNameChange(row, links), submittedAt: row.change.createdAt.toISOString() }));
}

/**
 * `console/company_name/review` (operators): approve (the new name and its licence take effect) or
 * reject both with a reason; the owner is told.
 */
export async function reviewNameChange(ctx: ServiceContext, input: ReviewInput) {
  return decideReview(ctx, nameChangeReviews(ctx.links), input);
}

type NameChangeRow = typeof companyNameChanges.$inferSelect;

const nameChangeReviews = (links: FileLinks): ReviewQueue<NameChangeRow, TCompanyNameChange> => ({
  subject: 'company_name_change',
  action: 'company_name',
  notices: { approved: 'notice.nameApproved', rejected: 'notice.nameRejected' },
  async load(tx, id) {
    await lockNames(tx);
    return (await tx.select().from(companyNameChanges).where(eq(companyNameChanges.id, id)))[0];
  },
  isPending: (change) => change.status === 'pending',
  // A name change asked for is never changed, only decided: it is the version it was asked as.
  versionOf: (change) => change.createdAt,
  async decide(tx, change, decision) {
    const { approve, now, reviewed } = decision;
    await tx
      .update(companyNameChanges)
      .set({ status: approve ? 'approved' : 'rejected', ...reviewed })
      .where(eq(companyNameChanges.id, change.id));
    if (approve) {
      await tx
        .update(companies)
        .set({ name: change.newName, updatedAt: now })
        .where(eq(companies.rootId, change.rootId));
      await publishOnCommit(tx, 'profiles.changed', { rootId: change.rootId });
    }
    // The new name's licence is decided with it.
    const [licence] = change.licenceId
      ? await tx.select().from(companyLicences).where(eq(companyLicences.id, change.licenceId))
      : [];
    if (licence?.status === 'pending') await decideLicence(tx, licence, decision);
    const [shown] = await nameChangeQuery(tx).where(eq(companyNameChanges.id, change.id));
    return toNameChange(shown!, links);
  },
  announce: async (_tx, change, _shown, { approve }) => ({
    userId: change.rootId,
    // A rejection names only its reason: the name was not taken.
    ...(approve ? { params: { name: change.newName } } : {}),
    logDetail: {
      rootId: change.rootId,
      newName: change.newName,
      ...(change.licenceId ? { licenceId: change.licenceId } : {}),
    },
  }),
});
