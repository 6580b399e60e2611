import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * The sealed and masked forms of what a person typed. The name and number are kept sealed
 * (crypto-box, key ID_ENCRYPTION_KEY) and shown only masked; the number's keyed digest finds the
 * same number on another account without decrypting anything.
 */
const identityColumns = () => ({
  realNameSealed: text('real_name_sealed').notNull(),
  idNumberSealed: text('id_number_sealed').notNull(),
  idDigest: text('id_digest').notNull(),
  realNameMasked: text('real_name_masked').notNull(),
  idNumberMasked: text('id_number_masked').notNull(),
});

/**
 * Every check of a name and number (SPEC §4), one row per attempt of a person (userId: employees
 * verify themselves). Counted against the daily limit unless the provider did not answer.
 */
export const verificationAttempts = pgTable(
  'verification_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...identityColumns(),
    outcome: text('outcome', { enum: ['pending', 'match', 'mismatch', 'idInUse', 'unavailable'] })
      .notNull()
      .default('pending'),
    /** Our id of the check, given to the provider, to reconcile its bill with these rows. */
    requestId: text('request_id').notNull(),
    /** The provider's serial number of the check, for billing disputes and audits. */
    providerRef: text('provider_ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('verification_attempts_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('verification_attempts_request_key').on(t.requestId),
    // One check in flight per person, so concurrent submissions cannot spend attempts past the limit.
    uniqueIndex('verification_attempts_pending_key').on(t.userId).where(sql`${t.outcome} = 'pending'`),
  ],
);

/** A verified person. One identity number verifies one account (the unique digest). */
export const realNameVerifications = pgTable(
  'real_name_verifications',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...identityColumns(),
    method: text('method', { enum: ['provider', 'operator'] }).notNull(),
    /** The check that verified the person, or the one customer service approved. */
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => verificationAttempts.id),
    /** The operator who verified the person, when customer service did. */
    reviewerId: integer('reviewer_id').references(() => users.id),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('real_name_verifications_digest_key').on(t.idDigest)],
);

/**
 * A request to customer service about one attempt: at the daily limit, or for a number that verifies
 * another account. Operators approve (verify the person) or reject it with a reason.
 */
export const verificationEscalations = pgTable(
  'verification_escalations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: bigint('attempt_id', { mode: 'number' })
      .notNull()
      .references(() => verificationAttempts.id),
    kind: text('kind', { enum: ['limitReached', 'idInUse'] }).notNull(),
    note: text('note').notNull(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('pending'),
    reason: text('reason').notNull().default(''),
    reviewerId: integer('reviewer_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per person, and one request per attempt.
    uniqueIndex('verification_escalations_pending_key').on(t.userId).where(sql`${t.status} = 'pending'`),
    uniqueIndex('verification_escalations_attempt_key').on(t.attemptId),
    index('verification_escalations_status_idx').on(t.status, t.createdAt),
  ],
);
