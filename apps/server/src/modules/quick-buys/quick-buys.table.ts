import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { inquiries } from '../inquiries/inquiries.table';
import { sorts } from '../markets/markets.table';
import { stocks } from '../stocks/stocks.table';

/**
 * SPEC §2 quick_buy_set: what a user wants to hear of — a category, optionally narrowed to a
 * specification and a province. One per user, category and specification (SPEC §5: 'already subscribed').
 */
export const quickBuySubscriptions = pgTable(
  'quick_buy_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
    /** As the user wrote it (spaces collapsed); empty for the whole category. */
    specification: text('specification').notNull().default(''),
    /** normalizeQuickBuySpec of the specification: what duplicates and matching compare. */
    specKey: text('spec_key').notNull().default(''),
    /** Empty for anywhere. */
    province: text('province').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quick_buy_subscriptions_spec_key').on(t.userId, t.sortId, t.specKey),
    // The matching job looks subscriptions up by the new item's category.
    index('quick_buy_subscriptions_sort_idx').on(t.sortId),
  ],
);

/**
 * One item a subscriber was told of: a listing that went on sale or a public inquiry that opened.
 * At most one per user and item, whichever of their subscriptions it matched and however often it
 * reopens, so two job runs or two server instances never tell twice.
 */
export const quickBuyMatches = pgTable(
  'quick_buy_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => quickBuySubscriptions.id, { onDelete: 'cascade' }),
    stockId: bigint('stock_id', { mode: 'number' }).references(() => stocks.id, { onDelete: 'cascade' }),
    inquiryId: bigint('inquiry_id', { mode: 'number' }).references(() => inquiries.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('quick_buy_matches_user_stock_key').on(t.userId, t.stockId),
    uniqueIndex('quick_buy_matches_user_inquiry_key').on(t.userId, t.inquiryId),
    index('quick_buy_matches_feed_idx').on(t.userId, t.matchedAt, t.id),
    check('quick_buy_matches_one_item', sql`(${t.stockId} is null) <> (${t.inquiryId} is null)`),
  ],
);

/**
 * How far the matching job has read each source (stock going on sale, inquiries opening), by the
 * source's publishedAt, so each run reads only what is new.
 */
export const quickBuyCursors = pgTable('quick_buy_cursors', {
  source: text('source', { enum: ['stock', 'inquiry'] }).primaryKey(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});
