import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * A notice to a user (review decisions, someone asking for their company name, …). Stored as a
 * message key with its parameters, so it reads in whatever language the user has when it is shown
 * (the chat and notifications issue lists and delivers them).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** What the notice is about, e.g. 'company_name_change:12', for linking and de-duplication. */
    subject: text('subject').notNull().default(''),
    /** Who caused it, when a user did (a requester), for limits; null for operators and the system. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notices_user_idx').on(t.userId, t.createdAt), index('notices_sender_idx').on(t.senderId, t.subject)],
);
