import {
  addDays,
  boundingBox,
  CodeFlag,
  distanceKm,
  epochSecondsOf,
  FIVE_DAY_PREVIEW_SIZE,
  FIVE_DAY_STOCK_DAYS,
  HOT_RANK_DAYS,
  HOT_RANK_SIZE,
  type Language,
  PAGE_SIZE_DEFAULT,
  STOCK_SEARCH_TOTAL_CAP,
  type StockListOrder,
  shanghaiDate,
  shanghaiDayStart,
  type TFactoryListPage,
  type TFiveDayOverview,
  type THotStocks,
  type TStockListInput,
  type TStockListPage,
  type TStockSummary,
} from '@metal/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { distanceKmSql } from '../../db/geo';
import { preparedQuery } from '../../db/prepared';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import { ofActiveCompany } from '../accounts/accounts.visibility';
import { companyInfoCompleteSql } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { catalogueNames } from '../markets/markets.catalogue';
import type { LatestQuotesCache } from '../markets/markets.latest';
import { entitlementHolders } from '../memberships/memberships.entitlements';
import { presentStockSummaries, type StockRow } from '../stocks/stocks.present';
import { searchQuery } from '../stocks/stocks.search';
import { stockDailyViews, stocks } from '../stocks/stocks.table';
import { stockQuotesOf } from './stock-search.prices';
import { stockHotRanking, stockHotRanks } from './stock-search.table';

export interface SearchDeps {
  db: Database;
  clock: Clock;
  links: Pick<FileLinks, 'publicUrl'>;
  lang: Language;
  /** The app's latest quotes in memory (`market/quotes`'), which price market-following listings when they can. */
  keptQuotes?: LatestQuotesCache | undefined;
}

export interface Point {
  lng: number;
  lat: number;
}

/** What for-sale stock a list keeps; every field is optional. Prices in fen per ton. */
export interface StockFilters {
  keyword?: string;
  sortId?: number;
  /** One company's listings. */
  rootId?: number;
  specification?: string;
  province?: string;
  city?: string;
  priceMinFen?: number;
  priceMaxFen?: number;
  fixedPrice?: boolean;
  specialSale?: boolean;
  /** Distances are measured from here (GCJ-02). */
  point?: Point;
  /** Only listings within this many km of `point`. */
  radiusKm?: number;
  /** Published at or after / before these instants (five-day stock). */
  publishedFrom?: Date;
  publishedBefore?: Date;
}

export interface PageRequest {
  page?: number | undefined;
  pageSize?: number | undefined;
}

/** The filters of a `stock/list` request. */
export function stockFiltersOf(input: TStockListInput): StockFilters {
  return {
    keyword: input.keyword,
    sortId: input.sortId,
    rootId: input.rootId,
    specification: input.specification,
    province: input.province,
    city: input.city,
    priceMinFen: input.priceMin,
    priceMaxFen: input.priceMax,
    fixedPrice: input.fixedPrice === 1,
    specialSale: input.specialSale === 1,
    point: input.lng !== undefined && input.lat !== undefined ? { lng: input.lng, lat: input.lat } : undefined,
    radiusKm: input.radiusKm,
  };
}

/** Today's date in Asia/Shanghai: the day whose quotes price market-following listings. */

const float = (value: number) => sql`${value}::float8`;

/** `%`, `_` and `\` typed by a user match themselves in ILIKE. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every filter but the keyword, which searchStocks adds (whole, or tier by tier). `exactRadius: false`
 * leaves the radius at its bounding box, for idsByDistance, which measures each spot once instead.
 */
function stockConditions(filters: StockFilters, order: StockListOrder, exactRadius = true): SQL[] {
  const where: SQL[] = [eq(stocks.status, 'sale'), ofActiveCompany(stocks.rootId)];
  if (filters.sortId !== undefined) where.push(eq(stocks.sortId, filters.sortId));
  if (filters.rootId !== undefined) where.push(eq(stocks.rootId, filters.rootId));
  if (filters.specification) {
    // The n-gram index finds candidates; the text comparison keeps those that hold the words in order.
    const tokens = searchQuery(filters.specification);
    if (tokens) where.push(sql`${stocks.searchVector} @@ ${tokens}`);
    where.push(sql`${stocks.specifications} ilike ${likePattern(filters.specification)}`);
  }
  if (filters.province) where.push(eq(stocks.province, filters.province));
  if (filters.city) where.push(eq(stocks.city, filters.city));
  if (filters.priceMinFen !== undefined) where.push(gte(stocks.currentPriceFen, filters.priceMinFen));
  if (filters.priceMaxFen !== undefined) where.push(lte(stocks.currentPriceFen, filters.priceMaxFen));
  // A listing without today's price (its series has no quote yet) cannot be placed in price order.
  if (order === 'priceAsc' || order === 'priceDesc') where.push(isNotNull(stocks.currentPriceFen));
  if (filters.fixedPrice) where.push(eq(stocks.fixedPrice, true));
  if (filters.specialSale) where.push(eq(stocks.specialSale, true));
  if (filters.publishedFrom) where.push(gte(stocks.publishedAt, filters.publishedFrom));
  if (filters.publishedBefore) where.push(lt(stocks.publishedAt, filters.publishedBefore));
  if (filters.point && filters.radiusKm !== undefined) {
    const box = boundingBox({ lon: filters.point.lng, lat: filters.point.lat }, filters.radiusKm);
    where.push(
      sql`${stocks.lat} between ${float(box.minLat)} and ${float(box.maxLat)}`,
      sql`${stocks.lng} between ${float(box.minLon)} and ${float(box.maxLon)}`,
    );
    if (exactRadius)
      where.push(sql`${distanceKmSql(stocks.lng, stocks.lat, filters.point)} <= ${float(filters.radiusKm)}`);
  }
  return where;
}

const newest = [desc(stocks.publishedAt), desc(stocks.id)];

/** Price and newest order; distance order is idsByDistance's. */
function stockOrder(order: StockListOrder): SQL[] {
  if (order === 'priceAsc') return [asc(stocks.currentPriceFen), asc(stocks.id)];
  if (order === 'priceDesc') return [desc(stocks.currentPriceFen), desc(stocks.id)];
  return newest;
}

/** The lexemes of a listing's name and category (weight A), and of everything the product is (A and B). */
const nameVector = sql`ts_filter(${stocks.searchVector}, '{a}')`;
const productVector = sql`ts_filter(${stocks.searchVector}, '{a,b}')`;

/**
 * A keyword's relevance tiers, best first: found in the name or category; found elsewhere in what the
 * product is (specifications, properties, brand, manufacturer); found only in the place. Each tier is
 * its own query on its own GIN index (expression indexes on ts_filter, for-sale rows only), asked only
 * while the page is not yet full, so a common keyword's first page comes from its first tier alone.
 */
function keywordTiers(keyword: SQL): SQL[] {
  return [
    sql`${nameVector} @@ ${keyword}`,
    sql`${productVector} @@ ${keyword} and not (${nameVector} @@ ${keyword})`,
    sql`${stocks.searchVector} @@ ${keyword} and not (${productVector} @@ ${keyword})`,
  ];
}

/** The first `limit` ids in tier order, newest first within a tier. */
async function idsByTier(db: Executor, where: SQL[], tiers: SQL[], limit: number) {
  const ids: number[] = [];
  for (const tier of tiers) {
    if (ids.length >= limit) break;
    const rows = await db
      .select({ id: stocks.id })
      .from(stocks)
      .where(and(...where, tier))
      .orderBy(...newest)
      .limit(limit - ids.length);
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

/**
 * The first `limit` ids nearest to `point` (ties by id), then, without a radius, those without a point.
 * A listing lies at its storage district's centre (or its company's point), so the listings around a
 * point stand on few distinct spots, thousands on one in a trade hub. So the spots are counted first
 * (one pass over the (lat, lng, id) index, no distance per listing), ordered by distance here, and ids
 * are read only from the nearest spots that fill the page: whole spots in one query, and the spots at
 * the distance where the page ends in id order up to what is still wanted. `where` holds the radius's
 * bounding box only; the radius itself is kept here, spot by spot.
 */
async function idsByDistance(db: Executor, where: SQL[], point: Point, radiusKm: number | undefined, limit: number) {
  const located = [...where, isNotNull(stocks.lat), isNotNull(stocks.lng)];
  const spots = await db
    .select({ lat: stocks.lat, lng: stocks.lng, n: count() })
    .from(stocks)
    .where(and(...located))
    .groupBy(stocks.lat, stocks.lng);
  const distanceOf = (spot: { lat: number | null; lng: number | null }) =>
    distanceKm({ lon: point.lng, lat: point.lat }, { lon: spot.lng ?? 0, lat: spot.lat ?? 0 });
  const rings = new Map<number, { lat: number; lng: number; n: number }[]>();
  for (const spot of spots) {
    const distance = distanceOf(spot);
    if (radiusKm !== undefined && distance > radiusKm) continue;
    rings.set(distance, [...(rings.get(distance) ?? []), { lat: spot.lat ?? 0, lng: spot.lng ?? 0, n: spot.n }]);
  }
  const onSpots = (list: { lat: number; lng: number }[]) =>
    or(...list.map((spot) => and(eq(stocks.lat, spot.lat), eq(stocks.lng, spot.lng))));
  const whole: { lat: number; lng: number }[] = [];
  let counted = 0;
  let partial: { spots: { lat: number; lng: number }[]; take: number } | undefined;
  for (const [, ring] of [...rings].sort(([a], [b]) => a - b)) {
    const n = ring.reduce((sum, spot) => sum + spot.n, 0);
    if (counted + n <= limit) {
      whole.push(...ring);
      counted += n;
    } else {
      partial = { spots: ring, take: limit - counted };
      counted = limit;
    }
    if (counted >= limit) break;
  }
  const [wholeRows, partialRows] = await Promise.all([
    whole.length
      ? db
          .select({ id: stocks.id, lat: stocks.lat, lng: stocks.lng })
          .from(stocks)
          .where(and(...located, onSpots(whole)))
      : [],
    partial
      ? db
          .select({ id: stocks.id })
          .from(stocks)
          .where(and(...located, onSpots(partial.spots)))
          .orderBy(asc(stocks.id))
          .limit(partial.take)
      : [],
  ]);
  const ids = wholeRows
    .map((row) => ({ id: row.id, distance: distanceOf(row) }))
    .sort((a, b) => a.distance - b.distance || a.id - b.id)
    .map((row) => row.id);
  ids.push(...partialRows.map((row) => row.id));
  if (radiusKm === undefined && ids.length < limit) {
    const unlocated = await db
      .select({ id: stocks.id })
      .from(stocks)
      .where(and(...where, or(isNull(stocks.lat), isNull(stocks.lng))))
      .orderBy(asc(stocks.id))
      .limit(limit - ids.length);
    ids.push(...unlocated.map((row) => row.id));
  }
  return ids;
}

/** Full rows of some listings, in the order of `ids`. */
const stocksByIds = preparedQuery((db) =>
  db
    .select()
    .from(stocks)
    .where(sql`${stocks.id} = any(${sql.placeholder('ids')})`)
    .prepare('stocks_by_ids'),
);

async function rowsInOrder(db: Database, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  const rows = await stocksByIds(db).execute({ ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * `stock/list` and every list of for-sale stock: filters, order and a page, each row presented by the
 * stocks module's presenter. Market prices are brought up to date first (`stockQuotesOf`), so price
 * filters and order use today's price.
 *
 * One query reads the ids from the first match through the page, and at least STOCK_SEARCH_TOTAL_CAP + 1
 * of them: its length is the total, exact below the cap (`totalCapped` beyond it). A separate count would
 * cost more than the page: for a keyword that most listings hold, PostgreSQL would gather every match.
 */
export async function searchStocks(
  deps: SearchDeps & { filters: StockFilters; order?: StockListOrder } & PageRequest,
): Promise<TStockListPage> {
  const { db, clock, links, lang, filters, keptQuotes } = deps;
  const order = deps.order ?? 'newest';
  const page = deps.page ?? 1;
  const pageSize = deps.pageSize ?? PAGE_SIZE_DEFAULT;
  const today = clock.today();
  await stockQuotesOf(db).bringUpToDate(today, clock.now());
  const byDistance = order === 'distance' && filters.point !== undefined;
  const where = stockConditions(filters, order, !byDistance);
  const keyword = filters.keyword ? searchQuery(filters.keyword) : null;
  const skip = (page - 1) * pageSize;
  const limit = Math.max(skip + pageSize, STOCK_SEARCH_TOTAL_CAP) + 1;
  const matching = keyword ? [...where, sql`${stocks.searchVector} @@ ${keyword}`] : where;
  let found: number[];
  if (byDistance && filters.point) {
    found = await idsByDistance(db, matching, filters.point, filters.radiusKm, limit);
  } else if (keyword && order === 'newest') {
    found = await idsByTier(db, where, keywordTiers(keyword), limit);
  } else {
    const rows = await db
      .select({ id: stocks.id })
      .from(stocks)
      .where(and(...matching))
      .orderBy(...stockOrder(order))
      .limit(limit);
    found = rows.map((row) => row.id);
  }
  const rows = await rowsInOrder(db, found.slice(skip, skip + pageSize));
  const list = await presentStockSummaries({
    db,
    rows,
    lang,
    today,
    point: filters.point ?? null,
    links,
    keptQuotes,
  });
  const capped = found.length === limit;
  return {
    list,
    page,
    hasMore: found.length > skip + pageSize,
    total: capped ? limit - 1 : found.length,
    totalCapped: capped,
  };
}

/**
 * `factory/list` (factory_list): companies with complete info whose owner's account is active, open
 * shops first, then the most recently updated; each with its for-sale stock count.
 */
export async function listFactories({
  db,
  clock,
  lang,
  sortId,
  province,
  city,
  keyword,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
}: {
  db: Database;
  clock: Clock;
  lang: Language;
  sortId?: number | undefined;
  province?: string | undefined;
  city?: string | undefined;
  keyword?: string | undefined;
} & PageRequest): Promise<TFactoryListPage> {
  const where = and(
    companyInfoCompleteSql,
    eq(users.status, 'active'),
    sortId !== undefined ? sql`${companies.sellProducts} @> array[${sortId}::integer]` : undefined,
    province ? eq(companies.province, province) : undefined,
    city ? eq(companies.city, city) : undefined,
    keyword ? sql`${companies.name} ilike ${likePattern(keyword)}` : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ company: companies, isDemo: users.isDemo })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.rootId))
      .where(where)
      .orderBy(sql`${companies.shopOpenedAt} is null`, desc(companies.updatedAt), desc(companies.rootId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(companies).innerJoin(users, eq(users.id, companies.rootId)).where(where),
  ]);
  const rootIds = rows.map((row) => row.company.rootId);
  const [names, certified, stockCounts] = await Promise.all([
    catalogueNames(db, lang),
    entitlementHolders(db, rootIds, 'certified_supplier', clock.now()),
    rootIds.length
      ? db
          .select({ rootId: stocks.rootId, n: count() })
          .from(stocks)
          .where(and(inArray(stocks.rootId, rootIds), eq(stocks.status, 'sale')))
          .groupBy(stocks.rootId)
      : [],
  ]);
  const stockOf = new Map(stockCounts.map((row) => [row.rootId, row.n]));
  const total = totalRow?.n ?? 0;
  return {
    list: rows.map(({ company, isDemo }) => ({
      rootId: company.rootId,
      name: company.name,
      // The complete-info condition above guarantees a business model.
      businessModel: company.businessModel ?? 'other',
      province: company.province,
      city: company.city,
      sellProducts: company.sellProducts.flatMap((id) => {
        const sortName = names.sortNames.get(id);
        return sortName === undefined ? [] : [{ id, sortName }];
      }),
      shopOpen: company.shopOpenedAt !== null,
      certified: certified.has(company.rootId),
      stockCount: stockOf.get(company.rootId) ?? 0,
      isDemo,
    })),
    page,
    hasMore: page * pageSize < total,
    total,
  };
}

/** The five-day window: today and the 4 days before it (Asia/Shanghai), newest first. */
export function fiveDayWindow(now: Date) {
  const todayStart = shanghaiDayStart(now);
  const today = shanghaiDate(epochSecondsOf(now));
  const dates = Array.from({ length: FIVE_DAY_STOCK_DAYS }, (_, index) => addDays(today, -index));
  const start = new Date(todayStart.getTime() - (FIVE_DAY_STOCK_DAYS - 1) * 24 * 3600 * 1000);
  return { dates, start };
}

const publishedDay = sql<string>`to_char(${stocks.publishedAt} at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

/** `stock/five_day` (five_day_stock): the window's new stock by day, with each day's newest few and the categories. */
export async function fiveDayOverview(deps: SearchDeps & { sortId?: number | undefined }): Promise<TFiveDayOverview> {
  const { db, clock, links, lang, sortId, keptQuotes } = deps;
  const { dates, start } = fiveDayWindow(clock.now());
  const inWindow = and(eq(stocks.status, 'sale'), ofActiveCompany(stocks.rootId), gte(stocks.publishedAt, start));
  const where = and(inWindow, sortId !== undefined ? eq(stocks.sortId, sortId) : undefined);
  const ranked = db
    .select({
      id: stocks.id,
      day: publishedDay.as('day'),
      position:
        sql<number>`row_number() over (partition by ${publishedDay} order by ${stocks.publishedAt} desc, ${stocks.id} desc)`.as(
          'position',
        ),
    })
    .from(stocks)
    .where(where)
    .as('ranked');
  const [dayCounts, sortCounts, previewIds] = await Promise.all([
    db.select({ day: publishedDay, n: count() }).from(stocks).where(where).groupBy(publishedDay),
    db
      .select({ sortId: stocks.sortId, n: count() })
      .from(stocks)
      .where(inWindow)
      .groupBy(stocks.sortId)
      .orderBy(desc(count()), asc(stocks.sortId)),
    db
      .select({ id: ranked.id, day: ranked.day })
      .from(ranked)
      .where(lte(ranked.position, FIVE_DAY_PREVIEW_SIZE))
      .orderBy(desc(ranked.day), asc(ranked.position)),
  ]);
  const today = clock.today();
  const [rows, names] = await Promise.all([
    rowsInOrder(
      db,
      previewIds.map((row) => row.id),
    ),
    catalogueNames(db, lang),
  ]);
  const summaries = await presentStockSummaries({ db, rows, lang, today, point: null, links, keptQuotes });
  const dayOf = new Map(previewIds.map((row) => [row.id, row.day]));
  const countOf = new Map(dayCounts.map((row) => [row.day, row.n]));
  return {
    days: dates.map((date) => ({
      date,
      count: countOf.get(date) ?? 0,
      preview: summaries.filter((summary) => dayOf.get(summary.id) === date),
    })),
    sorts: sortCounts.map((row) => ({
      sortId: row.sortId,
      sortName: names.sortNames.get(row.sortId) ?? '',
      count: row.n,
    })),
    total: dayCounts.reduce((sum, row) => sum + row.n, 0),
  };
}

/** `stock/five_day_list` (five_day_stock_detail): a day of the window, or all of it, newest first. */
export async function fiveDayList(
  deps: SearchDeps & { date?: string | undefined; sortId?: number | undefined } & PageRequest,
): Promise<TStockListPage> {
  const { clock, date, sortId } = deps;
  const { dates, start } = fiveDayWindow(clock.now());
  let publishedFrom = start;
  let publishedBefore: Date | undefined;
  if (date !== undefined) {
    if (!dates.includes(date))
      throw new AppError(
        CodeFlag.invalidInput,
        'stockSearch.fiveDayOutOfRange',
        {},
        { errors: { date: 'stockSearch.fiveDayOutOfRange' } },
      );
    publishedFrom = shanghaiDayStart(new Date(`${date}T12:00:00+08:00`));
    publishedBefore = new Date(publishedFrom.getTime() + 24 * 3600 * 1000);
  }
  return searchStocks({
    ...deps,
    filters: { sortId, publishedFrom, ...(publishedBefore ? { publishedBefore } : {}) },
    order: 'newest',
  });
}

/**
 * The daily hot ranking (SPEC §9): for-sale listings by detail views over the 14 days before `day`
 * (the run's Asia/Shanghai date; that day has only begun), most first, ties to the newer listing.
 * It replaces the whole ranking in one transaction, so running it again for the same day changes nothing.
 */
export async function computeHotRanking(db: Database, day: string, now: Date) {
  const windowStart = addDays(day, -HOT_RANK_DAYS);
  const windowEnd = addDays(day, -1);
  const clicks = sql<number>`sum(${stockDailyViews.views})::int`;
  return db.transaction(async (tx) => {
    const top = await tx
      .select({ stockId: stockDailyViews.stockId, clicks })
      .from(stockDailyViews)
      .innerJoin(stocks, eq(stocks.id, stockDailyViews.stockId))
      .where(
        and(eq(stocks.status, 'sale'), gte(stockDailyViews.date, windowStart), lte(stockDailyViews.date, windowEnd)),
      )
      .groupBy(stockDailyViews.stockId, stocks.id)
      .orderBy(desc(clicks), sql`${stocks.publishedAt} desc nulls last`, desc(stocks.id))
      .limit(HOT_RANK_SIZE);
    await tx.delete(stockHotRanks);
    if (top.length > 0) {
      await tx
        .insert(stockHotRanks)
        .values(top.map((row, index) => ({ rank: index + 1, stockId: row.stockId, clicks: row.clicks })));
    }
    await tx
      .insert(stockHotRanking)
      .values({ id: 1, windowStart, windowEnd, computedAt: now })
      .onConflictDoUpdate({ target: stockHotRanking.id, set: { windowStart, windowEnd, computedAt: now } });
    return { windowStart, windowEnd, ranked: top.length };
  });
}

/**
 * At start: the hot ranking the daily job would have made today, when none was ever computed (a new
 * database, e.g. the demo's), so the hot page is not empty until the first midnight. Answers whether it ran.
 */
export async function computeHotRankingIfNone(db: Database, now: Date): Promise<boolean> {
  const [ranking] = await db.select({ id: stockHotRanking.id }).from(stockHotRanking).limit(1);
  if (ranking) return false;
  await computeHotRanking(db, shanghaiDate(Math.floor(now.getTime() / 1000)), now);
  return true;
}

/**
 * `stock/hot` (hot_page): the last computed ranking. A listing that has since left sale is left out
 * and the ranks close up, so the page never shows what cannot be bought.
 */
export async function hotStocks(deps: SearchDeps): Promise<THotStocks> {
  const { db, clock, links, lang, keptQuotes } = deps;
  const ranked = await db
    .select({ rank: stockHotRanks, stock: stocks })
    .from(stockHotRanks)
    .innerJoin(stocks, eq(stocks.id, stockHotRanks.stockId))
    .where(and(eq(stocks.status, 'sale'), ofActiveCompany(stocks.rootId)))
    .orderBy(asc(stockHotRanks.rank));
  const [ranking] = await db.select().from(stockHotRanking).limit(1);
  const summaries: TStockSummary[] = await presentStockSummaries({
    db,
    rows: ranked.map((row) => row.stock),
    lang,
    today: clock.today(),
    point: null,
    links,
    keptQuotes,
  });
  return {
    computedAt: ranking?.computedAt.toISOString() ?? null,
    windowStart: ranking?.windowStart ?? null,
    windowEnd: ranking?.windowEnd ?? null,
    list: summaries.map((stock, index) => ({ rank: index + 1, clicks: ranked[index]!.rank.clicks, stock })),
  };
}
