import {
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  STOCK_MANAGER_TABS,
  STOCK_MAX_PRICE_YUAN,
  type StockBatchTarget,
  type StockManagerTab,
  type StockStatus,
  type TManagedStock,
  type TStockBatchRefusal,
  type TStockBatchResult,
  type TStockMinePage,
  type TStockMineSorts,
  type TStockSummaries,
} from '@metal/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { holdActiveAccounts } from '../../platform/ownership';
import { catalogueNames } from '../markets/markets.catalogue';
import { presentStockSummaries, type StockRow } from '../stocks/stocks.present';
import { searchQuery } from '../stocks/stocks.search';
import { nextStockVersion, stocks } from '../stocks/stocks.table';

type Links = Pick<FileLinks, 'publicUrl'>;

/** The first instant of an Asia/Shanghai day given as YYYY-MM-DD (China keeps UTC+8 all year). */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const DAY_MS = 24 * 3600 * 1000;

async function presentManaged(
  { db, lang, links }: { db: Executor; lang: Language; links: Links },
  { rows, today }: { rows: StockRow[]; today: string },
): Promise<TManagedStock[]> {
  const summaries = await presentStockSummaries({ db, rows, lang, today, point: null, links });
  return summaries.map((summary, index) => {
    const row = rows[index]!;
    return {
      ...summary,
      reason: row.status === 'rejected' ? row.reason : '',
      paymentDays: row.paymentDays,
      transportInfo: row.transportInfo,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      everPublished: row.publishedAt !== null,
    };
  });
}

/** `stock/mine` (stock_manager): one status tab of the caller company's listings, newest first. */
export async function listMine({
  db,
  clock,
  actor,
  lang,
  links,
  status,
  sortId,
  startDate,
  endDate,
  keyword,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  links: Links;
  status: StockManagerTab | 'all';
  sortId?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
  keyword: string;
  page?: number | undefined;
  pageSize?: number | undefined;
}): Promise<TStockMinePage> {
  const filters: SQL[] = [
    eq(stocks.rootId, actor.rootId),
    status === 'all' ? ne(stocks.status, 'deleted') : eq(stocks.status, status),
  ];
  if (sortId !== undefined) filters.push(eq(stocks.sortId, sortId));
  if (startDate) filters.push(gte(stocks.createdAt, dayStart(startDate)));
  if (endDate) filters.push(lt(stocks.createdAt, new Date(dayStart(endDate).getTime() + DAY_MS)));
  const query = keyword ? searchQuery(keyword) : null;
  if (query) filters.push(sql`${stocks.searchVector} @@ ${query}`);
  const where = and(...filters);

  const [rows, totalRows, tabRows] = await Promise.all([
    db
      .select()
      .from(stocks)
      .where(where)
      .orderBy(desc(stocks.refreshedAt), desc(stocks.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(stocks).where(where),
    db
      .select({ status: stocks.status, n: count() })
      .from(stocks)
      .where(and(eq(stocks.rootId, actor.rootId), ne(stocks.status, 'deleted')))
      .groupBy(stocks.status),
  ]);
  const total = totalRows[0]?.n ?? 0;
  const counts = Object.fromEntries(STOCK_MANAGER_TABS.map((tab) => [tab, 0])) as Record<StockManagerTab, number>;
  for (const row of tabRows) if (row.status !== 'deleted') counts[row.status] = row.n;
  return {
    list: await presentManaged({ db, lang, links }, { rows, today: clock.today() }),
    page,
    hasMore: page * pageSize < total,
    total,
    counts,
  };
}

/** `stock/mine_sorts`: the caller company's categories with listings (not deleted), most listings first. */
export async function mineSorts({
  db,
  actor,
  lang,
}: {
  db: Database;
  actor: Actor;
  lang: Language;
}): Promise<TStockMineSorts> {
  const rows = await db
    .select({ sortId: stocks.sortId, n: count() })
    .from(stocks)
    .where(and(eq(stocks.rootId, actor.rootId), ne(stocks.status, 'deleted')))
    .groupBy(stocks.sortId)
    .orderBy(desc(count()), asc(stocks.sortId));
  const { sortNames } = await catalogueNames(db, lang);
  return rows.map((row) => ({ sortId: row.sortId, sortName: sortNames.get(row.sortId) ?? '', count: row.n }));
}

/**
 * Locks the named listings for the rest of the transaction, in id order (so two batches over
 * overlapping listings wait for each other instead of deadlocking), and answers them. Any id that is
 * another company's refuses the whole batch (codeFlag 3); one that does not exist or is deleted
 * answers codeFlag 4. Another company's rows are never locked.
 */
async function lockOwnListings(tx: Executor, actor: Actor, ids: number[]): Promise<StockRow[]> {
  await holdActiveAccounts(tx, actor);
  const rows = await tx
    .select()
    .from(stocks)
    .where(and(inArray(stocks.id, ids), eq(stocks.rootId, actor.rootId)))
    .orderBy(asc(stocks.id))
    .for('update');
  if (rows.length < ids.length) {
    const own = new Set(rows.map((row) => row.id));
    const missing = ids.filter((id) => !own.has(id));
    const [foreign] = await tx
      .select({ id: stocks.id })
      .from(stocks)
      .where(and(inArray(stocks.id, missing), ne(stocks.rootId, actor.rootId)))
      .limit(1);
    throw foreign ? forbidden() : notFound();
  }
  if (rows.some((row) => row.status === 'deleted')) throw notFound();
  return rows;
}

/**
 * Which statuses each batch target may come from. The seller's own states (on sale, offline, sold
 * out, on the way, and expired by the daily job) move among each other; a listing still in review or
 * rejected has never been passed by an operator, so it can only be deleted (or edited and reviewed
 * again, which is posting's business).
 */
const BATCH_SOURCES: Record<StockBatchTarget, readonly StockStatus[]> = {
  sale: ['offline', 'soldOut', 'onTheWay', 'expired'],
  offline: ['sale', 'soldOut', 'onTheWay', 'expired'],
  soldOut: ['sale', 'offline', 'onTheWay', 'expired'],
  onTheWay: ['sale', 'offline', 'soldOut', 'expired'],
  deleted: ['review', 'sale', 'rejected', 'soldOut', 'offline', 'onTheWay', 'expired'],
};

const WRONG_STATE_MESSAGE = {
  sale: 'manager.cannotOnline',
  offline: 'manager.cannotOffline',
  soldOut: 'manager.cannotSoldOut',
  onTheWay: 'manager.cannotOnTheWay',
  deleted: 'common.notFound',
} as const;

/**
 * `stock/batch_status`: every listing moves, or none does. Going back on sale counts as the seller
 * confirming the listing again (refreshedAt now), so an expired one does not expire again at once.
 */
export async function batchStatus({
  db,
  clock,
  actor,
  ids,
  status,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  ids: number[];
  status: StockBatchTarget;
}): Promise<TStockBatchResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await lockOwnListings(tx, actor, ids);
    const sources = BATCH_SOURCES[status];
    const wrong = rows.filter(
      (row) => !sources.includes(row.status) || (status === 'sale' && row.publishedAt === null),
    );
    if (wrong.length > 0) {
      throw new AppError(
        CodeFlag.conflict,
        WRONG_STATE_MESSAGE[status],
        {},
        { data: { ids: wrong.map((r) => r.id) } satisfies TStockBatchRefusal },
      );
    }
    const changed = await tx
      .update(stocks)
      .set(status === 'sale' ? { status, updatedAt: now, refreshedAt: now } : { status, updatedAt: now })
      .where(inArray(stocks.id, ids))
      .returning({ id: stocks.id });
    return { ids: rows.map((row) => row.id), changed: changed.length };
  });
}

export type StockEdit =
  | { field: 'price'; value: number }
  | { field: 'paymentDays'; value: number }
  | { field: 'transportInfo'; value: string }
  | { field: 'freightIncluded'; value: 0 | 1 };

const MAX_PRICE_FEN = STOCK_MAX_PRICE_YUAN * 100;

/**
 * Applies one attribute to locked listings. A price adjustment is added in SQL to the value as it
 * stands under the lock, so two batches at once both count (+100 and +100 make +200); a fixed price
 * must stay above 0 and every price within range, or nothing changes. Each listing's updatedAt moves
 * to a later moment than before, even within the millisecond of its last change: it names the version
 * an operator reviews (console/stock/review), which this edit changes for a listing waiting there.
 */
async function applyEdit(tx: Executor, rows: StockRow[], edit: StockEdit, now: Date) {
  const ids = rows.map((row) => row.id);
  const updatedAt = nextStockVersion(now);
  if (edit.field === 'price') {
    const amount = edit.value;
    for (const row of rows) {
      const next = (row.priceType === 'fixed' ? (row.priceFen ?? 0) : (row.processingFeeFen ?? 0)) + amount;
      if (row.priceType === 'fixed' && next <= 0) throw invalid('manager.priceNotPositive', 'value');
      if (Math.abs(next) > MAX_PRICE_FEN) throw invalid('stock.priceOutOfRange', 'value');
    }
    return tx
      .update(stocks)
      .set({
        priceFen: sql`case when ${stocks.priceType} = 'fixed' then ${stocks.priceFen} + ${amount} else ${stocks.priceFen} end`,
        processingFeeFen: sql`case when ${stocks.priceType} = 'market' then coalesce(${stocks.processingFeeFen}, 0) + ${amount} else ${stocks.processingFeeFen} end`,
        updatedAt,
      })
      .where(inArray(stocks.id, ids))
      .returning({ id: stocks.id });
  }
  const set =
    edit.field === 'paymentDays'
      ? { paymentDays: edit.value }
      : edit.field === 'transportInfo'
        ? { transportInfo: edit.value }
        : { freightIncluded: edit.value === 1 };
  return tx
    .update(stocks)
    .set({ ...set, updatedAt })
    .where(inArray(stocks.id, ids))
    .returning({ id: stocks.id });
}

/** `stock/batch_edit`: one attribute of the selected listings, all or none; their status stays. */
export async function batchEdit({
  db,
  clock,
  actor,
  ids,
  edit,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  ids: number[];
  edit: StockEdit;
}): Promise<TStockBatchResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    const rows = await lockOwnListings(tx, actor, ids);
    const changed = await applyEdit(tx, rows, edit, now);
    return { ids: rows.map((row) => row.id), changed: changed.length };
  });
}

/**
 * `stock/same_attr`: one attribute across the caller's listings of a category: the named ones (each
 * must be of that category) or, without ids, every listing of it that is not deleted.
 */
export async function sameAttr({
  db,
  clock,
  actor,
  sortId,
  ids,
  edit,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  sortId: number;
  ids: number[] | undefined;
  edit: StockEdit;
}): Promise<TStockBatchResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    let rows: StockRow[];
    if (ids && ids.length > 0) {
      rows = await lockOwnListings(tx, actor, ids);
      const others = rows.filter((row) => row.sortId !== sortId);
      if (others.length > 0) {
        throw new AppError(
          CodeFlag.invalidInput,
          'manager.otherCategory',
          {},
          {
            errors: { ids: 'manager.otherCategory' },
            data: { ids: others.map((row) => row.id) } satisfies TStockBatchRefusal,
          },
        );
      }
    } else {
      await holdActiveAccounts(tx, actor);
      rows = await tx
        .select()
        .from(stocks)
        .where(and(eq(stocks.rootId, actor.rootId), eq(stocks.sortId, sortId), ne(stocks.status, 'deleted')))
        .orderBy(asc(stocks.id))
        .for('update');
      if (rows.length === 0) throw new AppError(CodeFlag.notFound, 'manager.noneInCategory');
    }
    const changed = await applyEdit(tx, rows, edit, now);
    return { ids: rows.map((row) => row.id), changed: changed.length };
  });
}

/**
 * `stock/summaries`: listings by id in the order asked. Anyone sees listings on sale; the seller's own
 * company sees its own in any status but deleted; everything else is 'no longer available'.
 */
export async function stockSummaries({
  db,
  clock,
  actor,
  lang,
  links,
  ids,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  lang: Language;
  links: Links;
  ids: number[];
}): Promise<TStockSummaries> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db.select().from(stocks).where(inArray(stocks.id, unique));
  const visible = rows.filter(
    (row) => row.status === 'sale' || (actor.userId > 0 && row.rootId === actor.rootId && row.status !== 'deleted'),
  );
  const presented = await presentStockSummaries({ db, rows: visible, lang, today: clock.today(), point: null, links });
  const byId = new Map(presented.map((summary) => [summary.id, summary]));
  return unique.map((id) => {
    const stock = byId.get(id) ?? null;
    return { id, available: stock !== null, stock };
  });
}
