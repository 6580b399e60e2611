import {
  CodeFlag,
  distanceKm,
  epochSecondsOf,
  formatTons,
  type Language,
  maskPhone,
  PAGE_SIZE_DEFAULT,
  shanghaiDate,
  type TImageLinks,
  type TStockDetail,
  type TStockPriceSeries,
  type TStockQuantityChanged,
  type TStockReviewItem,
  type TStockSaveInput,
  type TStockSaveResult,
  type TStockSummary,
  type TStockSummaryPage,
} from '@metal/shared';
import { findRegionPath } from '@metal/shared/regions';
import { and, asc, count, desc, eq, inArray, lte, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { type Actor, isLoggedIn } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { publishOnCommit } from '../../platform/delivery';
import { AppError, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { ownedRow } from '../../platform/ownership';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { users } from '../accounts/accounts.table';
import { albumPictures } from '../albums/albums.table';
import { findCompany, requireCompanyInfo } from '../companies/companies.policy';
import { companies } from '../companies/companies.table';
import { hasApprovedLicenceSql } from '../companies/licences.policy';
import { companyPublicFileIds, imageLinks } from '../files/files.service';
import { files } from '../files/files.table';
import { catalogueNames } from '../markets/markets.catalogue';
import type { LatestQuotesCache } from '../markets/markets.latest';
import { markets, priceRows, series, sorts } from '../markets/markets.table';
import { sendNotice } from '../notices/notices.service';
import { isRealNameVerifiedSql } from '../verification/verification.policy';
import { stockOwnership, visibleStock } from './stocks.policy';
import { latestQuotes, presentStockSummaries, type StockRow, stockPrice } from './stocks.present';
import { stockSearchVector } from './stocks.search';
import { nextStockVersion, stockImages, stocks } from './stocks.table';
import { recordStockView } from './stocks.views';

type Point = { lng: number; lat: number };
type Links = FileLinks;

const roundedKm = (from: Point | null, lng: number | null, lat: number | null) =>
  from && lng !== null && lat !== null
    ? Math.round(distanceKm({ lon: from.lng, lat: from.lat }, { lon: lng, lat }) * 10) / 10
    : null;

/** Public image addresses as the upload answer gave them (`/files/<key>`, or with the site in front). */

/**
 * The listing's pictures as stored files, in the seller's order: each must be a public image the
 * caller's company uploaded. Album pictures are refused, because removing one from its album deletes
 * its file, which a listing would still show.
 */
async function pictureFiles(tx: Executor, rootId: number, urls: string[]): Promise<number[]> {
  if (urls.length === 0) return [];
  const refused = () => invalid('stock.imagesInvalid', 'images');
  const ids = await companyPublicFileIds(tx, rootId, urls, 'image');
  if (!ids) throw refused();
  const inAlbum = await tx
    .select({ fileId: albumPictures.fileId })
    .from(albumPictures)
    .where(inArray(albumPictures.fileId, ids))
    .limit(1);
  if (inAlbum.length > 0) throw refused();
  return ids;
}

/**
 * The sort's Chinese name (what search tokens are made from), or invalid input when there is no such
 * sort or it is a futures series, which is quoted but never stocked.
 */
async function sortNameOf(db: Executor, sortId: number): Promise<string> {
  const [sort] = await db
    .select({ name: sorts.name, physical: sorts.physical })
    .from(sorts)
    .where(eq(sorts.id, sortId))
    .limit(1);
  if (!sort) throw invalid('stock.categoryRequired', 'sortId');
  if (!sort.physical) throw invalid('stock.categoryNotPhysical', 'sortId');
  return sort.name;
}

/** A market-following price must follow a series quoted in yuan (stock prices are yuan per ton). */
async function requireYuanSeries(db: Executor, seriesId: number): Promise<void> {
  const [found] = await db
    .select({ currency: markets.currency })
    .from(series)
    .innerJoin(markets, eq(markets.id, series.marketId))
    .where(eq(series.id, seriesId))
    .limit(1);
  if (!found) throw invalid('stock.seriesRequired', 'seriesId');
  if (found.currency !== 'CNY') throw invalid('stock.seriesNotYuan', 'seriesId');
}

/**
 * Where the lot lies: the storage district (its centre, which the region table already puts at the
 * city's where a district has no centre of its own), or the company's point when no place is given.
 * A place given must be a whole province → city → district path of the table.
 */
async function storagePlace(db: Executor, rootId: number, input: TStockSaveInput) {
  if (!input.province && !input.city && !input.district) {
    const company = await findCompany(db, rootId);
    return { province: '', city: '', district: '', lng: company?.lng ?? null, lat: company?.lat ?? null };
  }
  const path = findRegionPath(input.province, input.city, input.district);
  if (!path) throw invalid('stock.regionInvalid', 'province');
  return {
    province: path.province.name,
    city: path.city.name,
    district: path.district.name,
    lng: path.district.lng,
    lat: path.district.lat,
  };
}

/**
 * `stock/save` (input_stock): posts a listing for the actor's company, or changes one of its own
 * (`id`), which then waits for review again. Everything is checked before anything is written.
 */
export async function saveStock({
  db,
  clock,
  actor,
  input,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  input: TStockSaveInput;
}): Promise<TStockSaveResult> {
  await requireCompanyInfo(db, actor.rootId);
  const sortName = await sortNameOf(db, input.sortId);
  const market = input.priceType === 'market';
  if (market && input.seriesId !== undefined) await requireYuanSeries(db, input.seriesId);
  const place = await storagePlace(db, actor.rootId, input);
  // A demo company's listing is demo data too, labelled as such wherever it shows.
  const [owner] = await db.select({ isDemo: users.isDemo }).from(users).where(eq(users.id, actor.rootId));
  const now = clock.now();
  const fields = {
    status: 'review' as const,
    isDemo: owner?.isDemo ?? false,
    reason: '',
    sortId: input.sortId,
    specifications: input.specifications,
    quantityKg: input.quantityKg,
    grossWeightKg: input.grossWeightKg ?? null,
    pieceWeightKg: input.pieceWeightKg,
    pieces: input.pieces ?? null,
    properties: input.properties,
    productName: input.productName,
    boxNumber: input.boxNumber,
    ...place,
    storageAddress: input.storageAddress,
    productionDate: input.productionDate,
    manufacturer: input.manufacturer,
    brand: input.brand,
    priceType: input.priceType,
    seriesId: market ? (input.seriesId ?? null) : null,
    processingFeeFen: market ? (input.processingFeeFen ?? null) : null,
    priceFen: market ? null : (input.priceFen ?? null),
    priceIntro: input.priceIntro,
    fixedPrice: input.fixedPrice === 1,
    splittable: input.splittable === 1,
    specialSale: input.specialSale === 1,
    freightIncluded: input.freightIncluded === 1,
    additionalInfo: input.additionalInfo,
    transportInfo: input.transportInfo,
    paymentDays: input.paymentDays ?? null,
    searchVector: stockSearchVector({
      sortName,
      productName: input.productName,
      specifications: input.specifications,
      properties: input.properties,
      brand: input.brand,
      manufacturer: input.manufacturer,
      province: place.province,
      city: place.city,
      district: place.district,
    }),
    updatedAt: now,
    refreshedAt: now,
  };
  return db.transaction(async (tx) => {
    if (input.id !== undefined) {
      // Under the row's lock, which every order taking from the listing also waits for.
      const current = await ownedRow({ db: tx, actor }, stockOwnership, { id: input.id });
      if (input.seenQuantityKg !== undefined && current.quantityKg !== input.seenQuantityKg) {
        throw new AppError(
          CodeFlag.conflict,
          'stock.quantityChanged',
          { tons: formatTons(current.quantityKg), seenTons: formatTons(input.seenQuantityKg) },
          { data: { quantityKg: current.quantityKg } satisfies TStockQuantityChanged },
        );
      }
    }
    const fileIds = await pictureFiles(tx, actor.rootId, input.images);
    const [saved] =
      input.id === undefined
        ? await tx
            .insert(stocks)
            .values({ ...fields, rootId: actor.rootId, userId: actor.userId, createdAt: now })
            .returning({ id: stocks.id, status: stocks.status })
        : await tx
            .update(stocks)
            .set({ ...fields, updatedAt: nextStockVersion(now) })
            .where(eq(stocks.id, input.id))
            .returning({ id: stocks.id, status: stocks.status });
    if (!saved) throw notFound();
    await publishOnCommit(tx, 'stocks.saved', { stockId: saved.id });
    await tx.delete(stockImages).where(eq(stockImages.stockId, saved.id));
    if (fileIds.length > 0)
      await tx.insert(stockImages).values(fileIds.map((fileId, position) => ({ stockId: saved.id, fileId, position })));
    return saved;
  });
}

/** Every picture of the listings, in order, read once. */
async function picturesOf(db: Executor, stockIds: number[], links: Links): Promise<Map<number, TImageLinks[]>> {
  const byStock = new Map<number, TImageLinks[]>();
  if (stockIds.length === 0) return byStock;
  const rows = await db
    .select({ stockId: stockImages.stockId, file: files })
    .from(stockImages)
    .innerJoin(files, eq(files.id, stockImages.fileId))
    .where(inArray(stockImages.stockId, stockIds))
    .orderBy(asc(stockImages.stockId), asc(stockImages.position));
  for (const row of rows) {
    const list = byStock.get(row.stockId) ?? [];
    list.push(imageLinks(row.file, links));
    byStock.set(row.stockId, list);
  }
  return byStock;
}

/**
 * The listing's own category and specification, compared as sellers type them (case and edge spaces
 * aside); its fields may be placeholders of a prepared query.
 */
const sameSpecOf = (stock: {
  id: number | Placeholder;
  sortId: number | Placeholder;
  specifications: string | Placeholder;
}) =>
  and(
    eq(stocks.status, 'sale'),
    eq(stocks.sortId, stock.sortId),
    sql`lower(${stocks.specifications}) = lower(${stock.specifications})`,
    ne(stocks.id, stock.id),
  );

const sellerAndSameSpecQuery = preparedQuery((db) =>
  db
    .select({
      company: companies,
      licence: hasApprovedLicenceSql(users.id),
      realName: isRealNameVerifiedSql(users.id),
      sameSpec: sql<number>`(select count(*) from ${stocks} where ${sameSpecOf({
        id: sql.placeholder('id'),
        sortId: sql.placeholder('sortId'),
        specifications: sql.placeholder('specifications'),
      })})`.mapWith(Number),
    })
    .from(users)
    .leftJoin(companies, eq(companies.rootId, users.id))
    .where(eq(users.id, sql.placeholder('rootId')))
    .prepare('stock_seller_and_same_spec'),
);

/**
 * What the detail page shows of the seller — its company, whether its licence is approved, whether
 * its owner passed real-person verification — and how many other listings share the specification:
 * one query, from the owner's account.
 */
async function sellerAndSameSpec(db: Database, stock: StockRow) {
  const [row] = await sellerAndSameSpecQuery(db).execute({
    id: stock.id,
    sortId: stock.sortId,
    specifications: stock.specifications,
    rootId: stock.rootId,
  });
  return {
    company: row?.company,
    licence: row?.licence ?? false,
    realName: row?.realName ?? false,
    sameSpec: row?.sameSpec ?? 0,
  };
}

/** The day's change of the quote a market price was worked out from: the kept newest row's, when it is that quote. */
async function quoteChange(
  db: Executor,
  seriesId: number | null,
  date: string | null,
  kept: LatestQuotesCache | undefined,
): Promise<number | null> {
  if (seriesId === null || date === null) return null;
  const newest = kept ? (await kept.get()).bySeries.get(seriesId)?.row : undefined;
  if (newest?.date === date) return newest.upDownCents;
  const [row] = await db
    .select({ upDown: priceRows.upDownCents })
    .from(priceRows)
    .where(and(eq(priceRows.seriesId, seriesId), eq(priceRows.date, date)))
    .limit(1);
  return row?.upDown ?? null;
}

/**
 * `stock/detail` (stock_detail?id): the listing as anyone may see it while it is for sale, and as its
 * own company sees it in every other status but deleted. Opening it counts a view (not the seller's).
 */
export async function stockDetail({
  db,
  clock,
  links,
  actor,
  lang,
  id,
  point,
  keptQuotes,
}: {
  db: Database;
  clock: Clock;
  links: Links;
  actor: Actor;
  lang: Language;
  id: number;
  point: Point | null;
  /** The app's latest quotes in memory (`market/quotes`'), which price the listing when they can. */
  keptQuotes?: LatestQuotesCache;
}): Promise<TStockDetail> {
  const stock = await visibleStock(db, actor, id);
  const now = clock.now();
  const today = clock.today();
  const isOwn = actor.rootId === stock.rootId;
  const [names, quotes, pictures, { company, licence, realName, sameSpec }] = await Promise.all([
    catalogueNames(db, lang),
    latestQuotes(db, stock.seriesId === null ? [] : [stock.seriesId], today, keptQuotes),
    picturesOf(db, [stock.id], links),
    sellerAndSameSpec(db, stock),
  ]);
  const price = stockPrice(stock, quotes, names.seriesNames);
  const priceChangeFen =
    price.type === 'market' ? await quoteChange(db, price.seriesId, price.quoteDate, keptQuotes) : null;
  await recordStockView({ db, actor, stock, now });
  const masked = !isLoggedIn(actor);
  const phone = company?.linkPhone ?? '';
  return {
    id: stock.id,
    rootId: stock.rootId,
    status: stock.status,
    reason: isOwn ? stock.reason : '',
    sortId: stock.sortId,
    sortName: names.sortNames.get(stock.sortId) ?? '',
    specifications: stock.specifications,
    quantityKg: stock.quantityKg,
    grossWeightKg: stock.grossWeightKg,
    pieceWeightKg: stock.pieceWeightKg,
    pieces: stock.pieces,
    properties: stock.properties,
    productName: stock.productName,
    boxNumber: stock.boxNumber,
    province: stock.province,
    city: stock.city,
    district: stock.district,
    storageAddress: stock.storageAddress,
    productionDate: stock.productionDate,
    manufacturer: stock.manufacturer,
    brand: stock.brand,
    price,
    priceChangeFen,
    fixedPrice: stock.fixedPrice,
    splittable: stock.splittable,
    specialSale: stock.specialSale,
    freightIncluded: stock.freightIncluded,
    additionalInfo: stock.additionalInfo,
    transportInfo: stock.transportInfo,
    paymentDays: stock.paymentDays,
    images: pictures.get(stock.id) ?? [],
    lng: stock.lng,
    lat: stock.lat,
    distanceKm: roundedKm(point, stock.lng, stock.lat),
    // The view just counted is part of what the reader sees.
    views: stock.views + (isOwn ? 0 : 1),
    publishedAt: stock.publishedAt?.toISOString() ?? null,
    refreshedAt: stock.refreshedAt.toISOString(),
    isDemo: stock.isDemo,
    sameSpecCount: sameSpec,
    shop: {
      rootId: stock.rootId,
      name: company?.name ?? '',
      shopOpen: Boolean(company?.shopOpenedAt),
      licence,
      realName,
      city: company?.city ?? '',
      lng: company?.lng ?? null,
      lat: company?.lat ?? null,
      distanceKm: roundedKm(point, company?.lng ?? null, company?.lat ?? null),
    },
    contact: { linkName: company?.linkName ?? '', phone: masked ? maskPhone(phone) : phone, masked },
    isOwn,
  };
}

/** A page of listings as list rows; `order` decides which come first. */
async function summaryPage({
  db,
  clock,
  links,
  lang,
  where,
  order,
  page,
  pageSize,
  point,
}: {
  db: Executor;
  clock: Clock;
  links: Links;
  lang: Language;
  where: SQL | undefined;
  order: SQL[];
  page: number;
  pageSize: number;
  point: Point | null;
}): Promise<TStockSummaryPage> {
  const [total] = await db.select({ n: count() }).from(stocks).where(where);
  const rows = await db
    .select()
    .from(stocks)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const list = await presentStockSummaries({ db, rows, lang, today: clock.today(), point, links });
  const n = total?.n ?? 0;
  return { list, page, hasMore: page * pageSize < n, total: n };
}

/** Today's price of a listing in SQL (fen per ton): the fixed price, or the followed series' latest quote plus the fee. */
const priceToday = (today: string) => sql`case when ${stocks.priceType} = 'fixed' then ${stocks.priceFen} else (
  select ${priceRows.priceCents} from ${priceRows}
  where ${priceRows.seriesId} = ${stocks.seriesId} and ${priceRows.date} <= ${today}
  order by ${priceRows.date} desc limit 1
) + ${stocks.processingFeeFen} end`;

/**
 * `stock/same_spec` (stock_same_spec?id): other for-sale listings of the same category and
 * specification as one the caller may see, the nearest price to its price today first.
 */
export async function sameSpecStocks({
  db,
  clock,
  links,
  actor,
  lang,
  id,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
  point,
}: {
  db: Database;
  clock: Clock;
  links: Links;
  actor: Actor;
  lang: Language;
  id: number;
  page?: number;
  pageSize?: number;
  point: Point | null;
}): Promise<TStockSummaryPage> {
  const stock = await visibleStock(db, actor, id);
  const today = clock.today();
  const quotes = await latestQuotes(db, stock.seriesId === null ? [] : [stock.seriesId], today);
  const target = stockPrice(stock, quotes, new Map()).unitPriceFen;
  const order =
    target === null
      ? [desc(stocks.publishedAt), desc(stocks.id)]
      : [sql`abs((${priceToday(today)}) - ${target}) asc nulls last`, desc(stocks.publishedAt), desc(stocks.id)];
  return summaryPage({ db, clock, links, lang, where: sameSpecOf(stock), order, page, pageSize, point });
}

/** `stock/company_list` (the shop page's stock tab): a company's for-sale listings, newest first. */
export async function companyStocks({
  db,
  clock,
  links,
  lang,
  rootId,
  page = 1,
  pageSize = PAGE_SIZE_DEFAULT,
  point,
}: {
  db: Database;
  clock: Clock;
  links: Links;
  lang: Language;
  rootId: number;
  page?: number;
  pageSize?: number;
  point: Point | null;
}): Promise<TStockSummaryPage> {
  return summaryPage({
    db,
    clock,
    links,
    lang,
    where: and(eq(stocks.rootId, rootId), eq(stocks.status, 'sale')),
    order: [desc(stocks.publishedAt), desc(stocks.id)],
    page,
    pageSize,
    point,
  });
}

/**
 * `stock/refresh`: the seller confirms a listing is still there. A listing on sale, or one that
 * expired after being on sale, is (again) for sale from now; expiry counts from this moment.
 */
export async function refreshStock({
  db,
  clock,
  links,
  actor,
  lang,
  id,
}: {
  db: Database;
  clock: Clock;
  links: Links;
  actor: Actor;
  lang: Language;
  id: number;
}): Promise<TStockSummary> {
  const now = clock.now();
  const refreshed = await db.transaction(async (tx) => {
    const stock = await ownedRow({ db: tx, actor }, stockOwnership, { id });
    if ((stock.status !== 'sale' && stock.status !== 'expired') || stock.publishedAt === null)
      throw new AppError(CodeFlag.conflict, 'stock.refreshNotAllowed');
    const [row] = await tx
      .update(stocks)
      .set({ status: 'sale', refreshedAt: now, updatedAt: now })
      .where(eq(stocks.id, id))
      .returning();
    return row!;
  });
  const [summary] = await presentStockSummaries({
    db,
    rows: [refreshed],
    lang,
    today: clock.today(),
    point: null,
    links,
  });
  return summary!;
}

/** `stock/price_series`: the yuan series a price may follow, each with its latest quote on or before today. */
export async function stockPriceSeries({
  db,
  clock,
  lang,
}: {
  db: Database;
  clock: Clock;
  lang: Language;
}): Promise<TStockPriceSeries[]> {
  const rows = await db
    .select({
      id: series.id,
      name: series.name,
      nameEn: series.nameEn,
      marketName: markets.name,
      marketNameEn: markets.nameEn,
      sortId: series.sortId,
    })
    .from(series)
    .innerJoin(markets, eq(markets.id, series.marketId))
    .innerJoin(sorts, eq(sorts.id, series.sortId))
    .where(eq(markets.currency, 'CNY'))
    .orderBy(asc(sorts.sortOrder), asc(markets.sortOrder), asc(series.id));
  const quotes = await latestQuotes(
    db,
    rows.map((row) => row.id),
    clock.today(),
  );
  const zh = lang === 'zh-CN';
  return rows.map((row) => ({
    id: row.id,
    name: zh ? row.name : row.nameEn,
    marketName: zh ? row.marketName : row.marketNameEn,
    sortId: row.sortId,
    quoteFen: quotes.get(row.id)?.priceCents ?? null,
    quoteDate: quotes.get(row.id)?.date ?? null,
  }));
}

/** Listings as the review queue shows them: pictures, today's price, the company and the poster, read once per page. */
async function toReviewItems(
  { db, links, lang }: ContextOf<'db' | 'links' | 'lang'>,
  { rows, today }: { rows: StockRow[]; today: string },
): Promise<TStockReviewItem[]> {
  if (rows.length === 0) return [];
  const seriesIds = rows.flatMap((row) => (row.seriesId === null ? [] : [row.seriesId]));
  const [names, quotes, pictures, companyRows, posters] = await Promise.all([
    catalogueNames(db, lang),
    latestQuotes(db, seriesIds, today),
    picturesOf(
      db,
      rows.map((row) => row.id),
      links,
    ),
    db
      .select({ rootId: companies.rootId, name: companies.name })
      .from(companies)
      .where(inArray(companies.rootId, [...new Set(rows.map((row) => row.rootId))])),
    db
      .select({ id: users.id, account: users.account })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))])),
  ]);
  const companyNames = new Map(companyRows.map((row) => [row.rootId, row.name]));
  const accounts = new Map(posters.map((row) => [row.id, row.account]));
  return rows.map((row) => ({
    id: row.id,
    rootId: row.rootId,
    status: row.status,
    reason: row.reason,
    sortId: row.sortId,
    sortName: names.sortNames.get(row.sortId) ?? '',
    specifications: row.specifications,
    quantityKg: row.quantityKg,
    grossWeightKg: row.grossWeightKg,
    pieceWeightKg: row.pieceWeightKg,
    pieces: row.pieces,
    properties: row.properties,
    productName: row.productName,
    boxNumber: row.boxNumber,
    province: row.province,
    city: row.city,
    district: row.district,
    storageAddress: row.storageAddress,
    productionDate: row.productionDate,
    manufacturer: row.manufacturer,
    brand: row.brand,
    price: stockPrice(row, quotes, names.seriesNames),
    fixedPrice: row.fixedPrice,
    splittable: row.splittable,
    specialSale: row.specialSale,
    freightIncluded: row.freightIncluded,
    additionalInfo: row.additionalInfo,
    transportInfo: row.transportInfo,
    paymentDays: row.paymentDays,
    images: pictures.get(row.id) ?? [],
    isDemo: row.isDemo,
    companyName: companyNames.get(row.rootId) ?? '',
    posterAccount: accounts.get(row.userId) ?? '',
    createdAt: row.refreshedAt.toISOString(),
    resubmitted: row.publishedAt !== null,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    submittedAt: row.updatedAt.toISOString(),
  }));
}

/** `console/stock/list` (operators): listings waiting for review, the longest waiting first. */
export async function pendingStocks({ db, clock, links, lang }: ServiceContext): Promise<TStockReviewItem[]> {
  const rows = await db
    .select()
    .from(stocks)
    .where(eq(stocks.status, 'review'))
    .orderBy(asc(stocks.refreshedAt), asc(stocks.id));
  return toReviewItems({ db, links, lang }, { rows, today: clock.today() });
}

/** How a listing is named in its seller's notice: its product name, else its category and specification. */
const listingName = (stock: StockRow, sortName: string) =>
  stock.productName || [sortName, stock.specifications].filter(Boolean).join(' ');

/**
 * `console/stock/review` (operators): a listing waiting for review goes on sale (published now, and
 * its expiry counts from now) or is rejected with the reason; the poster is told either way. The seller
 * may change a waiting listing at any time, so the console names the version its operator looked at
 * (`submittedAt`, the listing's updatedAt); one changed since is refused (decideReview), deciding nothing.
 */
export async function reviewStock(ctx: ServiceContext, input: ReviewInput): Promise<TStockReviewItem> {
  return decideReview(ctx, stockReviews(ctx), input);
}

const stockReviews = ({ clock, links, lang }: ServiceContext): ReviewQueue<StockRow, TStockReviewItem> => ({
  subject: 'stock',
  action: 'stock',
  notices: { approved: 'notice.stockApproved', rejected: 'notice.stockRejected' },
  load: async (tx, id) => (await tx.select().from(stocks).where(eq(stocks.id, id)).for('update'))[0],
  isPending: (stock) => stock.status === 'review',
  // Every change while it waits (stock/save, the manager's batch edits, tons an order gives back) moves it
  // to a later moment (nextStockVersion).
  versionOf: (stock) => stock.updatedAt,
  async decide(tx, stock, { approve, now, reviewed }) {
    const decision = approve
      ? { status: 'sale' as const, publishedAt: now, refreshedAt: now }
      : { status: 'rejected' as const };
    const [row] = await tx
      .update(stocks)
      .set({ ...decision, ...reviewed, updatedAt: now })
      .where(eq(stocks.id, stock.id))
      .returning();
    const [item] = await toReviewItems({ db: tx, links, lang }, { rows: [row!], today: clock.today() });
    return item!;
  },
  async announce(tx, stock) {
    const [sort] = await tx.select({ name: sorts.name }).from(sorts).where(eq(sorts.id, stock.sortId));
    return {
      userId: stock.userId,
      params: { name: listingName(stock, sort?.name ?? '') },
      logDetail: { rootId: stock.rootId },
    };
  },
});

/** A company's listings for sale: the stock count of shop opening and the shop page. */
export async function countForSaleStock(db: Executor, rootId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stocks)
    .where(and(eq(stocks.rootId, rootId), eq(stocks.status, 'sale')));
  return row?.n ?? 0;
}

/**
 * Takes off sale every listing not refreshed for `days` days before `at`, and tells each company
 * once how many of its listings expired. A second run for the same moment finds nothing to do.
 */
export async function expireStaleStocks({
  db,
  clock,
  at,
  days,
}: {
  db: Database;
  clock: Clock;
  at: Date;
  days: number;
}): Promise<{ expired: number; companies: number }> {
  const cutoff = new Date(at.getTime() - days * 86_400_000);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(stocks)
      .set({ status: 'expired', updatedAt: clock.now() })
      .where(and(eq(stocks.status, 'sale'), lte(stocks.refreshedAt, cutoff)))
      .returning({ id: stocks.id, rootId: stocks.rootId });
    const perCompany = new Map<number, number>();
    for (const row of expired) perCompany.set(row.rootId, (perCompany.get(row.rootId) ?? 0) + 1);
    for (const [rootId, n] of perCompany) {
      await sendNotice(tx, clock, {
        userId: rootId,
        messageKey: 'notice.stockExpired',
        params: { count: n, days },
        subject: `stock_expiry:${shanghaiDate(epochSecondsOf(at))}`,
      });
    }
    return { expired: expired.length, companies: perCompany.size };
  });
}
