import {
  AGENT_BUY_KINDS,
  AGENT_BUY_STATUSES,
  AGENT_QUOTE_STATUSES,
  type AgentBuyStatus,
  type AgentQuoteStatus,
} from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';

/**
 * SPEC §3 agent purchase request ("help me buy" / "help me sell"): the low-effort way to ask the market,
 * in words, one voice recording and/or photos. It belongs to the user who posted it; `rootId` is their
 * company (their own id without one), for showing the company name.
 */
export const agentBuys = pgTable(
  'agent_buys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AGENT_BUY_KINDS }).notNull(),
    status: text('status', { enum: AGENT_BUY_STATUSES }).$type<AgentBuyStatus>().notNull(),
    reason: text('reason').notNull().default(''),
    text: text('text').notNull().default(''),
    voiceFileId: bigint('voice_file_id', { mode: 'number' }).references(() => files.id),
    voiceSeconds: integer('voice_seconds'),
    sortId: integer('sort_id').references(() => sorts.id),
    phone: text('phone').notNull(),
    /** Live agents' quotes (one per agent), kept with them. */
    quoteCount: integer('quote_count').notNull().default(0),
    /** Other people who opened it, once per person per day. */
    views: integer('views').notNull().default(0),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When an operator opened it: the hall's order. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** When an open request stops taking quotes (publishedAt + AGENT_BUY_OPEN_DAYS). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('agent_buys_user_idx').on(t.userId, t.createdAt),
    index('agent_buys_hall_idx').on(t.publishedAt).where(sql`${t.status} = 'open'`),
    index('agent_buys_review_idx').on(t.createdAt).where(sql`${t.status} = 'review'`),
    index('agent_buys_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'open'`),
  ],
);

/** The request's photos (the poster's uploaded images), in order. */
export const agentBuyPhotos = pgTable(
  'agent_buy_photos',
  {
    agentBuyId: bigint('agent_buy_id', { mode: 'number' })
      .notNull()
      .references(() => agentBuys.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentBuyId, t.fileId] })],
);

/** One row per person per day who opened someone else's request, so `views` counts each once. */
export const agentBuyViews = pgTable(
  'agent_buy_views',
  {
    agentBuyId: bigint('agent_buy_id', { mode: 'number' })
      .notNull()
      .references(() => agentBuys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentBuyId, t.userId, t.day] })],
);

/**
 * Agents' quotes (SPEC §3 agent-quote form). An agent holds at most one live quote per request; earlier
 * ones stay as `replaced` for the history.
 */
export const agentBuyQuotes = pgTable(
  'agent_buy_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    agentBuyId: bigint('agent_buy_id', { mode: 'number' })
      .notNull()
      .references(() => agentBuys.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: AGENT_QUOTE_STATUSES }).$type<AgentQuoteStatus>().notNull(),
    info: text('info').notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('agent_buy_quotes_live_key').on(t.agentBuyId, t.userId).where(sql`${t.status} = 'live'`),
    index('agent_buy_quotes_request_idx').on(t.agentBuyId, t.createdAt),
    index('agent_buy_quotes_user_idx').on(t.userId, t.createdAt),
  ],
);
