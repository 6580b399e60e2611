import { randomUUID } from 'node:crypto';
import {
  CodeFlag,
  isValidIdNumberOn,
  maskIdNumber,
  maskRealName,
  secondsUntil,
  shanghaiDayStart,
  type TVerificationEscalation,
  type TVerificationReviewItem,
  type TVerificationStatus,
  type TVerifySubmitInput,
  VERIFICATION_DAILY_ATTEMPTS,
  type VerificationState,
} from '@metal/shared';
import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import type { SecretBox } from '../../platform/crypto-box';
import { AppError, invalid, notFound, tooManyRequests } from '../../platform/errors';
import type { IdentityProvider, IdentityResult } from '../../platform/identity';
import { decideReview, type ReviewInput, type ReviewQueue } from '../../platform/review';
import { users } from '../accounts/accounts.table';
import { sendNotice } from '../notices/notices.service';
import { realNameVerifications, verificationAttempts, verificationEscalations } from './verification.table';

type Attempt = typeof verificationAttempts.$inferSelect;
type Escalation = typeof verificationEscalations.$inferSelect;
type Verification = typeof realNameVerifications.$inferSelect;

/** Outcomes that spend one of the day's attempts: the provider was asked (or is being asked) and answered. */
const COUNTED_OUTCOMES = ['pending', 'match', 'mismatch', 'idInUse'] as const;
/** Outcomes that say something about the person, shown as the last attempt. */
const DECISIVE_OUTCOMES = ['match', 'mismatch', 'idInUse'] as const;
/**
 * A check still pending after this long was cut off (a restart mid-call): it no longer blocks the
 * person, and, as nothing is known of it, it does not count. Far above any provider's time-out.
 */
const PENDING_ATTEMPT_EXPIRY_MS = 2 * 60_000;
const DAY_MS = 24 * 3600 * 1000;
/** How many of a person's attempts operators see beside a request. */
const ATTEMPT_HISTORY_SHOWN = 20;

/**
 * One person's checks, escalations and verification change under this lock, so that concurrent
 * submissions cannot overspend the daily limit or slip past an open request.
 */
const lockPerson = (tx: Executor, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('verification.person'), ${userId})`);
/**
 * Who holds which identity number changes only under this lock (taken before any person's), so two
 * accounts racing with one number cannot both be verified; the unique digest backs it up.
 */
const lockIdentities = (tx: Executor) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('verification.identity'))`);

function sealIdentity(box: SecretBox, input: TVerifySubmitInput) {
  return {
    realNameSealed: box.seal(input.realName),
    idNumberSealed: box.seal(input.idNumber),
    idDigest: box.digest(input.idNumber),
    realNameMasked: maskRealName(input.realName),
    idNumberMasked: maskIdNumber(input.idNumber),
  };
}

function toEscalation(row: Escalation): TVerificationEscalation {
  return {
    id: row.id,
    kind: row.kind,
    note: row.note,
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
  };
}

const toAttempt = (row: Attempt) => ({
  id: row.id,
  outcome: row.outcome,
  realName: row.realNameMasked,
  idNumber: row.idNumberMasked,
  createdAt: row.createdAt.toISOString(),
});

async function findVerification(db: Executor, userId: number): Promise<Verification | undefined> {
  const [row] = await db.select().from(realNameVerifications).where(eq(realNameVerifications.userId, userId));
  return row;
}

async function latestEscalation(db: Executor, userId: number): Promise<Escalation | undefined> {
  const [row] = await db
    .select()
    .from(verificationEscalations)
    .where(eq(verificationEscalations.userId, userId))
    .orderBy(desc(verificationEscalations.id))
    .limit(1);
  return row;
}

async function latestDecisiveAttempt(db: Executor, userId: number): Promise<Attempt | undefined> {
  const [row] = await db
    .select()
    .from(verificationAttempts)
    .where(and(eq(verificationAttempts.userId, userId), inArray(verificationAttempts.outcome, [...DECISIVE_OUTCOMES])))
    .orderBy(desc(verificationAttempts.id))
    .limit(1);
  return row;
}

async function attemptsUsedToday(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ used: count() })
    .from(verificationAttempts)
    .where(
      and(
        eq(verificationAttempts.userId, userId),
        inArray(verificationAttempts.outcome, [...COUNTED_OUTCOMES]),
        gte(verificationAttempts.createdAt, shanghaiDayStart(now)),
      ),
    );
  return row?.used ?? 0;
}

async function hasAttemptInFlight(db: Executor, userId: number): Promise<boolean> {
  return (await attemptInFlightSince(db, userId)) !== undefined;
}

/** When the person's check still waiting for the provider began, if one is. */
async function attemptInFlightSince(db: Executor, userId: number): Promise<Date | undefined> {
  const [row] = await db
    .select({ createdAt: verificationAttempts.createdAt })
    .from(verificationAttempts)
    .where(and(eq(verificationAttempts.userId, userId), eq(verificationAttempts.outcome, 'pending')))
    .orderBy(verificationAttempts.createdAt)
    .limit(1);
  return row?.createdAt;
}

/** Where a person stands, for `verify/status` and every answer that changes it. */
export async function verificationStatus(db: Executor, userId: number, now: Date): Promise<TVerificationStatus> {
  // One after another: inside a transaction they share one connection.
  const verification = await findVerification(db, userId);
  const escalation = await latestEscalation(db, userId);
  const last = await latestDecisiveAttempt(db, userId);
  const used = await attemptsUsedToday(db, userId, now);
  const inFlight = await hasAttemptInFlight(db, userId);
  const dayStart = shanghaiDayStart(now);
  const attemptsLeft = Math.max(0, VERIFICATION_DAILY_ATTEMPTS - used);
  const lastIsToday = last !== undefined && last.createdAt >= dayStart;
  // A rejection answers one attempt; a newer attempt starts afresh.
  const answered = escalation !== undefined && last !== undefined && escalation.attemptId === last.id;

  let state: VerificationState;
  if (verification) state = 'verified';
  else if (escalation?.status === 'pending') state = 'escalationPending';
  else if (answered && escalation.status === 'rejected') state = 'escalationRejected';
  else if (last?.outcome === 'idInUse') state = 'idInUse';
  else if (attemptsLeft === 0) state = 'limitReached';
  else if (last?.outcome === 'mismatch' && lastIsToday) state = 'failed';
  else state = 'unverified';

  const canEscalate =
    !verification &&
    !inFlight &&
    escalation?.status !== 'pending' &&
    last !== undefined &&
    !answered &&
    (last.outcome === 'idInUse' || (attemptsLeft === 0 && lastIsToday));

  return {
    state,
    verified: verification !== undefined,
    realName: verification?.realNameMasked ?? '',
    idNumber: verification?.idNumberMasked ?? '',
    verifiedAt: verification?.verifiedAt.toISOString() ?? null,
    verifiedBy: verification?.method ?? null,
    attemptsLeft,
    dailyLimit: VERIFICATION_DAILY_ATTEMPTS,
    retryAt: attemptsLeft === 0 ? new Date(dayStart.getTime() + DAY_MS).toISOString() : null,
    lastAttempt: last
      ? {
          outcome: last.outcome,
          realName: last.realNameMasked,
          idNumber: last.idNumberMasked,
          createdAt: last.createdAt.toISOString(),
        }
      : null,
    escalation: escalation ? toEscalation(escalation) : null,
    canEscalate,
  };
}

/**
 * Takes one of today's attempts for a check, or says why not. Nothing is written when it refuses.
 * A check cut off long ago (a restart mid-call) is closed first, so it cannot block the person.
 */
async function reserveAttempt({
  db,
  box,
  clock,
  actor,
  input,
}: {
  db: Database;
  box: SecretBox;
  clock: Clock;
  actor: Actor;
  input: TVerifySubmitInput;
}): Promise<Attempt> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockPerson(tx, actor.userId);
    if (await findVerification(tx, actor.userId)) {
      throw new AppError(CodeFlag.conflict, 'verification.alreadyVerified');
    }
    if ((await latestEscalation(tx, actor.userId))?.status === 'pending') {
      throw new AppError(CodeFlag.conflict, 'verification.escalationPending');
    }
    await tx
      .update(verificationAttempts)
      .set({ outcome: 'unavailable', answeredAt: now })
      .where(
        and(
          eq(verificationAttempts.userId, actor.userId),
          eq(verificationAttempts.outcome, 'pending'),
          lt(verificationAttempts.createdAt, new Date(now.getTime() - PENDING_ATTEMPT_EXPIRY_MS)),
        ),
      );
    // A second tap while a check runs: the first one's answer is on its way, at the latest when the
    // check expires, so that is the wait.
    const inFlightSince = await attemptInFlightSince(tx, actor.userId);
    if (inFlightSince) {
      const expires = new Date(inFlightSince.getTime() + PENDING_ATTEMPT_EXPIRY_MS);
      throw tooManyRequests('common.tooManyRequests', secondsUntil(expires, now));
    }
    if ((await attemptsUsedToday(tx, actor.userId, now)) >= VERIFICATION_DAILY_ATTEMPTS) {
      const status = await verificationStatus(tx, actor.userId, now);
      const nextDay = new Date(shanghaiDayStart(now).getTime() + DAY_MS);
      throw tooManyRequests('verification.limitReached', secondsUntil(nextDay, now), {}, status);
    }
    const [attempt] = await tx
      .insert(verificationAttempts)
      .values({ userId: actor.userId, ...sealIdentity(box, input), requestId: randomUUID(), createdAt: now })
      .returning();
    if (!attempt) throw new Error('verification attempt not recorded');
    return attempt;
  });
}

/** Asks the provider; a provider that throws is a provider that did not answer. */
async function check(identity: IdentityProvider, attempt: Attempt, input: TVerifySubmitInput): Promise<IdentityResult> {
  try {
    return await identity.verify({ realName: input.realName, idNumber: input.idNumber, requestId: attempt.requestId });
  } catch {
    return { outcome: 'unavailable' };
  }
}

/**
 * `verify/submit` (face_verify → auth_result): validates first (a typo spends nothing), takes an
 * attempt, asks the provider outside any transaction, then records the answer. A match verifies the
 * person unless the number already verifies another account, which then goes to customer service.
 */
export async function submitVerification({
  db,
  box,
  clock,
  identity,
  actor,
  input,
}: {
  db: Database;
  box: SecretBox;
  clock: Clock;
  identity: IdentityProvider;
  actor: Actor;
  input: TVerifySubmitInput;
}): Promise<TVerificationStatus> {
  // The form checked the birth date against the device's day; the server's clock has the last word.
  if (!isValidIdNumberOn(input.idNumber, clock.today())) {
    throw invalid('verification.idNumberInvalid', 'idNumber');
  }

  const attempt = await reserveAttempt({ db, box, clock, actor, input });
  const result = await check(identity, attempt, input);
  const answeredAt = clock.now();

  if (result.outcome === 'unavailable') {
    await db
      .update(verificationAttempts)
      .set({ outcome: 'unavailable', answeredAt })
      .where(eq(verificationAttempts.id, attempt.id));
    // SPEC §8's 'Submission failed, please try again', with the status showing no attempt was used.
    throw new AppError(
      CodeFlag.serverFault,
      'common.submitFailed',
      {},
      { data: await verificationStatus(db, actor.userId, clock.now()) },
    );
  }

  if (result.outcome === 'mismatch') {
    await db
      .update(verificationAttempts)
      .set({ outcome: 'mismatch', providerRef: result.providerRef, answeredAt })
      .where(eq(verificationAttempts.id, attempt.id));
  } else {
    await db.transaction(async (tx) => {
      await lockIdentities(tx);
      const [holder] = await tx
        .select({ userId: realNameVerifications.userId })
        .from(realNameVerifications)
        .where(
          and(eq(realNameVerifications.idDigest, attempt.idDigest), ne(realNameVerifications.userId, actor.userId)),
        )
        .limit(1);
      if (!holder) {
        await tx
          .insert(realNameVerifications)
          .values({
            userId: actor.userId,
            realNameSealed: attempt.realNameSealed,
            idNumberSealed: attempt.idNumberSealed,
            idDigest: attempt.idDigest,
            realNameMasked: attempt.realNameMasked,
            idNumberMasked: attempt.idNumberMasked,
            method: 'provider',
            attemptId: attempt.id,
            verifiedAt: answeredAt,
          })
          .onConflictDoNothing({ target: realNameVerifications.userId });
      }
      await tx
        .update(verificationAttempts)
        .set({ outcome: holder ? 'idInUse' : 'match', providerRef: result.providerRef, answeredAt })
        .where(eq(verificationAttempts.id, attempt.id));
    });
  }
  return verificationStatus(db, actor.userId, clock.now());
}

/**
 * `verify/escalate`: a request to customer service about the person's latest check, at the daily
 * limit or when the number verifies another account; one open request at a time, one per check.
 */
export async function escalateVerification(
  { db, clock, actor }: ServiceContext,
  { note }: { note: string },
): Promise<TVerificationStatus> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockPerson(tx, actor.userId);
    const status = await verificationStatus(tx, actor.userId, now);
    if (status.verified) throw new AppError(CodeFlag.conflict, 'verification.alreadyVerified');
    if (status.state === 'escalationPending') throw new AppError(CodeFlag.conflict, 'verification.escalationPending');
    if (!status.canEscalate) throw new AppError(CodeFlag.conflict, 'verification.cannotEscalate');
    const last = await latestDecisiveAttempt(tx, actor.userId);
    if (!last) throw notFound();
    await tx.insert(verificationEscalations).values({
      userId: actor.userId,
      attemptId: last.id,
      kind: last.outcome === 'idInUse' ? 'idInUse' : 'limitReached',
      note,
      createdAt: now,
    });
    return verificationStatus(tx, actor.userId, now);
  });
}

/** Escalations as operators review them, with the attempt history and the number's current holder. */
async function toReviewItems(db: Executor, escalations: Escalation[]): Promise<TVerificationReviewItem[]> {
  if (escalations.length === 0) return [];
  const userIds = [...new Set(escalations.map((e) => e.userId))];
  const [people, attempts] = await Promise.all([
    db
      .select({ id: users.id, account: users.account, nickName: users.nickName })
      .from(users)
      .where(inArray(users.id, userIds)),
    db
      .select()
      .from(verificationAttempts)
      .where(inArray(verificationAttempts.userId, userIds))
      .orderBy(desc(verificationAttempts.id)),
  ]);
  const attemptById = new Map(attempts.map((a) => [a.id, a]));
  const digests = [...new Set(escalations.map((e) => attemptById.get(e.attemptId)?.idDigest ?? ''))];
  const holders = await db
    .select({
      userId: realNameVerifications.userId,
      idDigest: realNameVerifications.idDigest,
      verifiedAt: realNameVerifications.verifiedAt,
      account: users.account,
    })
    .from(realNameVerifications)
    .innerJoin(users, eq(users.id, realNameVerifications.userId))
    .where(inArray(realNameVerifications.idDigest, digests));
  const personById = new Map(people.map((p) => [p.id, p]));

  return escalations.map((escalation) => {
    const attempt = attemptById.get(escalation.attemptId);
    const person = personById.get(escalation.userId);
    const holder = holders.find((h) => h.idDigest === attempt?.idDigest && h.userId !== escalation.userId);
    return {
      ...toEscalation(escalation),
      userId: escalation.userId,
      account: person?.account ?? '',
      nickName: person?.nickName ?? '',
      realName: attempt?.realNameMasked ?? '',
      idNumber: attempt?.idNumberMasked ?? '',
      attempts: attempts
        .filter((a) => a.userId === escalation.userId)
        .slice(0, ATTEMPT_HISTORY_SHOWN)
        .map(toAttempt),
      holder: holder
        ? { userId: holder.userId, account: holder.account, verifiedAt: holder.verifiedAt.toISOString() }
        : null,
      submittedAt: escalation.createdAt.toISOString(),
    };
  });
}

/** `console/verification/list` (operators): open requests, oldest first. */
export async function pendingEscalations({ db }: ServiceContext): Promise<TVerificationReviewItem[]> {
  const rows = await db
    .select()
    .from(verificationEscalations)
    .where(eq(verificationEscalations.status, 'pending'))
    .orderBy(asc(verificationEscalations.createdAt), asc(verificationEscalations.id));
  return toReviewItems(db, rows);
}

/**
 * `console/verification/review` (operators): approve (the person is verified with the values of the
 * check asked about; an account the number verified before loses it, and is told) or reject with a
 * reason. Recorded as an operator action; the person is told either way.
 */
export async function reviewEscalation(ctx: ServiceContext, input: ReviewInput): Promise<TVerificationReviewItem> {
  const { escalation } = await decideReview(ctx, escalationReviews(ctx.clock), input);
  const [item] = await toReviewItems(ctx.db, [escalation]);
  return item!;
}

type EscalationRow = typeof verificationEscalations.$inferSelect;

const escalationReviews = (
  clock: Clock,
): ReviewQueue<EscalationRow, { escalation: EscalationRow; revokedUserId: number | null }> => ({
  subject: 'verification_escalation',
  action: 'verification',
  notices: { approved: 'notice.verificationApproved', rejected: 'notice.verificationRejected' },
  async load(tx, id) {
    await lockIdentities(tx);
    // Decisions are made under the identity lock, so two operators cannot both decide one request.
    const [escalation] = await tx.select().from(verificationEscalations).where(eq(verificationEscalations.id, id));
    return escalation;
  },
  isPending: (escalation) => escalation.status === 'pending',
  // A request is never changed, only decided: it is the version it was asked as.
  versionOf: (escalation) => escalation.createdAt,
  async decide(tx, escalation, { approve, now, actor, reviewed }) {
    await lockPerson(tx, escalation.userId);
    let revokedUserId: number | null = null;
    if (approve) {
      const [attempt] = await tx
        .select()
        .from(verificationAttempts)
        .where(eq(verificationAttempts.id, escalation.attemptId));
      if (!attempt) throw notFound();
      const [holder] = await tx
        .select({ userId: realNameVerifications.userId })
        .from(realNameVerifications)
        .where(eq(realNameVerifications.idDigest, attempt.idDigest));
      if (holder && holder.userId !== escalation.userId) {
        revokedUserId = holder.userId;
        await tx.delete(realNameVerifications).where(eq(realNameVerifications.userId, holder.userId));
        await sendNotice(tx, clock, {
          userId: holder.userId,
          messageKey: 'notice.verificationRevoked',
          subject: `verification_escalation:${escalation.id}`,
        });
      }
      await tx.delete(realNameVerifications).where(eq(realNameVerifications.userId, escalation.userId));
      await tx.insert(realNameVerifications).values({
        userId: escalation.userId,
        realNameSealed: attempt.realNameSealed,
        idNumberSealed: attempt.idNumberSealed,
        idDigest: attempt.idDigest,
        realNameMasked: attempt.realNameMasked,
        idNumberMasked: attempt.idNumberMasked,
        method: 'operator',
        attemptId: attempt.id,
        reviewerId: actor.userId,
        verifiedAt: now,
      });
    }
    const [updated] = await tx
      .update(verificationEscalations)
      .set({ status: approve ? 'approved' : 'rejected', ...reviewed })
      .where(eq(verificationEscalations.id, escalation.id))
      .returning();
    return { escalation: updated!, revokedUserId };
  },
  announce: async (_tx, escalation, { revokedUserId }) => ({
    userId: escalation.userId,
    logDetail: {
      userId: escalation.userId,
      kind: escalation.kind,
      ...(revokedUserId !== null ? { revokedUserId } : {}),
    },
  }),
});
