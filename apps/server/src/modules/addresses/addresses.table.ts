import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * A company's receipt addresses (SPEC §3), shared by its staff. At most one is the default, which the
 * partial unique index holds even if a change forgot the company's lock.
 */
export const receiptAddresses = pgTable(
  'receipt_addresses',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiver: text('receiver').notNull(),
    phone: text('phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull(),
    detail: text('detail').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Who last saved it, for the company's own record. */
    updatedBy: integer('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('receipt_addresses_root_idx').on(t.rootId, t.updatedAt),
    uniqueIndex('receipt_addresses_one_default_key').on(t.rootId).where(sql`${t.isDefault}`),
  ],
);

/** A company's invoice titles (SPEC §3), shared by its staff; orders copy the one they use. */
export const invoiceTitles = pgTable(
  'invoice_titles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The unified social credit code, upper case. */
    taxNo: text('tax_no').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    bankName: text('bank_name').notNull().default(''),
    bankAccount: text('bank_account').notNull().default(''),
    receiverMobile: text('receiver_mobile').notNull().default(''),
    email: text('email').notNull().default(''),
    updatedBy: integer('updated_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invoice_titles_root_idx').on(t.rootId, t.updatedAt)],
);
