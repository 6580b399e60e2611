import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** Every operator action: who, when, what (action and target), and the details given. */
export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    action: text('action').notNull(),
    target: text('target').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('operator_actions_operator_idx').on(t.operatorId, t.createdAt),
    index('operator_actions_target_idx').on(t.target),
    // The console's log reads newest first, a page at a time.
    index('operator_actions_created_idx').on(t.createdAt, t.id),
  ],
);
