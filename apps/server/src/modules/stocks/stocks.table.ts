import { STOCK_PRICE_TYPES, STOCK_STATUSES } from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { files } from '../files/files.table';
import { series, sorts } from '../markets/markets.table';

/** A tsvector column, written with stocks.search.ts's searchVector and read only by search queries. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * SPEC §3 stock: one lot a company offers. Weights are integer kilograms, money integer fen per ton.
 * `lng`/`lat` is where the lot lies (GCJ-02): the storage district's centre, or the company's point
 * when no storage place is given, so that nearby and distance ordering need no join.
 */
export const stocks = pgTable(
  'stocks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Who posted it (the owner or an employee). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: STOCK_STATUSES }).notNull().default('review'),
    /** The operator's reason for a rejection. */
    reason: text('reason').notNull().default(''),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
    specifications: text('specifications').notNull().default(''),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
    grossWeightKg: bigint('gross_weight_kg', { mode: 'number' }),
    pieceWeightKg: bigint('piece_weight_kg', { mode: 'number' }).notNull(),
    pieces: integer('pieces'),
    properties: text('properties').notNull().default(''),
    productName: text('product_name').notNull().default(''),
    boxNumber: text('box_number').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    storageAddress: text('storage_address').notNull().default(''),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    productionDate: text('production_date').notNull().default(''),
    manufacturer: text('manufacturer').notNull().default(''),
    brand: text('brand').notNull().default(''),
    priceType: text('price_type', { enum: STOCK_PRICE_TYPES }).notNull(),
    seriesId: integer('series_id').references(() => series.id),
    processingFeeFen: bigint('processing_fee_fen', { mode: 'number' }),
    priceFen: bigint('price_fen', { mode: 'number' }),
    priceIntro: text('price_intro').notNull().default(''),
    /**
     * The followed series' quote (fen per ton, the latest on or before today) that currentPriceFen was
     * worked out from, and the series it is of. The stock-search module keeps them current (see
     * stock-search.prices.ts): a listing whose quoteSeriesId is not its seriesId (just posted, or its
     * series changed) is priced before the next search, and a series' listings when its quote moves.
     */
    quoteFen: bigint('quote_fen', { mode: 'number' }),
    quoteSeriesId: integer('quote_series_id'),
    /**
     * The price per ton the listing shows today, as lists filter and order by it: the fixed price, or
     * the quote plus the processing fee (null while the series has no quote). Stored and indexed, so
     * price order over a million listings reads an index instead of working each price out.
     */
    currentPriceFen: bigint('current_price_fen', { mode: 'number' }).generatedAlwaysAs(
      sql`case when price_type = 'fixed' then price_fen else quote_fen + processing_fee_fen end`,
    ),
    fixedPrice: boolean('fixed_price').notNull().default(false),
    splittable: boolean('splittable').notNull().default(false),
    specialSale: boolean('special_sale').notNull().default(false),
    freightIncluded: boolean('freight_included').notNull().default(false),
    additionalInfo: text('additional_info').notNull().default(''),
    transportInfo: text('transport_info').notNull().default(''),
    paymentDays: smallint('payment_days'),
    /** Views of the detail page by logged-in users other than the seller's own company. */
    views: integer('views').notNull().default(0),
    searchVector: tsvector('search_vector').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it last went on sale (an operator passed it); five-day stock counts from here. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When the seller last confirmed it (posting, editing, refreshing); expiry counts from here. */
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('stocks_search_idx').using('gin', t.searchVector),
    // stock-search's keyword tiers: lexemes of the name and category (weight A), and of the whole product
    // (A and B). Not partial: PostgreSQL estimates an expression from its index's statistics only when
    // the index is not partial, and without estimates it would read every match of a common keyword.
    index('stocks_search_name_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a}')`),
    index('stocks_search_product_idx').using('gin', sql`ts_filter(${t.searchVector}, '{a,b}')`),
    index('stocks_root_status_idx').on(t.rootId, t.status, t.refreshedAt),
    // Ids close each for-sale index so that newest, price and distance order read no table row to break ties.
    index('stocks_sale_published_idx').on(t.publishedAt, t.id).where(sql`${t.status} = 'sale'`),
    index('stocks_sale_sort_idx').on(t.sortId, t.publishedAt, t.id).where(sql`${t.status} = 'sale'`),
    index('stocks_sale_point_idx').on(t.lat, t.lng, t.id).where(sql`${t.status} = 'sale'`),
    index('stocks_review_idx').on(t.createdAt).where(sql`${t.status} = 'review'`),
    index('stocks_sale_price_idx').on(t.currentPriceFen, t.id).where(sql`${t.status} = 'sale'`),
    index('stocks_sale_sort_price_idx').on(t.sortId, t.currentPriceFen, t.id).where(sql`${t.status} = 'sale'`),
    index('stocks_quote_stale_idx')
      .on(t.id)
      .where(sql`${t.priceType} = 'market' and ${t.quoteSeriesId} is distinct from ${t.seriesId}`),
  ],
);

/**
 * The `updated_at` a change to a listing writes: now, or a millisecond past the version it replaces when
 * that is not earlier (a change in the same millisecond, or under a clock that stands still). updatedAt
 * names the version an operator reviews (console/stock/review compares it), so every change must give a
 * later one, or a listing changed after the queue showed it would be decided as the one shown.
 */
export const nextStockVersion = (now: Date) =>
  sql`greatest(${now.toISOString()}::timestamptz, ${stocks.updatedAt} + interval '1 millisecond')`;

/** A listing's pictures: uploaded public images of the company, in the seller's order. */
export const stockImages = pgTable(
  'stock_images',
  {
    stockId: bigint('stock_id', { mode: 'number' })
      .notNull()
      .references(() => stocks.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.stockId, t.position] }), index('stock_images_file_idx').on(t.fileId)],
);

/**
 * Detail-page views of a listing per Asia/Shanghai day, guests included: the hot ranking counts the
 * last 14 days of these (SPEC §9), while visitor analytics (visitor_events) leave guests out.
 */
export const stockDailyViews = pgTable(
  'stock_daily_views',
  {
    stockId: bigint('stock_id', { mode: 'number' })
      .notNull()
      .references(() => stocks.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.stockId, t.date] }), index('stock_daily_views_date_idx').on(t.date)],
);
