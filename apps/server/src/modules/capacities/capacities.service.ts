import {
  CodeFlag,
  type Language,
  maskPhone,
  PAGE_SIZE_DEFAULT,
  type TCapacityCompanyPage,
  type TCapacityDetail,
  type TCapacityImage,
  type TCapacityItem,
  type TCapacityMinePage,
  type TCapacityReview,
  type TCapacityReviewItem,
  type TCapacitySaveInput,
  type TradingCalendar,
} from '@metal/shared';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { type Actor, isLoggedIn } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { ownedRow } from '../../platform/ownership';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import type { ObjectStorage } from '../../platform/storage';
import { users } from '../accounts/accounts.table';
import { albumPictures } from '../albums/albums.table';
import { loadTradingCalendar } from '../calendar/calendar.service';
import { findCompany, requireCompanyInfo } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { companyFiles, deleteFileRows, imageLinks, removeStoredObjects } from '../files/files.service';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';
import { capacityOwnership } from './capacities.policy';
import {
  approvalsSubquery,
  companyApproval,
  companyApprovals,
  isOverdue,
  laterOf,
  reviewDueDate,
} from './capacities.review';
import { capacities, capacityImages } from './capacities.table';

type Capacity = typeof capacities.$inferSelect;
type Sort = typeof sorts.$inferSelect;

export interface CapacityDeps {
  db: Database;
  clock: Clock;
  links: FileLinks;
}

/** Images of capacities in their order, by capacity. */
async function imagesOf(db: Executor, ids: number[], links: FileLinks): Promise<Map<number, TCapacityImage[]>> {
  const byCapacity = new Map<number, TCapacityImage[]>();
  if (ids.length === 0) return byCapacity;
  const rows = await db
    .select({ capacityId: capacityImages.capacityId, file: files })
    .from(capacityImages)
    .innerJoin(files, eq(files.id, capacityImages.fileId))
    .where(inArray(capacityImages.capacityId, ids))
    .orderBy(asc(capacityImages.capacityId), asc(capacityImages.position), asc(capacityImages.id));
  for (const row of rows) {
    const list = byCapacity.get(row.capacityId) ?? [];
    list.push({ id: row.file.id, ...imageLinks(row.file, links) });
    byCapacity.set(row.capacityId, list);
  }
  return byCapacity;
}

async function sortsOf(db: Executor, ids: number[]): Promise<Map<number, Sort>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sorts)
    .where(inArray(sorts.id, [...new Set(ids)]));
  return new Map(rows.map((s) => [s.id, s]));
}

const sortName = (sort: Sort | undefined, lang: Language) => (sort ? (lang === 'zh-CN' ? sort.name : sort.nameEn) : '');

/**
 * Everything a list item needs for several capacities at once: their images, category names, and,
 * for those waiting, the companies' approvals and the trading calendar their due dates count on.
 */
async function itemPresenter(
  { db, links, lang }: ContextOf<'db' | 'links' | 'lang'>,
  { rows, now }: { rows: Capacity[]; now: Date },
) {
  const waiting = rows.filter((row) => row.status === 'waiting');
  const [images, sortRows, approvals, calendar] = await Promise.all([
    imagesOf(
      db,
      rows.map((row) => row.id),
      links,
    ),
    sortsOf(
      db,
      rows.map((row) => row.sortId),
    ),
    companyApprovals(
      db,
      waiting.map((row) => row.rootId),
    ),
    waiting.length > 0 ? loadTradingCalendar(db) : Promise.resolve(null),
  ]);
  const review = (row: Capacity): TCapacityReview => {
    const approvedAt = approvals.get(row.rootId);
    if (row.status !== 'waiting' || !calendar) return { awaitingLicence: false, dueDate: null, overdue: false };
    if (!approvedAt) return { awaitingLicence: true, dueDate: null, overdue: false };
    const dueDate = reviewDueDate(calendar, laterOf(row.submittedAt, approvedAt));
    return { awaitingLicence: false, dueDate, overdue: isOverdue(dueDate, now) };
  };
  return {
    images,
    item(row: Capacity): TCapacityItem {
      const sort = sortRows.get(row.sortId);
      const own = images.get(row.id) ?? [];
      return {
        id: row.id,
        rootId: row.rootId,
        sortId: row.sortId,
        sortName: sortName(sort, lang),
        metal: sort?.metal ?? 'aluminium',
        productName: row.productName,
        minOrderKg: row.minOrderKg,
        monthlyOutputKg: row.monthlyOutputKg,
        attributes: row.attributes,
        cover: own[0] ?? null,
        imageCount: own.length,
        status: row.status,
        reason: row.reason,
        submittedAt: row.submittedAt.toISOString(),
        reviewedAt: row.reviewedAt?.toISOString() ?? null,
        review: review(row),
      };
    },
  };
}

/** `capacity/detail` (capacity_detail): a passed capacity for anyone; one in review or not passed only for its company. */
export async function capacityDetail({
  db,
  clock,
  links,
  actor,
  lang,
  id,
}: CapacityDeps & { actor: Actor; lang: Language; id: number }): Promise<TCapacityDetail> {
  const [row] = await db.select().from(capacities).where(eq(capacities.id, id));
  const mine = row !== undefined && actor.rootId > 0 && row.rootId === actor.rootId;
  if (!row || (row.status !== 'passed' && !mine)) throw notFound();
  const [presenter, company, owner, approval] = await Promise.all([
    itemPresenter({ db, links, lang }, { rows: [row], now: clock.now() }),
    findCompany(db, row.rootId),
    db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, row.rootId)),
    companyApproval(db, row.rootId),
  ]);
  const masked = !isLoggedIn(actor);
  return {
    ...presenter.item(row),
    info: row.info,
    images: presenter.images.get(row.id) ?? [],
    contact: {
      name: row.contactName,
      phone: masked ? maskPhone(row.contactPhone) : row.contactPhone,
      masked,
    },
    company: {
      rootId: row.rootId,
      name: company?.name ?? '',
      province: company?.province ?? '',
      city: company?.city ?? '',
      shopOpen: Boolean(company?.shopOpenedAt),
      licence: approval !== null,
    },
    mine,
    isDemo: owner[0]?.isDemo ?? false,
  };
}

/** Every save and delete of one company's capacities runs under this lock, so two cannot claim the same uploaded file. */
const lockCompanyCapacities = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('capacities'), ${rootId})`);

/**
 * New images must be the company's uploaded images (kind image) that no album picture or other
 * capacity uses; a file deleted with one of those must not vanish from this capacity too.
 */
async function requireUsableImages(tx: Executor, rootId: number, fileIds: number[]) {
  if (fileIds.length === 0) return;
  const [usable, inAlbums, inCapacities] = await Promise.all([
    companyFiles(tx, rootId, 'image', fileIds),
    tx.select({ id: albumPictures.id }).from(albumPictures).where(inArray(albumPictures.fileId, fileIds)).limit(1),
    tx.select({ id: capacityImages.id }).from(capacityImages).where(inArray(capacityImages.fileId, fileIds)).limit(1),
  ]);
  if (usable.length !== fileIds.length || inAlbums.length > 0 || inCapacities.length > 0)
    throw invalid('capacity.imagesInvalid', 'imageIds');
}

type CapacityFields = Pick<
  Capacity,
  'sortId' | 'productName' | 'minOrderKg' | 'monthlyOutputKg' | 'attributes' | 'info' | 'contactName' | 'contactPhone'
>;

const sameFields = (a: CapacityFields, b: CapacityFields) =>
  a.sortId === b.sortId &&
  a.productName === b.productName &&
  a.minOrderKg === b.minOrderKg &&
  a.monthlyOutputKg === b.monthlyOutputKg &&
  a.info === b.info &&
  a.contactName === b.contactName &&
  a.contactPhone === b.contactPhone &&
  JSON.stringify(a.attributes) === JSON.stringify(b.attributes);

/**
 * `capacity/save` (input_capacity): posts a capacity, or replaces one of the company's. Either way it
 * waits for review with a new due date: a passed one leaves public view until it passes again, a
 * not-passed one is reviewed afresh. Sent unchanged, nothing changes (a passed one stays public).
 * Images taken off are deleted with their files.
 */
export async function saveCapacity({
  db,
  clock,
  links,
  storage,
  log,
  actor,
  lang,
  input,
}: CapacityDeps & {
  storage: ObjectStorage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  actor: Actor;
  lang: Language;
  input: TCapacitySaveInput;
}): Promise<TCapacityDetail> {
  await requireCompanyInfo(db, actor.rootId);
  const [sort] = await db.select({ physical: sorts.physical }).from(sorts).where(eq(sorts.id, input.sortId));
  if (!sort) throw invalid('capacity.categoryUnknown', 'sortId');
  if (!sort.physical) throw invalid('capacity.categoryNotPhysical', 'sortId');
  const fields: CapacityFields = {
    sortId: input.sortId,
    productName: input.productName ?? '',
    minOrderKg: input.minOrder,
    monthlyOutputKg: input.monthlyOutput,
    attributes: input.attributes ?? [],
    info: input.info ?? '',
    contactName: input.contactName,
    contactPhone: input.contactPhone,
  };
  const imageIds = input.imageIds ?? [];
  const now = clock.now();
  const { id, removedKeys } = await db.transaction(async (tx) => {
    await lockCompanyCapacities(tx, actor.rootId);
    const existing = input.id ? await ownedRow({ db: tx, actor }, capacityOwnership, { id: input.id }) : undefined;
    const current = existing
      ? (
          await tx
            .select({ fileId: capacityImages.fileId })
            .from(capacityImages)
            .where(eq(capacityImages.capacityId, existing.id))
            .orderBy(asc(capacityImages.position), asc(capacityImages.id))
        ).map((row) => row.fileId)
      : [];
    await requireUsableImages(
      tx,
      actor.rootId,
      imageIds.filter((fileId) => !current.includes(fileId)),
    );
    if (existing && sameFields(existing, fields) && JSON.stringify(current) === JSON.stringify(imageIds))
      return { id: existing.id, removedKeys: [] };

    // submittedAt names the version an operator reviews: each change gets a later one, even in the same millisecond.
    const submittedAt = existing ? new Date(Math.max(now.getTime(), existing.submittedAt.getTime() + 1)) : now;
    const review = { status: 'waiting' as const, reason: '', submittedAt, postedBy: actor.userId };
    let capacityId: number;
    if (existing) {
      await tx
        .update(capacities)
        .set({ ...fields, ...review })
        .where(eq(capacities.id, existing.id));
      await tx.delete(capacityImages).where(eq(capacityImages.capacityId, existing.id));
      capacityId = existing.id;
    } else {
      const [created] = await tx
        .insert(capacities)
        .values({ ...fields, ...review, rootId: actor.rootId, createdAt: now })
        .returning({ id: capacities.id });
      capacityId = created!.id;
    }
    if (imageIds.length > 0)
      await tx.insert(capacityImages).values(imageIds.map((fileId, position) => ({ capacityId, fileId, position })));
    const removedKeys = await deleteFileRows(
      tx,
      current.filter((fileId) => !imageIds.includes(fileId)),
    );
    return { id: capacityId, removedKeys };
  });
  await removeStoredObjects(storage, removedKeys, log);
  return capacityDetail({ db, clock, links, actor, lang, id });
}

/** `capacity/delete`: one of the company's capacities, in any status, goes with its images and their files. */
export async function deleteCapacity({
  db,
  storage,
  log,
  actor,
  id,
}: {
  db: Database;
  storage: ObjectStorage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  actor: Actor;
  id: number;
}): Promise<null> {
  const keys = await db.transaction(async (tx) => {
    await lockCompanyCapacities(tx, actor.rootId);
    await ownedRow({ db: tx, actor }, capacityOwnership, { id });
    const images = await tx
      .select({ fileId: capacityImages.fileId })
      .from(capacityImages)
      .where(eq(capacityImages.capacityId, id));
    await tx.delete(capacities).where(eq(capacities.id, id));
    return deleteFileRows(
      tx,
      images.map((image) => image.fileId),
    );
  });
  await removeStoredObjects(storage, keys, log);
  return null;
}

/** `capacity/mine` (capacity_manage): the company's capacities, the latest posted or changed first. */
export async function myCapacities({
  db,
  clock,
  links,
  actor,
  lang,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
}: CapacityDeps & { actor: Actor; lang: Language; page?: number; pageSize?: number }): Promise<TCapacityMinePage> {
  const mineOnly = eq(capacities.rootId, actor.rootId);
  const [[totalRow], rows, approval] = await Promise.all([
    db.select({ n: count() }).from(capacities).where(mineOnly),
    db
      .select()
      .from(capacities)
      .where(mineOnly)
      .orderBy(desc(capacities.submittedAt), desc(capacities.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    companyApproval(db, actor.rootId),
  ]);
  const total = totalRow?.n ?? 0;
  const presenter = await itemPresenter({ db, links, lang }, { rows, now: clock.now() });
  return {
    list: rows.map((row) => presenter.item(row)),
    page,
    hasMore: page * pageSize < total,
    total,
    licenceApproved: approval !== null,
  };
}

/** `capacity/company_list` (the shop's capacity tab): a company's passed capacities, the latest passed first. */
export async function companyCapacities({
  db,
  clock,
  links,
  lang,
  rootId,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
}: CapacityDeps & { lang: Language; rootId: number; page?: number; pageSize?: number }): Promise<TCapacityCompanyPage> {
  const publicOnly = and(eq(capacities.rootId, rootId), eq(capacities.status, 'passed'));
  const [[totalRow], rows] = await Promise.all([
    db.select({ n: count() }).from(capacities).where(publicOnly),
    db
      .select()
      .from(capacities)
      .where(publicOnly)
      .orderBy(desc(capacities.passedAt), desc(capacities.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const total = totalRow?.n ?? 0;
  const presenter = await itemPresenter({ db, links, lang }, { rows, now: clock.now() });
  return { list: rows.map((row) => presenter.item(row)), page, hasMore: page * pageSize < total, total };
}

/** The shop module's count of a company's public capacities (SPEC §4 shop opening). */
export async function countPassedCapacities(db: Executor, rootId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(capacities)
    .where(and(eq(capacities.rootId, rootId), eq(capacities.status, 'passed')));
  return row?.n ?? 0;
}

type QueueRow = { capacity: Capacity; approvedAt: Date; companyName: string; city: string; isDemo: boolean };

async function toReviewItems(
  { db, links, lang }: ContextOf<'db' | 'links' | 'lang'>,
  { rows, now, calendar }: { rows: QueueRow[]; now: Date; calendar: TradingCalendar },
): Promise<TCapacityReviewItem[]> {
  const ids = rows.map((row) => row.capacity.id);
  const [images, sortRows] = await Promise.all([
    imagesOf(db, ids, links),
    sortsOf(
      db,
      rows.map((row) => row.capacity.sortId),
    ),
  ]);
  return rows.map(({ capacity, approvedAt, companyName, city, isDemo }) => {
    const reviewStartAt = laterOf(capacity.submittedAt, approvedAt);
    const dueDate = reviewDueDate(calendar, reviewStartAt);
    return {
      id: capacity.id,
      rootId: capacity.rootId,
      companyName,
      city,
      sortName: sortName(sortRows.get(capacity.sortId), lang),
      productName: capacity.productName,
      minOrderKg: capacity.minOrderKg,
      monthlyOutputKg: capacity.monthlyOutputKg,
      attributes: capacity.attributes,
      info: capacity.info,
      images: images.get(capacity.id) ?? [],
      contactName: capacity.contactName,
      contactPhone: capacity.contactPhone,
      createdAt: capacity.submittedAt.toISOString(),
      reviewStartAt: reviewStartAt.toISOString(),
      dueDate,
      overdue: isOverdue(dueDate, now),
      resubmitted: capacity.reviewedAt !== null,
      isDemo,
      submittedAt: capacity.submittedAt.toISOString(),
    };
  });
}

/**
 * `console/capacity/list` (operators): capacities waiting for review of companies whose licence is
 * approved, the earliest due first (a due date follows its review's start, so they sort alike).
 */
export async function pendingCapacities({ db, clock, links, lang }: ServiceContext): Promise<TCapacityReviewItem[]> {
  const approvals = approvalsSubquery(db);
  const reviewStart = sql`greatest(${capacities.submittedAt}, ${approvals.approvedAt})`;
  const rows = await db
    .select({
      capacity: capacities,
      approvedAt: approvals.approvedAt,
      companyName: companies.name,
      city: companies.city,
      isDemo: users.isDemo,
    })
    .from(capacities)
    .innerJoin(approvals, eq(approvals.rootId, capacities.rootId))
    .innerJoin(companies, eq(companies.rootId, capacities.rootId))
    .innerJoin(users, eq(users.id, capacities.rootId))
    .where(eq(capacities.status, 'waiting'))
    .orderBy(asc(reviewStart), asc(capacities.id));
  const queue = rows.map((row) => ({ ...row, approvedAt: new Date(row.approvedAt) }));
  return toReviewItems({ db, links, lang }, { rows: queue, now: clock.now(), calendar: await loadTradingCalendar(db) });
}

/**
 * `console/capacity/review` (operators): passes a waiting capacity (it becomes public) or does not pass
 * it with a reason. Recorded, and the company's owner gets a notice. Only a company with an approved
 * licence has its capacity reviewed (SPEC §4: review follows the company's approval). The company may
 * change a waiting capacity at any time, so the console names the submission it showed.
 */
export async function reviewCapacity(ctx: ServiceContext, input: ReviewInput): Promise<TCapacityReviewItem> {
  return decideReview(ctx, capacityReviews(ctx), input);
}

type CapacityRow = typeof capacities.$inferSelect;

const capacityReviews = ({ links, lang }: ServiceContext): ReviewQueue<CapacityRow, TCapacityReviewItem> => ({
  subject: 'capacity',
  action: 'capacity',
  notices: { approved: 'notice.capacityApproved', rejected: 'notice.capacityRejected' },
  load: async (tx, id) => (await tx.select().from(capacities).where(eq(capacities.id, id)).for('update'))[0],
  isPending: (capacity) => capacity.status === 'waiting',
  // Each change by the company sends it anew, at a later moment (saveCapacity).
  versionOf: (capacity) => capacity.submittedAt,
  async decide(tx, capacity, { approve, now, reviewed }) {
    const approvedAt = await companyApproval(tx, capacity.rootId);
    if (!approvedAt) throw new AppError(CodeFlag.conflict, 'capacity.reviewNeedsLicence');
    const [company, owner, calendar] = await Promise.all([
      findCompany(tx, capacity.rootId),
      tx.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, capacity.rootId)),
      loadTradingCalendar(tx),
    ]);
    const [item] = await toReviewItems(
      { db: tx, links, lang },
      {
        rows: [
          {
            capacity,
            approvedAt,
            companyName: company?.name ?? '',
            city: company?.city ?? '',
            isDemo: owner[0]?.isDemo ?? false,
          },
        ],
        now,
        calendar,
      },
    );
    await tx
      .update(capacities)
      .set({ status: approve ? 'passed' : 'notPassed', ...reviewed, ...(approve ? { passedAt: now } : {}) })
      .where(eq(capacities.id, capacity.id));
    return item!;
  },
  async announce(tx, capacity) {
    // Notices are worded when read, in the reader's language; the product is named as the poster named it.
    const sortRows = await sortsOf(tx, [capacity.sortId]);
    const name = capacity.productName || sortName(sortRows.get(capacity.sortId), 'zh-CN');
    return { userId: capacity.rootId, params: { name }, logDetail: { rootId: capacity.rootId } };
  },
});
