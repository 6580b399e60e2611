import { ACCOUNT_STATES, TAKEDOWN_KINDS } from '@metal/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    /** Login account: letters and digits, at most 18; the phone until the user picks another. */
    account: text('account').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickName: text('nick_name').notNull(),
    head: text('head').notNull().default(''),
    signature: text('signature').notNull().default(''),
    /** The company owner's user id; an owner's own id. */
    rootId: integer('root_id').notNull(),
    /** Operators (SPEC §6 customer service and administrators) run reviews and data entry; null for everyone else. */
    operatorRole: text('operator_role', { enum: ['service', 'admin'] }),
    /** Demo data loaded by the start command on an empty database; shown as demo. */
    isDemo: boolean('is_demo').notNull().default(false),
    status: text('status', { enum: ACCOUNT_STATES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('users_phone_key').on(t.phone), uniqueIndex('users_account_key').on(sql`lower(${t.account})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the opaque session id; the id itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    platform: smallint('platform').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip').notNull(),
    failedAttempts: smallint('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone_idx').on(t.phone, t.createdAt), index('sms_codes_ip_idx').on(t.ip, t.createdAt)],
);

export const captchas = pgTable('captchas', {
  key: text('key').primaryKey(),
  answerHash: text('answer_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_account_idx').on(t.account, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
  ],
);

/** Every change of an account's state (SPEC §6 operators): who made it, when, why, and how many listings it moved. */
export const accountStateChanges = pgTable(
  'account_state_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ACCOUNT_STATES }).notNull(),
    reason: text('reason').notNull(),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    /** Listings taken down (disable) or put back (enable). */
    listings: integer('listings').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_state_changes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Exactly which listings disabling an account took off sale, with the status each had, so enabling puts
 * back those (still as the takedown left them) and nothing the owner had taken down themselves.
 */
export const accountTakedowns = pgTable(
  'account_takedowns',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The disabled account. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changeId: bigint('change_id', { mode: 'number' })
      .notNull()
      .references(() => accountStateChanges.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TAKEDOWN_KINDS }).notNull(),
    /** The listing's id in its own table (stocks, capacities, inquiries). */
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    /** Its public status before, to which enabling returns it. */
    previousStatus: text('previous_status').notNull(),
    restoredAt: timestamp('restored_at', { withTimezone: true }),
  },
  (t) => [index('account_takedowns_open_idx').on(t.userId).where(sql`${t.restoredAt} is null`)],
);
