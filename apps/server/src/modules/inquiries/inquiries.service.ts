import {
  ChatActionType,
  CodeFlag,
  INQUIRY_MAX_DEADLINE_DAYS,
  type InquiryStatus,
  type Language,
  PAGE_SIZE_DEFAULT,
  shanghaiDate,
  type TInquiryDetail,
  type TInquiryPage,
  type TInquirySaveInput,
  type TInquirySummary,
} from '@metal/shared';
import { citiesOf, findRegionPath, provinces } from '@metal/shared/regions';
import { and, asc, desc, eq, gt, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import {
  closePosting,
  countPostingView,
  deletePosting,
  expirePostings,
  postingForReview,
} from '../../platform/postings';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { ofActiveCompany } from '../accounts/accounts.visibility';
import { sendTradeAction } from '../chat/chat.trade-actions';
import { requireCompanyInfo } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { companyPublicFileIds } from '../files/files.service';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';
import { sendNotice } from '../notices/notices.service';
import { designatedSuppliers, supplierStates } from './inquiries.handling';
import { inquiryPosting } from './inquiries.policy';
import { routeInquiries } from './inquiries.routing';
import { inquiries, inquiryAttachments, inquiryDesignations, inquirySpecs } from './inquiries.table';

type InquiryRow = typeof inquiries.$inferSelect;
const DAY_MS = 86_400_000;
/** The console shows this many waiting inquiries at a time (they are decided in minutes). */
const INQUIRY_REVIEW_QUEUE_MAX = 100;

/** A province and city (and, when given, district) of the region table, by name; invalid input otherwise. */
function deliveryPlace(province: string, city: string, district: string) {
  if (district) {
    const path = findRegionPath(province, city, district);
    if (!path) throw invalid('inquiry.regionInvalid', 'province');
    return { province, city, district, lng: path.district.lng, lat: path.district.lat };
  }
  const found = findCity(province, city);
  if (!found) throw invalid('inquiry.regionInvalid', 'province');
  return { province, city, district: '', lng: found.lng, lat: found.lat };
}

function findCity(provinceName: string, cityName: string) {
  const province = provinces().find((p) => p.name === provinceName);
  return province ? citiesOf(province.code).find((c) => c.name === cityName) : undefined;
}

/** The preferred supplier location: empty, a province, or a province and one of its cities. */
function supplierPlace(province: string, city: string) {
  if (!province && !city) return;
  const known = city ? findCity(province, city) : provinces().find((p) => p.name === province);
  if (!known) throw invalid('inquiry.regionInvalid', 'supplierProvince');
}

/** Attachments: public files the caller's company uploaded, by their /files/ address, in order. */
async function attachmentFiles(tx: Executor, rootId: number, urls: string[]): Promise<number[]> {
  const ids = await companyPublicFileIds(tx, rootId, urls);
  if (!ids) throw invalid('inquiry.attachmentsInvalid', 'attachments');
  return ids;
}

/** Designated suppliers: other companies with an open shop. */
async function requireDesignatable(tx: Executor, actor: Actor, rootIds: number[]) {
  const unique = [...new Set(rootIds)];
  if (unique.length !== rootIds.length || unique.includes(actor.rootId))
    throw invalid('inquiry.designatedInvalid', 'designatedRootIds');
  const open = await tx
    .select({ rootId: companies.rootId })
    .from(companies)
    .where(and(inArray(companies.rootId, unique), isNotNull(companies.shopOpenedAt)));
  if (open.length !== unique.length) throw invalid('inquiry.designatedInvalid', 'designatedRootIds');
}

async function sortNameOf(db: Executor, sortId: number): Promise<string> {
  const [sort] = await db.select({ name: sorts.name }).from(sorts).where(eq(sorts.id, sortId)).limit(1);
  if (!sort) throw invalid('inquiry.categoryRequired', 'sortId');
  return sort.name;
}

/** The category of a new inquiry: a product that is bought and delivered, never a futures series. */
async function postableSortName(db: Executor, sortId: number): Promise<string> {
  const [sort] = await db
    .select({ name: sorts.name, physical: sorts.physical })
    .from(sorts)
    .where(eq(sorts.id, sortId))
    .limit(1);
  if (!sort) throw invalid('inquiry.categoryRequired', 'sortId');
  if (!sort.physical) throw invalid('inquiry.categoryNotPhysical', 'sortId');
  return sort.name;
}

/** The name notices and lists use: the first product (or the category) and how many products there are. */
function inquiryTitle(sortName: string, firstSpec: { productName: string; specification: string } | undefined) {
  const name = [firstSpec?.productName || sortName, firstSpec?.specification].filter(Boolean).join(' ');
  return name || sortName;
}

/** An inquiry's name as notices give it: its first product (or its category). */
export async function inquiryName(db: Executor, inquiry: { id: number; sortId: number }): Promise<string> {
  const [first] = await db
    .select({ productName: inquirySpecs.productName, specification: inquirySpecs.specification })
    .from(inquirySpecs)
    .where(eq(inquirySpecs.inquiryId, inquiry.id))
    .orderBy(asc(inquirySpecs.position))
    .limit(1);
  return inquiryTitle(await sortNameOf(db, inquiry.sortId), first);
}

/**
 * `inquiry/save` (input_inquiry): posts an inquiry for the actor's company, or changes its own one
 * (`id`) that waits for review or was rejected. A public inquiry waits for review; a designated one
 * opens at once and each designated company is told. Everything is checked before anything is written.
 */
export async function saveInquiry({
  db,
  clock,
  actor,
  input,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  input: TInquirySaveInput;
}): Promise<{ id: number }> {
  await requireCompanyInfo(db, actor.rootId);
  const now = clock.now();
  const deadline = input.quoteDeadline;
  if (deadline.getTime() <= now.getTime() || deadline.getTime() > now.getTime() + INQUIRY_MAX_DEADLINE_DAYS * DAY_MS)
    throw invalid('inquiry.deadlineInvalid', 'quoteDeadline');
  const deadlineDay = shanghaiDate(Math.floor(deadline.getTime() / 1000));
  if (input.deliveryDate && input.deliveryDate < deadlineDay)
    throw invalid('inquiry.deliveryDateInvalid', 'deliveryDate');
  const place = deliveryPlace(input.province, input.city, input.district);
  supplierPlace(input.supplierProvince, input.supplierCity);
  const sortName = await postableSortName(db, input.sortId);
  const designated = input.visibility === 'designated';
  const status: InquiryStatus = designated ? 'open' : 'review';

  const fields = {
    postedBy: actor.userId,
    sortId: input.sortId,
    status,
    reason: '',
    visibility: input.visibility,
    taxIncluded: input.taxIncluded === 1,
    freightIncluded: input.freightIncluded === 1,
    paymentMethod: input.paymentMethod,
    creditDays: input.paymentMethod === 'credit' ? (input.creditDays ?? null) : null,
    quoteDeadline: deadline,
    deliveryDate: input.deliveryDate || null,
    supplierProvince: input.supplierProvince,
    supplierCity: input.supplierProvince ? input.supplierCity : '',
    receiver: input.receiver,
    receiverPhone: input.receiverPhone,
    ...place,
    address: input.address,
    remark: input.remark,
    totalQuantityKg: input.specs.reduce((sum, spec) => sum + spec.quantity, 0),
    submittedAt: now,
    publishedAt: designated ? now : null,
    updatedAt: now,
  };

  return db.transaction(async (tx) => {
    if (designated) await requireDesignatable(tx, actor, input.designatedRootIds);
    const fileIds = await attachmentFiles(tx, actor.rootId, input.attachments);
    let id: number;
    if (input.id !== undefined) {
      const [current] = await tx
        .select({ rootId: inquiries.rootId, status: inquiries.status, submittedAt: inquiries.submittedAt })
        .from(inquiries)
        .where(eq(inquiries.id, input.id))
        .for('update');
      if (!current || current.status === 'deleted') throw notFound();
      if (current.rootId !== actor.rootId) throw new AppError(CodeFlag.forbidden, 'common.forbidden');
      if (current.status !== 'review' && current.status !== 'rejected')
        throw new AppError(CodeFlag.conflict, 'inquiry.notEditable');
      // submittedAt names the version an operator reviews: each change gets a later one, even in the same millisecond.
      const submittedAt = new Date(Math.max(now.getTime(), current.submittedAt.getTime() + 1));
      await tx
        .update(inquiries)
        .set({ ...fields, submittedAt })
        .where(eq(inquiries.id, input.id));
      await tx.delete(inquirySpecs).where(eq(inquirySpecs.inquiryId, input.id));
      await tx.delete(inquiryDesignations).where(eq(inquiryDesignations.inquiryId, input.id));
      await tx.delete(inquiryAttachments).where(eq(inquiryAttachments.inquiryId, input.id));
      id = input.id;
    } else {
      const [created] = await tx
        .insert(inquiries)
        .values({ ...fields, rootId: actor.rootId, createdAt: now })
        .returning({ id: inquiries.id });
      id = created!.id;
    }
    await tx.insert(inquirySpecs).values(
      input.specs.map((spec, position) => ({
        inquiryId: id,
        position,
        productName: spec.productName,
        specification: spec.specification,
        quantityKg: spec.quantity,
        attributes: spec.attributes,
      })),
    );
    if (fileIds.length > 0)
      await tx
        .insert(inquiryAttachments)
        .values(fileIds.map((fileId, position) => ({ inquiryId: id, fileId, position })));
    if (designated) {
      await tx.insert(inquiryDesignations).values(input.designatedRootIds.map((rootId) => ({ inquiryId: id, rootId })));
      const [buyer] = await tx
        .select({ name: companies.name })
        .from(companies)
        .where(eq(companies.rootId, actor.rootId));
      const name = inquiryTitle(sortName, input.specs[0]);
      for (const rootId of input.designatedRootIds) {
        await sendNotice(tx, clock, {
          userId: rootId,
          messageKey: 'notice.inquiryDesignated',
          params: { company: buyer?.name ?? '', name },
          subject: `inquiry:${id}`,
          senderId: actor.userId,
        });
        // SPEC action 16: the invitation also shows in the supplier's chat with the buyer.
        await sendTradeAction(tx, clock, {
          fromUserId: actor.userId,
          toUserId: rootId,
          action: { type: ChatActionType.notifyDesignatedInquirySupplier, info: { inquiryId: id } },
        });
      }
      await routeInquiries(tx, { now, inquiryId: id });
    }
    return { id };
  });
}

/**
 * The public parts of inquiries, with their first product, sort name and buyer company, in the given
 * order. With a logged-in `viewer`, each other company's inquiry says where it stands for them.
 */
export async function summaries(
  { db, lang = 'zh-CN', actor: viewer }: { db: Executor; lang?: Language; actor?: Actor },
  { rows, now, ownCompany = false }: { rows: InquiryRow[]; now: Date; ownCompany?: boolean },
): Promise<TInquirySummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const othersRows = viewer && viewer.userId > 0 ? rows.filter((row) => row.rootId !== viewer.rootId) : [];
  const [specs, sortRows, buyers, states] = await Promise.all([
    db
      .select()
      .from(inquirySpecs)
      .where(inArray(inquirySpecs.inquiryId, ids))
      .orderBy(asc(inquirySpecs.inquiryId), asc(inquirySpecs.position)),
    db
      .select({ id: sorts.id, name: sorts.name, nameEn: sorts.nameEn })
      .from(sorts)
      .where(inArray(sorts.id, [...new Set(rows.map((r) => r.sortId))])),
    db
      .select({ rootId: companies.rootId, name: companies.name })
      .from(companies)
      .where(inArray(companies.rootId, [...new Set(rows.map((r) => r.rootId))])),
    viewer && othersRows.length > 0 ? supplierStates({ db, actor: viewer }, { rows: othersRows, now }) : undefined,
  ]);
  const specsOf = new Map<number, (typeof specs)[number][]>();
  for (const spec of specs) specsOf.set(spec.inquiryId, [...(specsOf.get(spec.inquiryId) ?? []), spec]);
  const sortName = new Map(sortRows.map((s) => [s.id, lang === 'en-US' ? s.nameEn : s.name]));
  const buyerName = new Map(buyers.map((b) => [b.rootId, b.name]));
  return rows.map((row) => {
    const own = specsOf.get(row.id) ?? [];
    const name = sortName.get(row.sortId) ?? '';
    return {
      id: row.id,
      rootId: row.rootId,
      // Between its deadline and the expiry job's next run, an open inquiry already reads as expired.
      status: row.status === 'open' && row.quoteDeadline.getTime() <= now.getTime() ? 'expired' : row.status,
      visibility: row.visibility,
      sortId: row.sortId,
      sortName: name,
      title: inquiryTitle(name, own[0]),
      specCount: own.length,
      totalQuantityKg: row.totalQuantityKg,
      province: row.province,
      city: row.city,
      buyerCompanyName: buyerName.get(row.rootId) ?? '',
      quoteDeadline: row.quoteDeadline.toISOString(),
      quoteCount: row.quoteCount,
      views: row.views,
      createdAt: row.createdAt.toISOString(),
      reason: ownCompany ? row.reason : '',
      supplierState: states?.get(row.id)?.state ?? null,
    };
  });
}

/** Whether the actor may read the inquiry: its own company always; others once open or ended, designated ones only if named. */
export async function readable(
  db: Executor,
  actor: Pick<Actor, 'userId' | 'rootId'>,
  row: InquiryRow,
): Promise<boolean> {
  if (row.status === 'deleted') return false;
  if (actor.userId > 0 && row.rootId === actor.rootId) return true;
  if (row.status === 'review' || row.status === 'rejected') return false;
  if (row.visibility === 'public') return true;
  if (actor.userId <= 0) return false;
  const [named] = await db
    .select({ rootId: inquiryDesignations.rootId })
    .from(inquiryDesignations)
    .where(and(eq(inquiryDesignations.inquiryId, row.id), eq(inquiryDesignations.rootId, actor.rootId)));
  return Boolean(named);
}

/** `inquiry/detail` (inquiry_detail, inquiry_buy_detail): a readable inquiry; the delivery contact only for its own company. */
export async function inquiryDetail({
  db,
  clock,
  links,
  actor,
  id,
  lang,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  id: number;
  lang: Language;
}): Promise<TInquiryDetail> {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
  if (!row || row.status === 'deleted') throw notFound();
  if (!(await readable(db, actor, row))) throw new AppError(CodeFlag.forbidden, 'common.forbidden');
  const viewed = await countPostingView({ db, clock, actor }, inquiryPosting, row);
  const mine = actor.userId > 0 && row.rootId === actor.rootId;
  return detailOf(
    { db, links, lang, actor },
    { row: viewed ? { ...row, views: row.views + 1 } : row, now: clock.now(), full: mine },
  );
}

/**
 * An inquiry in full. `full` (its own company, operators) adds the delivery contact and street address,
 * the designated companies and how they answered, and the review reason, which are nobody else's
 * business. A logged-in `viewer` of another company also learns where it stands for them.
 */
async function detailOf(
  { db, links, lang = 'zh-CN', actor: viewer }: { db: Executor; links: FileLinks; lang?: Language; actor?: Actor },
  { row, now, full }: { row: InquiryRow; now: Date; full: boolean },
): Promise<TInquiryDetail> {
  const [summary] = await summaries({ db, lang }, { rows: [row], now, ownCompany: full });
  const asSupplier = !full && viewer !== undefined && viewer.userId > 0;
  const [specs, designated, attachments, suppliers, supplierView] = await Promise.all([
    db.select().from(inquirySpecs).where(eq(inquirySpecs.inquiryId, row.id)).orderBy(asc(inquirySpecs.position)),
    db
      .select({ rootId: inquiryDesignations.rootId })
      .from(inquiryDesignations)
      .where(eq(inquiryDesignations.inquiryId, row.id)),
    db
      .select({ file: files })
      .from(inquiryAttachments)
      .innerJoin(files, eq(files.id, inquiryAttachments.fileId))
      .where(eq(inquiryAttachments.inquiryId, row.id))
      .orderBy(asc(inquiryAttachments.position)),
    full && row.visibility === 'designated' ? designatedSuppliers(db, row.id) : [],
    asSupplier
      ? supplierStates({ db, actor: viewer }, { rows: [row], now }).then((states) => states.get(row.id))
      : undefined,
  ]);
  return {
    ...summary!,
    specs: specs.map((spec) => ({
      id: spec.id,
      productName: spec.productName,
      specification: spec.specification,
      quantityKg: spec.quantityKg,
      attributes: spec.attributes,
    })),
    taxIncluded: row.taxIncluded,
    freightIncluded: row.freightIncluded,
    paymentMethod: row.paymentMethod,
    creditDays: row.creditDays,
    deliveryDate: row.deliveryDate ?? '',
    supplierProvince: row.supplierProvince,
    supplierCity: row.supplierCity,
    receiver: full ? row.receiver : '',
    receiverPhone: full ? row.receiverPhone : '',
    district: row.district,
    address: full ? row.address : '',
    designatedRootIds: full ? designated.map((d) => d.rootId) : [],
    attachments: attachments.map(({ file }) => ({
      url: links.publicUrl(file.key),
      name: file.name,
      type: file.type,
      size: file.size,
    })),
    remark: row.remark,
    mine: full,
    designatedSuppliers: suppliers,
    supplierState: supplierView?.state ?? null,
    handlerName: supplierView?.handlerName ?? '',
    posterUserId: full || (viewer?.userId ?? 0) > 0 ? row.postedBy : 0,
    ...(full ? { submittedAt: row.submittedAt.toISOString() } : {}),
  };
}

const page = (input: { page?: number | undefined; pageSize?: number | undefined }) => {
  const number = input.page ?? 1;
  const size = input.pageSize ?? PAGE_SIZE_DEFAULT;
  return { number, size, offset: (number - 1) * size };
};

/** The end of the Shanghai day `days` days after now's (today: days 0). */
function endOfShanghaiDay(now: Date, days: number): Date {
  const today = shanghaiDate(Math.floor(now.getTime() / 1000));
  return new Date(new Date(`${today}T00:00:00+08:00`).getTime() + (days + 1) * DAY_MS);
}

const DEADLINE_DAYS = { today: 0, threeDays: 2, week: 6 } as const;

/** `inquiry/hall` (procurement_hall, self purchase): public inquiries open for quotes, newest first. */
export async function inquiryHall({
  db,
  clock,
  input,
  lang,
  actor,
}: {
  db: Database;
  clock: Clock;
  input: {
    page?: number | undefined;
    pageSize?: number | undefined;
    sortId?: number | undefined;
    province?: string | undefined;
    city?: string | undefined;
    deadline?: keyof typeof DEADLINE_DAYS | undefined;
  };
  lang: Language;
  actor: Actor;
}): Promise<TInquiryPage> {
  const now = clock.now();
  const { number, size, offset } = page(input);
  const rows = await db
    .select()
    .from(inquiries)
    .where(
      and(
        eq(inquiries.status, 'open'),
        eq(inquiries.visibility, 'public'),
        ofActiveCompany(inquiries.rootId),
        gt(inquiries.quoteDeadline, now),
        input.sortId ? eq(inquiries.sortId, input.sortId) : undefined,
        input.province ? eq(inquiries.province, input.province) : undefined,
        input.city ? eq(inquiries.city, input.city) : undefined,
        input.deadline ? lte(inquiries.quoteDeadline, endOfShanghaiDay(now, DEADLINE_DAYS[input.deadline])) : undefined,
      ),
    )
    .orderBy(desc(inquiries.publishedAt), desc(inquiries.id))
    .limit(size + 1)
    .offset(offset);
  return {
    list: await summaries({ db, lang, actor }, { rows: rows.slice(0, size), now }),
    page: number,
    hasMore: rows.length > size,
  };
}

const MINE_TAB_STATUSES: Record<'review' | 'open' | 'ended', InquiryStatus[]> = {
  review: ['review', 'rejected'],
  open: ['open'],
  ended: ['expired', 'closed', 'cooperated'],
};

/** `inquiry/mine`: the actor's company's inquiries in one state tab, newest first. */
export async function myInquiries({
  db,
  clock,
  actor,
  input,
  lang,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  input: { page?: number | undefined; pageSize?: number | undefined; tab: 'review' | 'open' | 'ended' };
  lang: Language;
}): Promise<TInquiryPage> {
  const { number, size, offset } = page(input);
  const rows = await db
    .select()
    .from(inquiries)
    .where(and(eq(inquiries.rootId, actor.rootId), inArray(inquiries.status, MINE_TAB_STATUSES[input.tab])))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(size + 1)
    .offset(offset);
  return {
    list: await summaries({ db, lang }, { rows: rows.slice(0, size), now: clock.now(), ownCompany: true }),
    page: number,
    hasMore: rows.length > size,
  };
}

/** `inquiry/close`: the buyer stops taking quotes on an open inquiry. */
export const closeInquiry = ({ db, clock, actor, id }: { db: Database; clock: Clock; actor: Actor; id: number }) =>
  closePosting({ db, clock, actor }, inquiryPosting, id);

/** `inquiry/delete`: the buyer removes an inquiry from every list (kept for the quotes and chats that name it). */
export const deleteInquiry = ({ db, clock, actor, id }: { db: Database; clock: Clock; actor: Actor; id: number }) =>
  deletePosting({ db, clock, actor }, inquiryPosting, id);

/** `console/inquiry/list`: public inquiries waiting for review, oldest first, in full. */
export async function pendingInquiries({ db, clock, links }: ServiceContext): Promise<TInquiryDetail[]> {
  const rows = await db
    .select()
    .from(inquiries)
    .where(eq(inquiries.status, 'review'))
    .orderBy(asc(inquiries.submittedAt), asc(inquiries.id))
    .limit(INQUIRY_REVIEW_QUEUE_MAX);
  const now = clock.now();
  return Promise.all(rows.map((row) => detailOf({ db, links }, { row, now, full: true })));
}

/**
 * `console/inquiry/review`: opens the inquiry for quotes, or rejects it with a reason; the poster is
 * told. The buyer may change a waiting inquiry at any time, so the console names the version its
 * operator looked at (`submittedAt`); a decision on one since changed is refused as bad input (codeFlag
 * 2), deciding nothing (decideReview). Checked under the inquiry's lock, which the buyer's change takes too.
 */
export async function reviewInquiry(ctx: ServiceContext, input: ReviewInput): Promise<TInquiryDetail> {
  return decideReview(ctx, inquiryReviews(ctx.links), input);
}

const inquiryReviews = (links: FileLinks): ReviewQueue<InquiryRow, TInquiryDetail> => ({
  subject: 'inquiry',
  action: 'inquiry',
  notices: { approved: 'notice.inquiryApproved', rejected: 'notice.inquiryRejected' },
  load: (tx, id) => postingForReview(tx, inquiryPosting, id),
  isPending: (row) => row.status === 'review',
  // Each change by the buyer submits it anew, at a later moment (saveInquiry).
  versionOf: (row) => row.submittedAt,
  async decide(tx, row, { approve, now, reviewed }) {
    // A deadline that passed while it waited leaves nothing to quote on: it ends as expired.
    const expired = approve && row.quoteDeadline.getTime() <= now.getTime();
    const decision = approve
      ? { status: (expired ? 'expired' : 'open') as InquiryStatus, publishedAt: now }
      : { status: 'rejected' as const };
    const [decided] = await tx
      .update(inquiries)
      .set({ ...decision, ...reviewed, updatedAt: now })
      .where(eq(inquiries.id, row.id))
      .returning();
    if (decided!.status === 'open') await routeInquiries(tx, { now, inquiryId: row.id });
    return detailOf({ db: tx, links }, { row: decided!, now, full: true });
  },
  announce: async (_tx, row, detail) => ({
    userId: row.postedBy,
    params: { name: detail.title },
    logDetail: { rootId: row.rootId },
  }),
});

/** Ends every open inquiry whose quote deadline has passed by `at` and tells each poster (once for the same moment). */
export const expireInquiries = (ctx: { db: Database; clock: Clock; at: Date }) =>
  expirePostings(ctx, inquiryPosting, async (tx, rows) =>
    (await summaries({ db: tx }, { rows, now: ctx.at })).map((summary) => summary.title),
  );
