import { bigint, bigserial, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { series } from '../markets/markets.table';

/** SPEC §3 price-checker quote: one user's submission of 1-7 priced specifications (add_check_price). */
export const checkPrices = pgTable(
  'check_prices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Withdrawn by its author: kept out of every list. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('check_prices_created_idx').on(t.createdAt), index('check_prices_user_idx').on(t.userId, t.createdAt)],
);

/** One entry: a specification priced as a yuan market series' quote (the base) plus a premium per ton. */
export const checkPriceItems = pgTable(
  'check_price_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkPriceId: bigint('check_price_id', { mode: 'number' })
      .notNull()
      .references(() => checkPrices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    specification: text('specification').notNull(),
    seriesId: integer('series_id')
      .notNull()
      .references(() => series.id),
    /** Fen per ton added to the base; negative for a discount. */
    premiumCents: bigint('premium_cents', { mode: 'number' }).notNull(),
  },
  (t) => [index('check_price_items_parent_idx').on(t.checkPriceId, t.position)],
);
