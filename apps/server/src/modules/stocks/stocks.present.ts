import { distanceKm, type Language, type StockStatus, type TStockPrice, type TStockSummary } from '@metal/shared';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import type { FileLinks } from '../../platform/file-links';
import { companies } from '../companies/companies.table';
import { files } from '../files/files.table';
import { catalogueNames } from '../markets/markets.catalogue';
import type { LatestQuotesCache } from '../markets/markets.latest';
import { priceRows } from '../markets/markets.table';
import { stockImages, stocks } from './stocks.table';

export type StockRow = typeof stocks.$inferSelect;

/** A series' latest quote on or before a day: what a market-following price is worked out from. */
export interface LatestQuote {
  priceCents: number;
  date: string;
}

/**
 * The latest quote of each series on or before `today` (Asia/Shanghai date), read once for a page
 * of listings. Yuan series only: stock prices are yuan per ton. With the app's kept latest quotes
 * (`market/quotes`'), a series' newest row answers unless it is dated after today (a quote entered
 * ahead of its day), and a series with no row has no quote; only the rest are read.
 */
export async function latestQuotes(
  db: Executor,
  seriesIds: number[],
  today: string,
  kept?: LatestQuotesCache,
): Promise<Map<number, LatestQuote>> {
  const ids = [...new Set(seriesIds)];
  const quotes = new Map<number, LatestQuote>();
  const snapshot = kept && ids.length > 0 ? await kept.get() : undefined;
  await Promise.all(
    ids.map(async (seriesId) => {
      if (snapshot) {
        const newest = snapshot.bySeries.get(seriesId)?.row;
        if (!newest) return;
        if (newest.date <= today) {
          quotes.set(seriesId, { priceCents: newest.priceCents, date: newest.date });
          return;
        }
      }
      const [row] = await db
        .select({ priceCents: priceRows.priceCents, date: priceRows.date })
        .from(priceRows)
        .where(and(eq(priceRows.seriesId, seriesId), lte(priceRows.date, today)))
        .orderBy(desc(priceRows.date))
        .limit(1);
      if (row) quotes.set(seriesId, row);
    }),
  );
  return quotes;
}

/** SPEC stock price: the followed quote plus the processing fee, or the fixed price. */
export function stockPrice(
  stock: Pick<StockRow, 'priceType' | 'seriesId' | 'processingFeeFen' | 'priceFen' | 'priceIntro'>,
  quotes: Map<number, LatestQuote>,
  seriesNames: ReadonlyMap<number, string>,
): TStockPrice {
  if (stock.priceType === 'fixed') {
    return {
      type: 'fixed',
      unitPriceFen: stock.priceFen,
      quoteDate: null,
      seriesId: null,
      seriesName: '',
      processingFeeFen: null,
      intro: stock.priceIntro,
    };
  }
  const quote = stock.seriesId === null ? undefined : quotes.get(stock.seriesId);
  return {
    type: 'market',
    unitPriceFen: quote ? quote.priceCents + (stock.processingFeeFen ?? 0) : null,
    quoteDate: quote?.date ?? null,
    seriesId: stock.seriesId,
    seriesName: stock.seriesId === null ? '' : (seriesNames.get(stock.seriesId) ?? ''),
    processingFeeFen: stock.processingFeeFen,
    intro: stock.priceIntro,
  };
}

/**
 * The one way listings become list rows (stock_list, five_day_stock, hot_page, nearby, shop tabs,
 * the seller's manager): company names, catalogue names, today's price, the first picture and the
 * distance from the caller's point, each read once for the whole page.
 */
/** The company's name and the first picture of each listing (`ids`, an array), in one prepared query. */
const summaryExtras = preparedQuery((db) =>
  db
    .select({ id: stocks.id, companyName: companies.name, cover: { key: files.key, thumbKey: files.thumbKey } })
    .from(stocks)
    .leftJoin(companies, eq(companies.rootId, stocks.rootId))
    .leftJoin(stockImages, and(eq(stockImages.stockId, stocks.id), eq(stockImages.position, 0)))
    .leftJoin(files, eq(files.id, stockImages.fileId))
    .where(sql`${stocks.id} = any(${sql.placeholder('ids')})`)
    .prepare('stock_summary_extras'),
);

export async function presentStockSummaries({
  db,
  rows,
  lang,
  today,
  point,
  links,
  keptQuotes,
}: {
  db: Database;
  rows: StockRow[];
  lang: Language;
  /** Asia/Shanghai date whose quotes price market-following listings. */
  today: string;
  point: { lng: number; lat: number } | null;
  links: Pick<FileLinks, 'publicUrl'>;
  /** The app's latest quotes in memory, when the caller has them (see `latestQuotes`). */
  keptQuotes?: LatestQuotesCache | undefined;
}): Promise<TStockSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const seriesIds = rows.flatMap((row) => (row.seriesId === null ? [] : [row.seriesId]));
  const [names, quotes, extras] = await Promise.all([
    catalogueNames(db, lang),
    latestQuotes(db, seriesIds, today, keptQuotes),
    summaryExtras(db).execute({ ids }),
  ]);
  const extrasOf = new Map(extras.map((row) => [row.id, row]));
  return rows.map((row) => {
    const extra = extrasOf.get(row.id);
    const cover = extra?.cover;
    return {
      id: row.id,
      rootId: row.rootId,
      companyName: extra?.companyName ?? '',
      status: row.status,
      sortId: row.sortId,
      sortName: names.sortNames.get(row.sortId) ?? '',
      productName: row.productName,
      specifications: row.specifications,
      quantityKg: row.quantityKg,
      brand: row.brand,
      manufacturer: row.manufacturer,
      province: row.province,
      city: row.city,
      price: stockPrice(row, quotes, names.seriesNames),
      fixedPrice: row.fixedPrice,
      specialSale: row.specialSale,
      splittable: row.splittable,
      freightIncluded: row.freightIncluded,
      cover: cover ? { url: links.publicUrl(cover.key), thumbUrl: links.publicUrl(cover.thumbKey) } : null,
      distanceKm:
        point && row.lng !== null && row.lat !== null
          ? Math.round(distanceKm({ lon: point.lng, lat: point.lat }, { lon: row.lng, lat: row.lat }) * 1000) / 1000
          : null,
      views: row.views,
      publishedAt: row.publishedAt?.toISOString() ?? null,
      refreshedAt: row.refreshedAt.toISOString(),
      isDemo: row.isDemo,
    };
  });
}

/**
 * Statuses whose words and pictures another company may not see: an edit the operators have not passed
 * yet (review), one they refused (rejected), a listing its seller deleted.
 */
const UNPASSED_STATUSES: ReadonlySet<StockStatus> = new Set(['review', 'rejected', 'deleted']);

/**
 * A summary as `viewerRootId`'s company may see it where it keeps a listing that has left sale (a cart
 * line): what the operators have not passed is not shown, so a cart is no way around review. The name
 * falls back to the catalogue's sort name; the seller's own words and the picture are left out.
 */
export function summaryForViewer(summary: TStockSummary, viewerRootId: number): TStockSummary {
  if (summary.rootId === viewerRootId || !UNPASSED_STATUSES.has(summary.status)) return summary;
  return { ...summary, productName: summary.sortName, specifications: '', brand: '', manufacturer: '', cover: null };
}
