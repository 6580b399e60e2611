import {
  FULFILMENT_STATES,
  OFFLINE_SLIP_STATES,
  PAY_CHANNELS,
  PAYMENT_STATES,
  REFUND_FAILURES,
  REFUND_STATES,
} from '@metal/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { files } from '../files/files.table';

/**
 * Payment orders: what is paid for (purpose + the seller's reference), by whom (user, company), how much
 * (integer fen, CNY), through which channel, and where it stands. `orderNo` is the out-trade number the
 * providers know it by.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    purpose: text('purpose', { enum: ['membership', 'trade_order'] }).notNull(),
    purposeRef: text('purpose_ref').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    currency: text('currency').notNull().default('CNY'),
    subject: text('subject').notNull(),
    /** The channel last chosen in `pay/create`; null before. */
    channel: text('channel', { enum: PAY_CHANNELS }),
    state: text('state', { enum: PAYMENT_STATES }).notNull(),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
    /** Who took the money (may differ from `channel` when the buyer switched after paying elsewhere). */
    paidChannel: text('paid_channel', { enum: PAY_CHANNELS }),
    /** The provider's transaction number (WeChat transaction_id, Alipay trade_no, `offline:<slip>`). */
    providerTransactionId: text('provider_transaction_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Set once paid: whether what it bought was delivered (FULFILMENT_STATES); null while unpaid. */
    fulfilment: text('fulfilment', { enum: FULFILMENT_STATES }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The short code a bank transfer carries in its remark, once offline transfer was chosen. */
    offlineReference: text('offline_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('payment_orders_order_no_key').on(t.orderNo),
    uniqueIndex('payment_orders_offline_reference_key').on(t.offlineReference),
    index('payment_orders_root_idx').on(t.rootId, t.createdAt),
    // The close and query jobs read unpaid orders by when they expire.
    index('payment_orders_state_expires_idx').on(t.state, t.expiresAt),
    index('payment_orders_purpose_idx').on(t.purpose, t.purposeRef),
    // The query job retries the few fulfilments that failed.
    index('payment_orders_fulfilment_pending_idx').on(t.updatedAt).where(sql`${t.fulfilment} = 'pending'`),
  ],
);

/** Every state change of an order, with what caused it and what the cause said. */
export const paymentTransitions = pgTable(
  'payment_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    cause: text('cause').notNull(),
    details: jsonb('details').notNull().default({}),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('payment_transitions_order_idx').on(t.orderNo, t.at)],
);

/**
 * Refunds: asked for by operators, or made automatically for a second payment and for a payment whose
 * purchase can never be delivered. Pending while the channel is asked and, for WeChat Pay, until it says
 * how the refund ended; one of channel `offline` until an operator has paid it back by bank and recorded
 * the reference. Then succeeded or failed (refused by the provider, or unconfirmed: it may yet have paid
 * it, so its money is not refundable anew); a failed one may be sent again (pending again, same number),
 * and one the provider says it paid after all becomes succeeded.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    refundNo: text('refund_no').notNull(),
    orderNo: text('order_no').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The operator who asked for it; null for the refund of a second payment, which is made automatically. */
    operatorId: integer('operator_id').references(() => users.id),
    /** The channel paying it back: the order's, or the one a second payment came through. */
    channel: text('channel', { enum: ['wxpay', 'alipay', 'offline'] }).notNull(),
    /**
     * Set for the refund of a second payment: that payment's transaction (a provider's, or `offline:<slip>`
     * for a transfer confirmed after the order was paid), refunded whole and once.
     */
    secondPaymentTransactionId: text('second_payment_transaction_id'),
    state: text('state', { enum: REFUND_STATES }).notNull(),
    /**
     * Set while failed: refused (the provider's word) or unconfirmed (REFUND_FAILURES); null otherwise. A
     * failed refund without it (recorded before it was kept) counts as unconfirmed.
     */
    failure: text('failure', { enum: REFUND_FAILURES }),
    /** The provider's refund id; for channel `offline`, the bank reference the operator recorded. */
    providerRefundId: text('provider_refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_refund_no_key').on(t.refundNo),
    index('payment_refunds_order_idx').on(t.orderNo),
    uniqueIndex('payment_refunds_second_payment_key').on(t.secondPaymentTransactionId),
    index('payment_refunds_pending_idx').on(t.state, t.createdAt),
  ],
);

/** Bank transfer slips buyers hand in, and the operator's decision on each. */
export const paymentOfflineSlips = pgTable(
  'payment_offline_slips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id),
    state: text('state', { enum: OFFLINE_SLIP_STATES }).notNull(),
    reason: text('reason').notNull().default(''),
    operatorId: integer('operator_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_offline_slips_order_idx').on(t.orderNo),
    index('payment_offline_slips_state_idx').on(t.state, t.createdAt),
  ],
);
