import {
  ORDER_ACTORS,
  ORDER_CANCEL_REASONS,
  ORDER_DELIVERY_METHODS,
  ORDER_PAYMENT_METHODS,
  ORDER_SOURCES,
  ORDER_STATES,
  type TOrderAddress,
  type TOrderCreated,
  type TOrderInvoice,
  type TOrderProductSnapshot,
  type TOrderQuote,
} from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { stocks } from '../stocks/stocks.table';

/** The seller's bank account as the order shows it to the buyer (a snapshot of its trade settings). */
export interface OrderBankAccount {
  accountName: string;
  bankName: string;
  accountNo: string;
}

/** What a shipment recorded: the seller's words, the vehicle, and photo file keys (public images). */
export interface OrderShipmentRecord {
  logisticsNote: string;
  vehiclePlate: string;
  driverPhone: string;
  photoKeys: string[];
  shippedAt: string;
}

/**
 * Trade orders (README "Trade orders"): one seller company's goods for one buyer company, with what was
 * ordered, the snapshots it was ordered to (address, invoice title), the seller's current quote and the
 * payment and shipment records. `deadline` is when the expiry job ends it if nothing happens.
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull(),
    source: text('source', { enum: ORDER_SOURCES }).notNull(),
    state: text('state', { enum: ORDER_STATES }).notNull(),
    buyerRootId: integer('buyer_root_id')
      .notNull()
      .references(() => users.id),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id),
    sellerRootId: integer('seller_root_id')
      .notNull()
      .references(() => users.id),
    /** The seller's person for this order (the lot's poster, the quoting supplier, the proxy picker). */
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    inquiryId: bigint('inquiry_id', { mode: 'number' }),
    proxyId: bigint('proxy_id', { mode: 'number' }),
    address: jsonb('address').$type<TOrderAddress | null>(),
    invoice: jsonb('invoice').$type<TOrderInvoice | null>(),
    remark: text('remark').notNull().default(''),
    quote: jsonb('quote').$type<TOrderQuote | null>(),
    totalKg: bigint('total_kg', { mode: 'number' }).notNull(),
    /** The quote's total, or the list-price estimate before one; null when neither is known. */
    totalFen: bigint('total_fen', { mode: 'number' }),
    paymentMethod: text('payment_method', { enum: ORDER_PAYMENT_METHODS }),
    paymentDays: smallint('payment_days').notNull(),
    onlineAccepted: boolean('online_accepted').notNull().default(false),
    bankAccount: jsonb('bank_account').$type<OrderBankAccount | null>(),
    /** The latest payments order made for the cashier. */
    payOrderNo: text('pay_order_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    shipment: jsonb('shipment').$type<OrderShipmentRecord | null>(),
    cancelReason: text('cancel_reason', { enum: ORDER_CANCEL_REASONS }),
    deadline: timestamp('deadline', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('trade_orders_order_no_key').on(t.orderNo),
    index('trade_orders_buyer_idx').on(t.buyerRootId, t.createdAt),
    index('trade_orders_seller_idx').on(t.sellerRootId, t.createdAt),
    // The expiry job reads live orders by deadline.
    index('trade_orders_deadline_idx').on(t.deadline).where(sql`${t.deadline} is not null`),
    // One live order per cooperated inquiry: a second confirm while the first stands is refused by the index too.
    uniqueIndex('trade_orders_inquiry_key')
      .on(t.inquiryId)
      .where(sql`${t.inquiryId} is not null and ${t.state} not in ('cancelled', 'expired')`),
  ],
);

/** One line a checkout asked for: a lot and its kilograms. */
export interface CheckoutLine {
  stockId: number;
  quantityKg: number;
}

/**
 * The orders one checkout attempt made: `order/confirm_stock` with the `requestId` the buyer's app made
 * for the attempt, kept per buyer company. A repeat of the attempt (a second tap, a retry after a lost
 * answer, a stale page submitted again) answers these orders instead of making and reserving more. The
 * checkout claims its key before it reserves anything, in its own transaction, so a repeat arriving
 * meanwhile waits on the key and then answers the orders the first made.
 */
export const tradeOrderCheckouts = pgTable(
  'trade_order_checkouts',
  {
    buyerRootId: integer('buyer_root_id')
      .notNull()
      .references(() => users.id),
    requestId: text('request_id').notNull(),
    /** What the attempt asked for, by lot id: a repeat asking for anything else is refused. */
    lines: jsonb('lines').$type<CheckoutLine[]>().notNull(),
    /** The orders as the checkout answered them; filled in the transaction that claimed the key. */
    orders: jsonb('orders').$type<TOrderCreated['orders']>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.buyerRootId, t.requestId] })],
);

/**
 * Where an order line's quantity stands against its listing: `reserved` (taken off the listing's
 * quantity when the order was made), `released` (given back on cancel or expiry), `deducted` (shipped:
 * gone for good), `none` (an inquiry order's line, which has no listing).
 */
export const ORDER_STOCK_HOLDS = ['none', 'reserved', 'released', 'deducted'] as const;

export const tradeOrderItems = pgTable(
  'trade_order_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => tradeOrders.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    stockId: bigint('stock_id', { mode: 'number' }).references(() => stocks.id),
    product: jsonb('product').$type<TOrderProductSnapshot>().notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
    listPriceFen: bigint('list_price_fen', { mode: 'number' }),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }),
    amountFen: bigint('amount_fen', { mode: 'number' }),
    stockHold: text('stock_hold', { enum: ORDER_STOCK_HOLDS }).notNull(),
  },
  (t) => [
    index('trade_order_items_order_idx').on(t.orderId, t.position),
    index('trade_order_items_stock_idx').on(t.stockId),
  ],
);

/** The buyer's transfer slips: private images (file keys), shown to both sides through signed links. */
export const tradeOrderSlips = pgTable(
  'trade_order_slips',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => tradeOrders.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    fileKeys: text('file_keys').array().notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trade_order_slips_order_idx').on(t.orderId)],
);

/** Every state change of an order: from, to, which side (or the platform) and who, the reason and note. */
export const tradeOrderTransitions = pgTable(
  'trade_order_transitions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => tradeOrders.id, { onDelete: 'cascade' }),
    fromState: text('from_state', { enum: ORDER_STATES }),
    toState: text('to_state', { enum: ORDER_STATES }).notNull(),
    actor: text('actor', { enum: ORDER_ACTORS }).notNull(),
    userId: integer('user_id').references(() => users.id),
    reason: text('reason').notNull().default(''),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trade_order_transitions_order_idx').on(t.orderId, t.id)],
);

/** One line of a proxy selection: the seller's lot, how much, and (in a purchase order) the price per ton. */
export interface ProxyLine {
  stockId: number;
  quantityKg: number;
  unitPriceFen: number | null;
}

/**
 * Proxy stock selections (SPEC help_user_choose_stock): lots a seller picked for a buyer in their chat,
 * or a priced purchase order it filled for them; `orderId` once the buyer confirmed it.
 */
export const tradeOrderProxies = pgTable(
  'trade_order_proxies',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    mode: text('mode', { enum: ['spot', 'purchase_order'] }).notNull(),
    sellerRootId: integer('seller_root_id')
      .notNull()
      .references(() => users.id),
    sellerUserId: integer('seller_user_id')
      .notNull()
      .references(() => users.id),
    buyerUserId: integer('buyer_user_id')
      .notNull()
      .references(() => users.id),
    lines: jsonb('lines').$type<ProxyLine[]>().notNull(),
    freightFen: bigint('freight_fen', { mode: 'number' }).notNull().default(0),
    deliveryMethod: text('delivery_method', { enum: ORDER_DELIVERY_METHODS }).notNull(),
    agentBuyId: bigint('agent_buy_id', { mode: 'number' }),
    note: text('note').notNull().default(''),
    orderId: bigint('order_id', { mode: 'number' }).references(() => tradeOrders.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('trade_order_proxies_buyer_idx').on(t.buyerUserId, t.createdAt)],
);
