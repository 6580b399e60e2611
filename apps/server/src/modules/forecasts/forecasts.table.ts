import { sql } from 'drizzle-orm';
import { bigserial, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { sorts } from '../markets/markets.table';

/** One vote per user, sort and round (target trading day); settled with its outcome and points. */
export const forecastVotes = pgTable(
  'forecast_votes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
    target: text('target').notNull(),
    choice: text('choice', { enum: ['up', 'down', 'flat'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    outcome: text('outcome', { enum: ['up', 'down', 'flat'] }),
    points: smallint('points'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('forecast_votes_once_key').on(t.userId, t.sortId, t.target),
    index('forecast_votes_target_idx').on(t.sortId, t.target),
    index('forecast_votes_unsettled_idx').on(t.target).where(sql`${t.settledAt} is null`),
  ],
);
