import { CAPACITY_STATUSES, type TCapacityAttribute } from '@metal/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';

/**
 * SPEC §3 capacity: what a company can produce, posted by its owner or an employee and reviewed by
 * operators (waiting → passed | notPassed). Quantities are integer kilograms (entered in tons).
 */
export const capacities = pgTable(
  'capacities',
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
    productName: text('product_name').notNull().default(''),
    minOrderKg: integer('min_order_kg').notNull(),
    monthlyOutputKg: integer('monthly_output_kg').notNull(),
    attributes: jsonb('attributes').$type<TCapacityAttribute[]>().notNull().default([]),
    info: text('info').notNull().default(''),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    status: text('status', { enum: CAPACITY_STATUSES }).notNull().default('waiting'),
    reason: text('reason').notNull().default(''),
    /** When it was posted or last changed: its review is due a number of working days after this (or the licence approval). */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    reviewerId: integer('reviewer_id').references(() => users.id),
    /** The last review; kept when it is changed afterwards, so the queue can say it was reviewed before. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** When it last passed: the public list's order. */
    passedAt: timestamp('passed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('capacities_root_idx').on(t.rootId, t.submittedAt),
    index('capacities_public_idx').on(t.rootId, t.passedAt).where(sql`${t.status} = 'passed'`),
    index('capacities_waiting_idx').on(t.submittedAt).where(sql`${t.status} = 'waiting'`),
  ],
);

/** A capacity's images in the poster's order; each uploaded file belongs to one capacity. */
export const capacityImages = pgTable(
  'capacity_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    capacityId: bigint('capacity_id', { mode: 'number' })
      .notNull()
      .references(() => capacities.id, { onDelete: 'cascade' }),
    // Cascade: should another feature ever delete a file in use here, the capacity loses that image rather than failing.
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [
    uniqueIndex('capacity_images_file_key').on(t.fileId),
    index('capacity_images_capacity_idx').on(t.capacityId, t.position),
  ],
);
