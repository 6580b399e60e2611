import {
  DISPATCH_MEMBER_ROLES,
  DISPATCH_MODES,
  type DispatchMemberRole,
  type DispatchMode,
  INQUIRY_HANDLING_STATES,
  INQUIRY_PAYMENT_METHODS,
  INQUIRY_STATUSES,
  INQUIRY_VISIBILITIES,
  type InquiryHandlingState,
  type InquiryStatus,
  QUOTE_STATUSES,
  type QuoteStatus,
  type TCapacityAttribute,
} from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';

/**
 * SPEC §3 purchase inquiry: a buyer company asks suppliers to quote for up to 10 products. Public ones
 * wait for review; designated ones go straight to the suppliers named. Quantities are integer kg.
 */
export const inquiries = pgTable(
  'inquiries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    /** Who posted or last changed it (the owner or an employee). */
    postedBy: integer('posted_by')
      .notNull()
      .references(() => users.id),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
    status: text('status', { enum: INQUIRY_STATUSES }).$type<InquiryStatus>().notNull(),
    reason: text('reason').notNull().default(''),
    visibility: text('visibility', { enum: INQUIRY_VISIBILITIES }).notNull(),
    taxIncluded: boolean('tax_included').notNull(),
    freightIncluded: boolean('freight_included').notNull(),
    paymentMethod: text('payment_method', { enum: INQUIRY_PAYMENT_METHODS }).notNull(),
    creditDays: integer('credit_days'),
    quoteDeadline: timestamp('quote_deadline', { withTimezone: true }).notNull(),
    deliveryDate: date('delivery_date', { mode: 'string' }),
    supplierProvince: text('supplier_province').notNull().default(''),
    supplierCity: text('supplier_city').notNull().default(''),
    receiver: text('receiver').notNull(),
    receiverPhone: text('receiver_phone').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    district: text('district').notNull().default(''),
    address: text('address').notNull(),
    /** The delivery district's centre (GCJ-02), for the distance to each quoting supplier. */
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    remark: text('remark').notNull().default(''),
    /** Sum of the products' quantities (SPEC 'purchase count'), kept with them. */
    totalQuantityKg: bigint('total_quantity_kg', { mode: 'number' }).notNull(),
    /** Live quotes (one per supplier), kept by the quotes module. */
    quoteCount: integer('quote_count').notNull().default(0),
    /** Other companies' people who opened it, once per person per day. */
    views: integer('views').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When it opened for quotes: the hall's order. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inquiries_root_idx').on(t.rootId, t.createdAt),
    index('inquiries_hall_idx').on(t.publishedAt).where(sql`${t.status} = 'open' and ${t.visibility} = 'public'`),
    index('inquiries_review_idx').on(t.submittedAt).where(sql`${t.status} = 'review'`),
    index('inquiries_deadline_idx').on(t.quoteDeadline).where(sql`${t.status} = 'open'`),
  ],
);

/** The products of an inquiry, in the buyer's order. */
export const inquirySpecs = pgTable(
  'inquiry_specs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productName: text('product_name').notNull().default(''),
    specification: text('specification').notNull().default(''),
    quantityKg: bigint('quantity_kg', { mode: 'number' }).notNull(),
    attributes: jsonb('attributes').$type<TCapacityAttribute[]>().notNull().default([]),
  },
  (t) => [index('inquiry_specs_inquiry_idx').on(t.inquiryId, t.position)],
);

/** The suppliers (companies) a designated inquiry goes to. */
export const inquiryDesignations = pgTable(
  'inquiry_designations',
  {
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.rootId] }), index('inquiry_designations_root_idx').on(t.rootId)],
);

/** Files attached to an inquiry (drawings, photos, specifications), in order. */
export const inquiryAttachments = pgTable(
  'inquiry_attachments',
  {
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.fileId] })],
);

/** One row per person per day who opened someone else's inquiry, so `views` counts each once. */
export const inquiryViews = pgTable(
  'inquiry_views',
  {
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.userId, t.day] })],
);

/**
 * Suppliers' quotes (SPEC §6 quoting). A company holds at most one live quote per inquiry; earlier ones
 * stay as `replaced` for the history. Money is integer fen.
 */
export const inquiryQuotes = pgTable(
  'inquiry_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    /** The supplier company, and the person who quoted. */
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: QUOTE_STATUSES }).$type<QuoteStatus>().notNull(),
    totalFen: bigint('total_fen', { mode: 'number' }).notNull(),
    taxIncluded: boolean('tax_included').notNull(),
    freightIncluded: boolean('freight_included').notNull(),
    paymentMethod: text('payment_method', { enum: INQUIRY_PAYMENT_METHODS }).notNull(),
    creditDays: integer('credit_days'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('inquiry_quotes_live_key').on(t.inquiryId, t.rootId).where(sql`${t.status} = 'live'`),
    index('inquiry_quotes_inquiry_idx').on(t.inquiryId, t.createdAt),
    index('inquiry_quotes_root_idx').on(t.rootId, t.createdAt),
  ],
);

/** The price per ton a quote gives each product. */
export const inquiryQuoteItems = pgTable(
  'inquiry_quote_items',
  {
    quoteId: bigint('quote_id', { mode: 'number' })
      .notNull()
      .references(() => inquiryQuotes.id, { onDelete: 'cascade' }),
    specId: bigint('spec_id', { mode: 'number' })
      .notNull()
      .references(() => inquirySpecs.id, { onDelete: 'cascade' }),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.quoteId, t.specId] })],
);

/**
 * SPEC §4 order-taking: the one person of a supplier company who handles an inquiry (grabbed it or
 * quoted), or who let it go for the company (gave up, ignored). One row per inquiry and company, so
 * two colleagues cannot both hold it.
 */
export const inquiryHandlings = pgTable(
  'inquiry_handlings',
  {
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    state: text('state', { enum: INQUIRY_HANDLING_STATES }).$type<InquiryHandlingState>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.inquiryId, t.rootId] }),
    index('inquiry_handlings_user_idx').on(t.userId, t.state, t.updatedAt),
  ],
);

/**
 * SPEC §3 dispatch group: a team of a supplier company taking the inquiries of its service areas and
 * products, by grabbing (staff compete) or by a dispatcher's assignment with a duration in hours.
 */
export const dispatchGroups = pgTable(
  'dispatch_groups',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mode: text('mode', { enum: DISPATCH_MODES }).$type<DispatchMode>().notNull(),
    /** Assign mode: hours an inquiry may wait for its assignment, then for the assignee's quote; null in grab mode. */
    assignHours: integer('assign_hours'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('dispatch_groups_name_key').on(t.rootId, t.name)],
);

/** The company's people in a group: staff take orders, dispatchers also assign them. */
export const dispatchGroupMembers = pgTable(
  'dispatch_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => dispatchGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: DISPATCH_MEMBER_ROLES }).$type<DispatchMemberRole>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('dispatch_group_members_user_idx').on(t.userId)],
);

/** A group's service areas: a province, a city of it or a district of that city ('' = all of the one above). */
export const dispatchGroupAreas = pgTable(
  'dispatch_group_areas',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => dispatchGroups.id, { onDelete: 'cascade' }),
    province: text('province').notNull(),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.province, t.city, t.district] })],
);

/** A group's products: the inquiry categories it takes. */
export const dispatchGroupProducts = pgTable(
  'dispatch_group_products',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => dispatchGroups.id, { onDelete: 'cascade' }),
    sortId: integer('sort_id')
      .notNull()
      .references(() => sorts.id),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.sortId] })],
);

/**
 * An open inquiry routed to one group of a supplier company (its area and product matched when it
 * opened or when the group was saved). `dueAt` (assign mode) is when it escalates unless assigned, or
 * once assigned, quoted; `escalatedAt` marks it returned to the company's pool, so it escalates once.
 * Deleting the group deletes the routing: the inquiry is the company's pool's again.
 */
export const inquiryDispatches = pgTable(
  'inquiry_dispatches',
  {
    inquiryId: bigint('inquiry_id', { mode: 'number' })
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => companies.rootId, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => dispatchGroups.id, { onDelete: 'cascade' }),
    /** Who the dispatcher gave it to (or a holder handed it to); null while it waits. */
    assigneeId: integer('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    routedAt: timestamp('routed_at', { withTimezone: true }).notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    dueAt: timestamp('due_at', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.inquiryId, t.rootId] }),
    index('inquiry_dispatches_group_idx').on(t.groupId),
    index('inquiry_dispatches_due_idx').on(t.dueAt).where(sql`${t.escalatedAt} is null and ${t.dueAt} is not null`),
  ],
);
