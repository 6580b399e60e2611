import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** Price venues: spot markets (Changjiang, SMM, Nanchu, Foshan), SHFE and LME. */
export const markets = pgTable('markets', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/** SPEC's sorts: products quoted (A00 aluminium, 1# copper, …) with their unit. Ids are the app's. */
export const sorts = pgTable('sorts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  /** Unit of the prices: 'CNY/t' (yuan per ton) or 'USD/t'. */
  unit: text('unit', { enum: ['CNY/t', 'USD/t'] }).notNull(),
  metal: text('metal', { enum: ['aluminium', 'copper'] }).notNull(),
  /**
   * Goods that change hands (A00 aluminium, copper rod); false for series quoted only as prices (SHFE
   * and LME futures), which stay in the quotes but are no category a listing or inquiry may name.
   */
  physical: boolean('physical').notNull().default(true),
  sortOrder: smallint('sort_order').notNull().default(0),
});

/** SPEC's alias: one market's quote of one sort. */
export const series = pgTable(
  'series',
  {
    id: serial('id').primaryKey(),
    marketId: integer('market_id')
      .notNull()
      .references(() => markets.id),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [uniqueIndex('series_market_sort_key').on(t.marketId, t.sortId)],
);

/**
 * One trading day's quote of a series. Amounts are exact hundredths of the series' currency unit
 * (fen for yuan, cents for dollars), so no binary float ever holds a price.
 */
export const priceRows = pgTable(
  'price_rows',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id),
    date: text('date').notNull(),
    lowCents: bigint('low_cents', { mode: 'number' }).notNull(),
    highCents: bigint('high_cents', { mode: 'number' }).notNull(),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    /** Change against the previous trading day's price; null for the first row of a series. */
    upDownCents: bigint('up_down_cents', { mode: 'number' }),
    /** The previous trading day's change. */
    lastUpDownCents: bigint('last_up_down_cents', { mode: 'number' }),
    /** LME rows: the price in yuan fen at that day's exchange rate. */
    rmbPriceCents: bigint('rmb_price_cents', { mode: 'number' }),
    isDemo: boolean('is_demo').notNull().default(false),
    addTime: timestamp('add_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('price_rows_series_date_key').on(t.seriesId, t.date), index('price_rows_date_idx').on(t.date)],
);

/** USD→CNY central parity of a day, for LME rows' rmbPrice. */
export const exchangeRates = pgTable('exchange_rates', {
  date: text('date').primaryKey(),
  usdCny: numeric('usd_cny', { precision: 10, scale: 4 }).notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
});

/** A user's quote group (SPEC market group). A null name is the default 'my quotes', shown in the reader's language. */
export const marketGroups = pgTable(
  'market_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name'),
    position: smallint('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('market_groups_user_idx').on(t.userId, t.position),
    uniqueIndex('market_groups_user_name_key').on(t.userId, t.name),
  ],
);

export const marketGroupSorts = pgTable(
  'market_group_sorts',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => marketGroups.id, { onDelete: 'cascade' }),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.sortId] })],
);
