import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** A device's push client id, bound to the user who last logged in on it. */
export const pushDevices = pgTable('push_devices', {
  token: text('token').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Topics (`price-{sortId}`) pushed to a device. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    token: text('token')
      .notNull()
      .references(() => pushDevices.token, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.token, t.topic] })],
);
