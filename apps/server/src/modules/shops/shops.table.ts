import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';

/**
 * SPEC §4 shop opening: an owner's application, audited by operators. The company's
 * `shopOpenedAt` is set when one passes.
 */
export const shopApplications = pgTable(
  'shop_applications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    status: text('status', { enum: ['waiting', 'failed', 'passed'] })
      .notNull()
      .default('waiting'),
    reason: text('reason').notNull().default(''),
    /** The public listings the application rested on when it was made, for the auditor. */
    stockCount: integer('stock_count').notNull().default(0),
    capacityCount: integer('capacity_count').notNull().default(0),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // One application waiting per company, so a double tap cannot queue two.
    uniqueIndex('shop_applications_waiting_key').on(t.rootId).where(sql`${t.status} = 'waiting'`),
    index('shop_applications_root_idx').on(t.rootId, t.createdAt),
  ],
);

/** A user following a company (attention); SPEC's profile attentionNum counts them. */
export const companyFollows = pgTable(
  'company_follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.rootId] }),
    index('company_follows_root_idx').on(t.rootId),
    index('company_follows_user_idx').on(t.userId, t.createdAt),
  ],
);
