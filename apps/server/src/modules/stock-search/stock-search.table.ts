import { bigint, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { series } from '../markets/markets.table';
import { stocks } from '../stocks/stocks.table';

/**
 * SPEC §9 hot ranking, as the daily job last computed it: one row saying when and over which days
 * (the job replaces it and every rank at once, so there is one ranking at a time).
 */
export const stockHotRanking = pgTable('stock_hot_ranking', {
  /** Always 1: the ranking there is. */
  id: smallint('id').primaryKey(),
  /** The Asia/Shanghai days whose clicks were counted, inclusive. */
  windowStart: text('window_start').notNull(),
  windowEnd: text('window_end').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** The ranking's places: the most-clicked for-sale listings of its window, most first. */
export const stockHotRanks = pgTable('stock_hot_ranks', {
  rank: smallint('rank').primaryKey(),
  stockId: bigint('stock_id', { mode: 'number' })
    .notNull()
    .references(() => stocks.id, { onDelete: 'cascade' }),
  clicks: integer('clicks').notNull(),
});

/**
 * The quote of each series that market-following listings are priced with now (stocks.quote_fen):
 * comparing it with the series' latest quote tells which series' listings need repricing.
 * `priceCents` is null while the series has no quote on or before `date`'s day.
 */
export const stockSeriesQuotes = pgTable('stock_series_quotes', {
  seriesId: integer('series_id')
    .primaryKey()
    .references(() => series.id),
  priceCents: bigint('price_cents', { mode: 'number' }),
  /** The quote's date (null without one). */
  quoteDate: text('quote_date'),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull(),
});
