import { STOCK_PRICE_TYPES } from '@metal/shared';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { series } from '../markets/markets.table';
import { stocks } from '../stocks/stocks.table';

/** Where the buyer found the listing when adding it: search results, or anywhere else (detail, shop). */
export const CART_SOURCES = ['search', 'other'] as const;
export type CartSource = (typeof CART_SOURCES)[number];

/**
 * A line of a company's shopping cart (SPEC §2 shopping_cart): one listing of another company and
 * the quantity wanted, in integer kilograms. The cart is the buying company's (`rootId`), as the
 * orders it checks out into are: every member of staff with the 'orders' permission works on the same
 * lines. The price terms at the moment the line was added (or its new price last accepted) are kept,
 * so that a change of the seller's terms is shown to the buyer and never bought silently.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The buying company (its owner's user id). */
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    stockId: bigint('stock_id', { mode: 'number' })
      .notNull()
      .references(() => stocks.id, { onDelete: 'cascade' }),
    /** The selling company, kept so the cart groups by seller without reading every listing. */
    sellerRootId: integer('seller_root_id').notNull(),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
    /** Who added the line first (an owner or an employee). */
    addedBy: integer('added_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: CART_SOURCES }).notNull().default('other'),
    /** The listing's price terms when added or last accepted: type, fixed price, followed series and fee. */
    priceType: text('price_type', { enum: STOCK_PRICE_TYPES }).notNull(),
    priceFen: bigint('price_fen', { mode: 'number' }),
    seriesId: integer('series_id').references(() => series.id),
    processingFeeFen: bigint('processing_fee_fen', { mode: 'number' }),
    /** The unit price (fen per ton) at that moment, shown beside today's; null when it had none. */
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_items_root_stock_idx').on(t.rootId, t.stockId),
    index('cart_items_stock_idx').on(t.stockId),
  ],
);
export type CartItemRow = typeof cartItems.$inferSelect;
