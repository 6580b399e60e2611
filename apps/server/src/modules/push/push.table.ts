import type { TWebPushSubscription } from '@metal/shared';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * A device's push token, bound to the user who last logged in on it: an app's client id, or a web
 * PushSubscription known by its endpoint (`subscription` holds its keys; only these are pushed to here).
 */
export const pushDevices = pgTable('push_devices', {
  token: text('token').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
  subscription: jsonb('subscription').$type<TWebPushSubscription>(),
  /** The language the device was bound in; its pushes are written in it. */
  lang: text('lang').notNull().default('zh-CN'),
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

/**
 * Pushes waiting to go to a device: due now, held through a quiet time, or waiting to be retried.
 * One row per device and `collapseKey` (`chat:{senderId}`, `notice:{id}`), so several chat messages
 * from one sender held together go out as one push about the latest. A row is deleted once sent.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    token: text('token')
      .notNull()
      .references(() => pushDevices.token, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['chat', 'notice'] }).notNull(),
    collapseKey: text('collapse_key').notNull(),
    /** The latest chat message (chat_messages.id) or the notice (notices.id) the push is about. */
    refId: bigint('ref_id', { mode: 'number' }).notNull(),
    /** Chat messages collapsed into this push. */
    count: integer('count').notNull().default(1),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** Bumped whenever the row changes, so a sender finishing an older version leaves the newer one queued. */
    version: integer('version').notNull().default(1),
    /** A dispatcher is sending it until then (another may take it over after, had that one died). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('push_outbox_device_key_idx').on(t.token, t.collapseKey),
    index('push_outbox_due_idx').on(t.dueAt),
  ],
);
