import {
  addDays,
  CodeFlag,
  EARTH_RADIUS_KM,
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
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { entitlementHolders } from '../forecasts/forecasts.service';
import { catalogueNames, presentStockSummaries, type StockRow } from '../stocks/stocks.present';
import { searchQuery } from '../stocks/stocks.search';
import { stockDailyViews, stocks } from '../stocks/stocks.table';
import { syncStockQuotes } from './stock-search.prices';
import { stockHotRanking, stockHotRanks } from './stock-search.table';

export interface SearchDeps {
  db: Database;
  clock: Clock;
  links: Pick<FileLinks, 'publicUrl'>;
  lang: Language;
}

export interface Point {
  lng: number;
  lat: number;
}

/** What for-sale stock a list keeps; every field is optional. Prices in fen per ton. */
export interface StockFilters {
  keyword?: string;
  sortId?: number;
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
export const todayOf = (clock: Clock) => shanghaiDate(epochSecondsOf(clock.now()));

const float = (value: number) => sql`${value}::float8`;

/** Great-circle km from a point to each listing's point (haversine, SPEC §9's Earth radius), as distanceKm does. */
function distanceKmSql(point: Point): SQL<number> {
  const dLat = sql`radians(${stocks.lat} - ${float(point.lat)})`;
  const dLng = sql`radians(${stocks.lng} - ${float(point.lng)})`;
  return sql<number>`(2 * ${float(EARTH_RADIUS_KM)} * asin(least(1, sqrt(
    power(sin(${dLat} / 2), 2) + cos(radians(${float(point.lat)})) * cos(radians(${stocks.lat})) * power(sin(${dLng} / 2), 2)
  ))))`;
}

/**
 * The lng/lat rectangle holding every point within `radiusKm` of `point` on the sphere: the latitude
 * reach is the radius as an angle; the longitude reach is the circle's widest, asin(sin δ / cos φ). It
 * lets the (lat, lng) index cut the candidates before the exact distance is worked out.
 */
export function boundingBox(point: Point, radiusKm: number) {
  const angular = radiusKm / EARTH_RADIUS_KM;
  const dLat = (angular * 180) / Math.PI;
  const reach = Math.sin(angular) / Math.cos((point.lat * Math.PI) / 180);
  const dLng = reach >= 1 ? 180 : (Math.asin(reach) * 180) / Math.PI;
  return {
    minLat: point.lat - dLat,
    maxLat: point.lat + dLat,
    minLng: point.lng - dLng,
    maxLng: point.lng + dLng,
  };
}

/** `%`, `_` and `\` typed by a user match themselves in ILIKE. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function stockConditions(filters: StockFilters, order: StockListOrder): SQL[] {
  const where: SQL[] = [eq(stocks.status, 'sale')];
  const keyword = filters.keyword ? searchQuery(filters.keyword) : null;
  if (keyword) where.push(sql`${stocks.searchVector} @@ ${keyword}`);
  if (filters.sortId !== undefined) where.push(eq(stocks.sortId, filters.sortId));
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
    const box = boundingBox(filters.point, filters.radiusKm);
    where.push(
      sql`${stocks.lat} between ${float(box.minLat)} and ${float(box.maxLat)}`,
      sql`${stocks.lng} between ${float(box.minLng)} and ${float(box.maxLng)}`,
      sql`${distanceKmSql(filters.point)} <= ${float(filters.radiusKm)}`,
    );
  }
  return where;
}

function stockOrder(filters: StockFilters, order: StockListOrder): SQL[] {
  const newest = [sql`${stocks.publishedAt} desc nulls last`, desc(stocks.id)];
  switch (order) {
    case 'priceAsc':
      return [asc(stocks.currentPriceFen), asc(stocks.id)];
    case 'priceDesc':
      return [desc(stocks.currentPriceFen), desc(stocks.id)];
    case 'distance':
      // The request schema asks for a point with this order; without one it falls back to newest.
      return filters.point ? [sql`${distanceKmSql(filters.point)} asc nulls last`, asc(stocks.id)] : newest;
    case 'newest': {
      const inName = filters.keyword ? searchQuery(filters.keyword, 'A') : null;
      const inProduct = filters.keyword ? searchQuery(filters.keyword, 'AB') : null;
      if (!inName || !inProduct) return newest;
      const tier = sql`case when ${stocks.searchVector} @@ ${inName} then 0 when ${stocks.searchVector} @@ ${inProduct} then 1 else 2 end`;
      return [tier, ...newest];
    }
  }
}

/** Full rows of some listings, in the order of `ids`. */
async function rowsInOrder(db: Executor, ids: number[]): Promise<StockRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(stocks).where(inArray(stocks.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * `stock/list` and every list of for-sale stock: filters, order and a page, each row presented by the
 * stocks module's presenter. Counting stops at STOCK_SEARCH_TOTAL_CAP (`totalCapped`). Market prices
 * are brought up to date first (syncStockQuotes), so price filters and order use today's price.
 */
export async function searchStocks(
  deps: SearchDeps & { filters: StockFilters; order?: StockListOrder } & PageRequest,
): Promise<TStockListPage> {
  const { db, clock, links, lang, filters } = deps;
  const order = deps.order ?? 'newest';
  const page = deps.page ?? 1;
  const pageSize = deps.pageSize ?? PAGE_SIZE_DEFAULT;
  const today = todayOf(clock);
  await syncStockQuotes(db, today, clock.now());
  const where = and(...stockConditions(filters, order));
  const [idRows, [counted]] = await Promise.all([
    db
      .select({ id: stocks.id })
      .from(stocks)
      .where(where)
      .orderBy(...stockOrder(filters, order))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(
      db
        .select({ id: stocks.id })
        .from(stocks)
        .where(where)
        .limit(STOCK_SEARCH_TOTAL_CAP + 1)
        .as('capped'),
    ),
  ]);
  const ids = idRows.slice(0, pageSize).map((row) => row.id);
  const rows = await rowsInOrder(db, ids);
  const list = await presentStockSummaries({ db, rows, lang, today, point: filters.point ?? null, links });
  const n = counted?.n ?? 0;
  return {
    list,
    page,
    hasMore: idRows.length > pageSize,
    total: Math.min(n, STOCK_SEARCH_TOTAL_CAP),
    totalCapped: n > STOCK_SEARCH_TOTAL_CAP,
  };
}

/** SPEC §5 company-info gate, in SQL (isCompanyInfoComplete's fields). */
const companyInfoComplete = and(
  sql`btrim(${companies.name}) <> ''`,
  isNotNull(companies.businessModel),
  sql`btrim(${companies.linkName}) <> ''`,
  sql`btrim(${companies.linkPhone}) <> ''`,
  sql`btrim(${companies.province}) <> ''`,
  sql`btrim(${companies.city}) <> ''`,
  sql`btrim(${companies.district}) <> ''`,
  sql`btrim(${companies.addressDetail}) <> ''`,
);

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
    companyInfoComplete,
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
    catalogueNames(
      db,
      rows.flatMap((row) => row.company.sellProducts),
      [],
      lang,
    ),
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
  const { db, clock, links, lang, sortId } = deps;
  const { dates, start } = fiveDayWindow(clock.now());
  const inWindow = and(eq(stocks.status, 'sale'), gte(stocks.publishedAt, start));
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
  const today = todayOf(clock);
  const [rows, names] = await Promise.all([
    rowsInOrder(
      db,
      previewIds.map((row) => row.id),
    ),
    catalogueNames(
      db,
      sortCounts.map((row) => row.sortId),
      [],
      lang,
    ),
  ]);
  const summaries = await presentStockSummaries({ db, rows, lang, today, point: null, links });
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
 * `stock/hot` (hot_page): the last computed ranking. A listing that has since left sale is left out
 * and the ranks close up, so the page never shows what cannot be bought.
 */
export async function hotStocks(deps: SearchDeps): Promise<THotStocks> {
  const { db, clock, links, lang } = deps;
  const ranked = await db
    .select({ rank: stockHotRanks, stock: stocks })
    .from(stockHotRanks)
    .innerJoin(stocks, eq(stocks.id, stockHotRanks.stockId))
    .where(eq(stocks.status, 'sale'))
    .orderBy(asc(stockHotRanks.rank));
  const [ranking] = await db.select().from(stockHotRanking).limit(1);
  const summaries: TStockSummary[] = await presentStockSummaries({
    db,
    rows: ranked.map((row) => row.stock),
    lang,
    today: todayOf(clock),
    point: null,
    links,
  });
  return {
    computedAt: ranking?.computedAt.toISOString() ?? null,
    windowStart: ranking?.windowStart ?? null,
    windowEnd: ranking?.windowEnd ?? null,
    list: summaries.map((stock, index) => ({ rank: index + 1, clicks: ranked[index]!.rank.clicks, stock })),
  };
}
