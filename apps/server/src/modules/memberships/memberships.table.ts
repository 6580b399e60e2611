import { ENTITLEMENT_KINDS } from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * A period in which a holder has an entitlement: a forecast VIP or dynamic-view grant is a user's, a
 * certified-supplier membership the company's (held by its owner, the root user). Renewals follow on
 * from the end of the one before, so a holder's periods of a kind lie end to end. Made by a paid
 * purchase (`purchaseId`) or an operator's grant (`grantedBy`, `reason`).
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENTITLEMENT_KINDS }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    grantedBy: integer('granted_by').references(() => users.id),
    reason: text('reason').notNull().default(''),
    purchaseId: bigint('purchase_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('entitlements_user_kind_idx').on(t.userId, t.kind, t.endsAt),
    uniqueIndex('entitlements_purchase_key').on(t.purchaseId),
  ],
);

/**
 * What is on sale, as data operators change in the console: a period plan has months or days, a
 * dynamic-view pack a count. A purchase copies what it bought, so a later change never alters it.
 */
export const membershipPlans = pgTable(
  'membership_plans',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: ENTITLEMENT_KINDS }).notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    months: integer('months'),
    days: integer('days'),
    viewCount: integer('view_count'),
    priceFen: integer('price_fen').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('membership_plans_kind_idx').on(t.kind, t.sortOrder)],
);

/**
 * One purchase of a plan, made by `vip/open` with the payment order that pays for it. It records the
 * plan as bought (length and price) and for whom (`holderId`: the company's root user for a
 * certified-supplier membership, the buyer otherwise). Paid and refunded only by payments' fulfilment.
 */
export const membershipPurchases = pgTable(
  'membership_purchases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => membershipPlans.id),
    kind: text('kind', { enum: ENTITLEMENT_KINDS }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id').notNull(),
    holderId: integer('holder_id').notNull(),
    months: integer('months'),
    days: integer('days'),
    viewCount: integer('view_count'),
    priceFen: integer('price_fen').notNull(),
    subject: text('subject').notNull(),
    orderNo: text('order_no'),
    status: text('status', { enum: ['awaiting_payment', 'paid', 'refunded'] })
      .notNull()
      .default('awaiting_payment'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedFen: integer('refunded_fen').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('membership_purchases_root_idx').on(t.rootId, t.createdAt),
    uniqueIndex('membership_purchases_order_key').on(t.orderNo).where(sql`${t.orderNo} is not null`),
  ],
);

/** A user's dynamic view: uses bought and left, the free trial, and the last day (Asia/Shanghai) paid for. */
export const dynamicViewBalances = pgTable('dynamic_view_balances', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  remaining: integer('remaining').notNull().default(0),
  trialUsedAt: timestamp('trial_used_at', { withTimezone: true }),
  lastUseDay: text('last_use_day'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The renewal reminders sent: once per holder, kind and end (a renewal moves the end, and so earns a reminder of its own). */
export const membershipReminders = pgTable(
  'membership_reminders',
  {
    holderId: integer('holder_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ENTITLEMENT_KINDS }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('membership_reminders_key').on(t.holderId, t.kind, t.endsAt)],
);
