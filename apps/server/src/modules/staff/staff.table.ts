import type { Permission } from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * A company's roles (SPEC §2 edit_role): a name, an intro and the permissions its holders get. Scoped
 * by the owner's user id like every company-owned row.
 */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    intro: text('intro').notNull().default(''),
    permissions: text('permissions').array().$type<Permission[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('staff_roles_name_key').on(t.rootId, sql`lower(${t.name})`)],
);

/**
 * An employee of a company (SPEC §3 operator/employee): the user account they log in with (its rootId
 * is the owner's), the name and QQ the company knows them by, whether they are the authorized employee
 * (every permission of the owner's), and whether the company disabled or removed them. A removed
 * employee's account stays (what they made stays the company's) but its phone and account name are
 * freed; `phone` keeps the number they had.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    qq: text('qq').notNull().default(''),
    authorized: boolean('authorized').notNull().default(false),
    status: text('status', { enum: ['active', 'disabled', 'removed'] })
      .notNull()
      .default('active'),
    /** Who added them (the owner or a colleague with the staff permission). */
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('staff_members_root_idx').on(t.rootId, t.status)],
);

/** The roles an employee holds; a role still held cannot be deleted. */
export const staffMemberRoles = pgTable(
  'staff_member_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => staffMembers.userId, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => staffRoles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('staff_member_roles_role_idx').on(t.roleId)],
);
