import { LINK_WAY_CHANNELS, LINK_WAY_PURPOSES } from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { files } from '../files/files.table';

/** A company, owned by its root user (SPEC §3 company info). */
export const companies = pgTable(
  'companies',
  {
    rootId: integer('root_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The approved name; a requested change waits in company_name_changes until reviewed. */
    name: text('name').notNull().default(''),
    brand: text('brand').notNull().default(''),
    businessModel: text('business_model', { enum: ['producer', 'trader', 'buyer', 'other'] }),
    buyProducts: integer('buy_products').array().notNull().default(sql`'{}'::integer[]`),
    sellProducts: integer('sell_products').array().notNull().default(sql`'{}'::integer[]`),
    phones: text('phones').array().notNull().default(sql`'{}'::text[]`),
    faxes: text('faxes').array().notNull().default(sql`'{}'::text[]`),
    qq: text('qq').notNull().default(''),
    wechat: text('wechat').notNull().default(''),
    webUrl: text('web_url').notNull().default(''),
    linkName: text('link_name').notNull().default(''),
    linkPhone: text('link_phone').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    addressDetail: text('address_detail').notNull().default(''),
    /** From the map picker, or the region's centre when none was picked (GCJ-02, as Chinese maps use). */
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    /** When the shop opened (an operator passed its application); null while it is not open. */
    shopOpenedAt: timestamp('shop_opened_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // SPEC §5: company names are unique, whatever the letter case.
  (t) => [uniqueIndex('companies_name_key').on(sql`lower(${t.name})`).where(sql`${t.name} <> ''`)],
);

/**
 * SPEC §4 business licence: an uploaded licence image (a private file) reviewed by operators. The
 * approved one stays shown while a newer one is pending; approving the newer one marks the older
 * 'replaced'. A licence sent with a name change is reviewed with it (company_name_changes.licence_id).
 */
export const companyLicences = pgTable(
  'company_licences',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'replaced'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    submittedBy: integer('submitted_by')
      .notNull()
      .references(() => users.id),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // One licence in review and one approved per company; a file is sent once.
    uniqueIndex('company_licences_pending_key').on(t.rootId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('company_licences_approved_key').on(t.rootId).where(sql`${t.status} = 'approved'`),
    uniqueIndex('company_licences_file_key').on(t.fileId),
    index('company_licences_root_idx').on(t.rootId, t.createdAt),
  ],
);

/** SPEC §4 company-name change: pending until an operator approves or rejects it (with a reason). */
export const companyNameChanges = pgTable(
  'company_name_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    oldName: text('old_name').notNull(),
    newName: text('new_name').notNull(),
    status: text('status', { enum: ['pending', 'rejected', 'approved'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** SPEC §4: a new name needs the business licence again; it is approved or rejected with the name. */
    licenceId: bigint('licence_id', { mode: 'number' }).references(() => companyLicences.id),
  },
  (t) => [
    // One open request per company, and no two open requests for the same name.
    uniqueIndex('company_name_changes_pending_key').on(t.rootId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('company_name_changes_pending_name_key')
      .on(sql`lower(${t.newName})`)
      .where(sql`${t.status} = 'pending'`),
    index('company_name_changes_root_idx').on(t.rootId, t.createdAt),
  ],
);

/** SPEC §2 link_way: for each purpose, which of the company's people buyers contact, and by which channel. */
export const companyLinkWays = pgTable(
  'company_link_ways',
  {
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: LINK_WAY_PURPOSES }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: LINK_WAY_CHANNELS }).notNull(),
    /** The number or id; '' for chat. */
    value: text('value').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.rootId, t.purpose] })],
);

/**
 * A selling company's terms for stock orders (trade_set); no row means the defaults
 * (`tradeSettingsFor`). Orders copy what they need when they are made.
 */
export const tradeSettings = pgTable('trade_settings', {
  rootId: integer('root_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  paymentDays: integer('payment_days').notNull(),
  onlinePayment: boolean('online_payment').notNull().default(false),
  bankAccountName: text('bank_account_name').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  bankAccount: text('bank_account').notNull().default(''),
  deliveryNote: text('delivery_note').notNull().default(''),
  updatedBy: integer('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
