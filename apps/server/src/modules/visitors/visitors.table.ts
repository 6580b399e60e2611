import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { stocks } from '../stocks/stocks.table';

/** What a visitor did that a shop owner's visitor analytics show (SPEC §2 visitor, shopcart, attention). */
export const VISITOR_EVENT_KINDS = ['view', 'cart', 'attention'] as const;
export type VisitorEventKind = (typeof VISITOR_EVENT_KINDS)[number];

/**
 * One visitor action on a company's shop or listing. Guests and the company's own people are never
 * recorded (SPEC §6: guests are excluded from visitor statistics).
 */
export const visitorEvents = pgTable(
  'visitor_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The company visited (the listing's or shop's owner). */
    ownerRootId: integer('owner_root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: VISITOR_EVENT_KINDS }).notNull(),
    /** The listing acted on; null for the shop itself (following a company). */
    stockId: bigint('stock_id', { mode: 'number' }).references(() => stocks.id, { onDelete: 'cascade' }),
    visitorUserId: integer('visitor_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    visitorRootId: integer('visitor_root_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('visitor_events_owner_idx').on(t.ownerRootId, t.kind, t.at),
    index('visitor_events_stock_idx').on(t.stockId, t.at),
    index('visitor_events_visitor_idx').on(t.visitorUserId, t.at),
  ],
);
