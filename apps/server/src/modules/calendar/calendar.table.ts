import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** Operators' changes to the built-in trading calendar (weekdays less statutory holidays). */
export const calendarOverrides = pgTable('calendar_overrides', {
  date: text('date').primaryKey(),
  trading: boolean('trading').notNull(),
  note: text('note').notNull().default(''),
  updatedBy: integer('updated_by')
    .notNull()
    .references(() => users.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
