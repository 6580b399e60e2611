import {
  CAPTCHA_TTL_SECONDS,
  CodeFlag,
  formatShanghaiDateTime,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_FAILURES_BEFORE_CAPTCHA,
  MOBILE_PATTERN,
  maskMobile,
  type PlatformValue,
  SESSION_TTL_SECONDS,
  SMS_CODE_TTL_SECONDS,
  SMS_DAILY_CAP_PER_PHONE,
  SMS_RESEND_SECONDS,
  type SmsPurpose,
  secondsUntil,
  shanghaiDayStart,
  type TLoginFailure,
  type TSessionUser,
} from '@metal/shared';
import { and, count, desc, eq, gt, isNull, or, type SQL, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { AppError, tooManyRequests } from '../../platform/errors';
import type { SmsProvider } from '../../platform/sms';
import {
  companyAccess,
  memberMayAct,
  refuseInactiveMember,
  staffAccessColumns,
  staffMemberOfUser,
} from '../staff/staff.access';
import { staffMembers } from '../staff/staff.table';
import {
  hashPassword,
  newSessionId,
  newSmsCode,
  sha256,
  smsCodeHash,
  UNKNOWN_ACCOUNT_HASH,
  verifyPassword,
} from './accounts.crypto';
import { captchas, loginFailures, sessions, smsCodes, users } from './accounts.table';

/** Wrong guesses allowed against one SMS code before it is burned. */
const SMS_CODE_MAX_FAILURES = 5;
/**
 * Wrong passwords are counted per account and per address within LOGIN_FAILURE_WINDOW_SECONDS. An
 * account asks for the image captcha after LOGIN_FAILURES_BEFORE_CAPTCHA and refuses password checks
 * after LOGIN_FAILURES_BEFORE_LOCK. An address only after many more: a whole office behind one NAT
 * shares it, so a few colleagues' typos must not put everyone behind a captcha, while one address
 * trying a password on many accounts (spraying) still meets the captcha, then the lock.
 */
const LOGIN_FAILURES_BEFORE_LOCK = 10;
const LOGIN_FAILURES_BEFORE_CAPTCHA_PER_IP = 30;
const LOGIN_FAILURES_BEFORE_LOCK_PER_IP = 100;
/**
 * Wrong current passwords on user/modify_password after which the session that sent them ends: whoever
 * holds a stolen session must then know the password to log in again (and login has its own limits).
 */
const PASSWORD_CHANGE_FAILURES_BEFORE_LOGOUT = 5;
/** A session's expiry is pushed forward at most this often, so reads do not write on every call. */
const SESSION_TOUCH_SECONDS = 3600;

const secondsAfter = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

type User = typeof users.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Sessions

export async function createSession(
  { db: tx, clock }: ContextOf<'db' | 'clock'>,
  { user, platform }: { user: User; platform: PlatformValue },
): Promise<TSessionUser> {
  const sessionId = newSessionId();
  const now = clock.now();
  await tx.insert(sessions).values({
    idHash: sha256(sessionId),
    userId: user.id,
    platform,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: secondsAfter(now, SESSION_TTL_SECONDS),
  });
  await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
  return {
    account: user.account,
    rootId: user.rootId,
    userId: user.id,
    sessionId,
    lastLoginDate: formatShanghaiDateTime(now),
  };
}

/** A live session as read from the database, with the times that decide how long it stays so. */
export interface LiveSession {
  actor: Actor;
  lastSeenAt: Date;
  expiresAt: Date;
}

/** Reads a live (unrevoked, unexpired) session of an active user by its hash; undefined when there is none. */
export async function readSession(db: Database, clock: Clock, idHash: string): Promise<LiveSession | undefined> {
  const [row] = await db
    .select({
      userId: users.id,
      rootId: users.rootId,
      account: users.account,
      operatorRole: users.operatorRole,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ...staffAccessColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(staffMembers, staffMemberOfUser)
    .where(
      and(
        eq(sessions.idHash, idHash),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, clock.now()),
        eq(users.status, 'active'),
        memberMayAct,
      ),
    )
    .limit(1);
  if (!row) return undefined;
  return {
    actor: {
      userId: row.userId,
      rootId: row.rootId,
      account: row.account,
      operatorRole: row.operatorRole,
      sessionHash: idHash,
      ...companyAccess(row),
    },
    lastSeenAt: row.lastSeenAt,
    expiresAt: row.expiresAt,
  };
}

/**
 * Pushes a session's expiry forward when it was last pushed long enough ago (reads do not write on
 * every call); answers the session as it now stands.
 */
export async function touchSession(db: Database, clock: Clock, session: LiveSession): Promise<LiveSession> {
  const now = clock.now();
  if (now.getTime() - session.lastSeenAt.getTime() <= SESSION_TOUCH_SECONDS * 1000) return session;
  const expiresAt = secondsAfter(now, SESSION_TTL_SECONDS);
  await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(eq(sessions.idHash, session.actor.sessionHash ?? ''));
  return { ...session, lastSeenAt: now, expiresAt };
}

/** Told when sessions of a user ended, after the change is committed (the session cache). */
export interface SessionEndings {
  ended(userId: number): void;
}

export async function revokeSession({
  db,
  actor,
  clock,
  endings,
}: {
  db: Database;
  actor: Actor;
  clock: Clock;
  endings: SessionEndings;
}) {
  if (!actor.sessionHash) return;
  await db.update(sessions).set({ revokedAt: clock.now() }).where(eq(sessions.idHash, actor.sessionHash));
  endings.ended(actor.userId);
}

/** A password change or reset ends every other session of the user (all of them when `keep` is null). */
export async function revokeOtherSessions(tx: Executor, userId: number, keep: string | null, now: Date) {
  const others = keep ? sql`${sessions.idHash} <> ${keep}` : sql`true`;
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), others));
}

// ---------------------------------------------------------------------------------------------
// SMS codes

async function findUserByPhone(db: Executor, phone: string) {
  const [user] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return user;
}

async function findUserByAccount(db: Executor, account: string) {
  const lowered = account.toLowerCase();
  const [user] = await db
    .select()
    .from(users)
    .where(
      MOBILE_PATTERN.test(account)
        ? or(eq(users.phone, account), sql`lower(${users.account}) = ${lowered}`)
        : sql`lower(${users.account}) = ${lowered}`,
    )
    .limit(1);
  return user;
}

/** Register and change_phone need a new number; the other purposes need a registered one. */
async function checkPhoneForPurpose(db: Executor, phone: string, purpose: SmsPurpose) {
  const registered = Boolean(await findUserByPhone(db, phone));
  const wantsNew = purpose === 'register' || purpose === 'change_phone' || purpose === 'employee';
  if (wantsNew && registered)
    throw new AppError(
      CodeFlag.conflict,
      'phone.alreadyRegistered',
      {},
      { errors: { phone: 'phone.alreadyRegistered' } },
    );
  if (!wantsNew && !registered)
    throw new AppError(CodeFlag.notFound, 'phone.notRegistered', {}, { errors: { phone: 'phone.notRegistered' } });
}

export async function sendCode({
  db,
  sms,
  clock,
  phone,
  purpose,
  ip,
  revealCode,
  dailyCapPerIp,
}: {
  db: Database;
  sms: SmsProvider;
  clock: Clock;
  phone: string;
  purpose: SmsPurpose;
  ip: string;
  /** SMS_SANDBOX=1: the code is also returned to the caller. */
  revealCode: boolean;
  /** Codes one address may be sent a day (SMS_DAILY_CAP_PER_IP). */
  dailyCapPerIp: number;
}): Promise<{ resendAfter: number; code?: string }> {
  await checkPhoneForPurpose(db, phone, purpose);
  const code = newSmsCode();
  await db.transaction(async (tx) => {
    // One sender per phone at a time, so two concurrent requests cannot both pass the 60 s check.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms:${phone}`}))`);
    const now = clock.now();
    const [last] = await tx
      .select({ createdAt: smsCodes.createdAt })
      .from(smsCodes)
      .where(eq(smsCodes.phone, phone))
      .orderBy(desc(smsCodes.createdAt))
      .limit(1);
    if (last) {
      const wait = SMS_RESEND_SECONDS - Math.floor((now.getTime() - last.createdAt.getTime()) / 1000);
      if (wait > 0) throw tooManyRequests('code.tooSoon', wait, { seconds: wait });
    }
    const dayStart = shanghaiDayStart(now);
    const [perPhone] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, dayStart)));
    const [perIp] = await tx
      .select({ n: count() })
      .from(smsCodes)
      .where(and(eq(smsCodes.ip, ip), gt(smsCodes.createdAt, dayStart)));
    if ((perPhone?.n ?? 0) >= SMS_DAILY_CAP_PER_PHONE || (perIp?.n ?? 0) >= dailyCapPerIp) {
      throw tooManyRequests('code.dailyCap', secondsUntil(new Date(dayStart.getTime() + 24 * 3600_000), now));
    }
    await tx.insert(smsCodes).values({
      phone,
      purpose,
      codeHash: smsCodeHash(phone, purpose, code),
      ip,
      createdAt: now,
      expiresAt: secondsAfter(now, SMS_CODE_TTL_SECONDS),
    });
    // Sent inside the transaction: a code the provider refused is not recorded, so the user may retry at once.
    const result = await sms.send({
      phone,
      template: 'verification_code',
      params: { code, minutes: SMS_CODE_TTL_SECONDS / 60 },
    });
    if (!result.ok) throw new AppError(CodeFlag.conflict, 'sms.sendFailed');
  });
  return revealCode ? { resendAfter: SMS_RESEND_SECONDS, code } : { resendAfter: SMS_RESEND_SECONDS };
}

const wrongCode = () => new AppError(CodeFlag.invalidInput, 'code.wrong', {}, { errors: { code: 'code.wrong' } });

/**
 * Checks a code before any transaction opens (a wrong guess is counted and must stick although the
 * call fails) and answers the id of the code to claim inside the transaction with `claimCode`.
 */
export async function checkCode(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  { phone, purpose, code }: { phone: string; purpose: SmsPurpose; code: string },
): Promise<number> {
  const [latest] = await db
    .select()
    .from(smsCodes)
    .where(
      and(
        eq(smsCodes.phone, phone),
        eq(smsCodes.purpose, purpose),
        isNull(smsCodes.consumedAt),
        gt(smsCodes.expiresAt, clock.now()),
      ),
    )
    .orderBy(desc(smsCodes.createdAt))
    .limit(1);
  if (!latest || latest.failedAttempts >= SMS_CODE_MAX_FAILURES) throw wrongCode();
  if (latest.codeHash !== smsCodeHash(phone, purpose, code)) {
    await db
      .update(smsCodes)
      .set({ failedAttempts: sql`${smsCodes.failedAttempts} + 1` })
      .where(eq(smsCodes.id, latest.id));
    throw wrongCode();
  }
  return latest.id;
}

/** Spends a checked code inside the caller's transaction: single use even under concurrent calls. */
export async function claimCode(tx: Executor, clock: Clock, codeId: number) {
  const claimed = await tx
    .update(smsCodes)
    .set({ consumedAt: clock.now() })
    .where(and(eq(smsCodes.id, codeId), isNull(smsCodes.consumedAt)))
    .returning({ id: smsCodes.id });
  if (claimed.length === 0) throw wrongCode();
}

// ---------------------------------------------------------------------------------------------
// Register and login

export async function register({
  db,
  clock,
  phone,
  code,
  password,
  platform,
}: {
  db: Database;
  clock: Clock;
  phone: string;
  code: string;
  password: string;
  platform: PlatformValue;
}): Promise<TSessionUser> {
  const codeId = await checkCode({ db, clock }, { phone, purpose: 'register', code });
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await claimCode(tx, clock, codeId);
    const inserted = await tx
      .insert(users)
      .values({ phone, account: phone, passwordHash, nickName: maskMobile(phone), rootId: 0, createdAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    const created = inserted[0];
    if (!created)
      throw new AppError(
        CodeFlag.conflict,
        'phone.alreadyRegistered',
        {},
        { errors: { phone: 'phone.alreadyRegistered' } },
      );
    const [owner] = await tx.update(users).set({ rootId: created.id }).where(eq(users.id, created.id)).returning();
    return createSession({ db: tx, clock }, { user: owner ?? created, platform });
  });
}

/** Failures are kept under the account's own name when it exists, so its phone and its account name share one count. */
const failureKeyOf = (user: User | undefined, typed: string) =>
  user ? user.account.toLowerCase() : typed.toLowerCase();

async function recentLoginFailures(db: Database, account: string, ip: string, now: Date) {
  const since = secondsAfter(now, -LOGIN_FAILURE_WINDOW_SECONDS);
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.account, account), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  return { byAccount: byAccount?.n ?? 0, byIp: byIp?.n ?? 0 };
}

const captchaNeeded = (failures: { byAccount: number; byIp: number }) =>
  failures.byAccount >= LOGIN_FAILURES_BEFORE_CAPTCHA || failures.byIp >= LOGIN_FAILURES_BEFORE_CAPTCHA_PER_IP;
const locked = (failures: { byAccount: number; byIp: number }) =>
  failures.byAccount >= LOGIN_FAILURES_BEFORE_LOCK || failures.byIp >= LOGIN_FAILURES_BEFORE_LOCK_PER_IP;

/**
 * A locked account or address is refused until enough of its failures leave the window: when the
 * LOCK-th newest failure is older than the window, fewer than LOCK remain. The later of the two locks.
 */
async function lockedFor(db: Database, account: string, ip: string, now: Date): Promise<number> {
  const since = secondsAfter(now, -LOGIN_FAILURE_WINDOW_SECONDS);
  const lockingFailure = async (where: SQL | undefined, threshold: number) => {
    const [row] = await db
      .select({ createdAt: loginFailures.createdAt })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.createdAt, since)))
      .orderBy(desc(loginFailures.createdAt))
      .offset(threshold - 1)
      .limit(1);
    return row ? secondsAfter(row.createdAt, LOGIN_FAILURE_WINDOW_SECONDS) : now;
  };
  const byAccount = await lockingFailure(eq(loginFailures.account, account), LOGIN_FAILURES_BEFORE_LOCK);
  const byIp = await lockingFailure(eq(loginFailures.ip, ip), LOGIN_FAILURES_BEFORE_LOCK_PER_IP);
  return secondsUntil(byAccount > byIp ? byAccount : byIp, now);
}

const lockedOut = async (db: Database, account: string, ip: string, now: Date) =>
  tooManyRequests('common.tooManyRequests', await lockedFor(db, account, ip, now));

export async function login({
  db,
  clock,
  account,
  password,
  captchaKey,
  captcha,
  ip,
  platform,
}: {
  db: Database;
  clock: Clock;
  account: string;
  password: string;
  captchaKey: string | undefined;
  captcha: string | undefined;
  ip: string;
  platform: PlatformValue;
}): Promise<TSessionUser> {
  const user = await findUserByAccount(db, account);
  const failureKey = failureKeyOf(user, account);
  const failures = await recentLoginFailures(db, failureKey, ip, clock.now());
  if (locked(failures)) throw await lockedOut(db, failureKey, ip, clock.now());
  if (captchaNeeded(failures)) {
    if (!captchaKey || !captcha) {
      throw new AppError(
        CodeFlag.invalidInput,
        'captcha.required',
        {},
        { errors: { captcha: 'captcha.required' }, data: { needCaptcha: true } },
      );
    }
    if (!(await consumeCaptcha({ db, clock }, { key: captchaKey, answer: captcha }))) {
      throw new AppError(
        CodeFlag.invalidInput,
        'captcha.wrong',
        {},
        { errors: { captcha: 'captcha.wrong' }, data: { needCaptcha: true } },
      );
    }
  }
  const passwordOk = await verifyPassword(password, user?.passwordHash ?? UNKNOWN_ACCOUNT_HASH);
  if (!user || !passwordOk) {
    await db.insert(loginFailures).values({ account: failureKey, ip, createdAt: clock.now() });
    const after = await recentLoginFailures(db, failureKey, ip, clock.now());
    throw new AppError(
      CodeFlag.invalidInput,
      'login.failed',
      {},
      { data: { needCaptcha: captchaNeeded(after) } satisfies TLoginFailure },
    );
  }
  if (user.status !== 'active') throw new AppError(CodeFlag.forbidden, 'login.disabled');
  await refuseInactiveMember(db, user.id);
  return db.transaction((tx) => createSession({ db: tx, clock }, { user, platform }));
}

export async function loginWithCode({
  db,
  clock,
  phone,
  code,
  platform,
}: {
  db: Database;
  clock: Clock;
  phone: string;
  code: string;
  platform: PlatformValue;
}): Promise<TSessionUser> {
  const codeId = await checkCode({ db, clock }, { phone, purpose: 'login', code });
  return db.transaction(async (tx) => {
    await claimCode(tx, clock, codeId);
    const user = await findUserByPhone(tx, phone);
    if (!user)
      throw new AppError(CodeFlag.notFound, 'phone.notRegistered', {}, { errors: { phone: 'phone.notRegistered' } });
    if (user.status !== 'active') throw new AppError(CodeFlag.forbidden, 'login.disabled');
    await refuseInactiveMember(tx, user.id);
    return createSession({ db: tx, clock }, { user, platform });
  });
}

// ---------------------------------------------------------------------------------------------
// Passwords

/**
 * The current password is checked under login's limits (the same failure count per account and per
 * address, so guesses here and at login add up), and a session that keeps guessing is ended.
 */
export async function changePassword({
  db,
  clock,
  endings,
  actor,
  oldPassword,
  password,
  ip,
}: {
  db: Database;
  clock: Clock;
  endings: SessionEndings;
  actor: Actor;
  oldPassword: string;
  password: string;
  ip: string;
}) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId)).limit(1);
  if (!user) throw new AppError(CodeFlag.notLoggedIn, 'common.notLoggedIn');
  const failureKey = failureKeyOf(user, user.account);
  const failures = await recentLoginFailures(db, failureKey, ip, clock.now());
  if (locked(failures)) throw await lockedOut(db, failureKey, ip, clock.now());
  if (!(await verifyPassword(oldPassword, user.passwordHash))) {
    await db.insert(loginFailures).values({ account: failureKey, ip, createdAt: clock.now() });
    if (failures.byAccount + 1 >= PASSWORD_CHANGE_FAILURES_BEFORE_LOGOUT) {
      await revokeSession({ db, actor, clock, endings });
      throw new AppError(
        CodeFlag.notLoggedIn,
        'password.tooManyWrongLoggedOut',
        {},
        { errors: { oldPassword: 'password.tooManyWrongLoggedOut' } },
      );
    }
    throw new AppError(
      CodeFlag.invalidInput,
      'password.oldWrong',
      {},
      { errors: { oldPassword: 'password.oldWrong' } },
    );
  }
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, actor.sessionHash, clock.now());
  });
  endings.ended(user.id);
}

/** Reset by SMS code: every session of the user ends, including any on a lost phone. */
export async function resetPassword({
  db,
  clock,
  endings,
  phone,
  code,
  password,
}: {
  db: Database;
  clock: Clock;
  endings: SessionEndings;
  phone: string;
  code: string;
  password: string;
}) {
  const codeId = await checkCode({ db, clock }, { phone, purpose: 'reset', code });
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    await claimCode(tx, clock, codeId);
    const user = await findUserByPhone(tx, phone);
    if (!user)
      throw new AppError(CodeFlag.notFound, 'phone.notRegistered', {}, { errors: { phone: 'phone.notRegistered' } });
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeOtherSessions(tx, user.id, null, clock.now());
    return user.id;
  });
  endings.ended(userId);
}

// ---------------------------------------------------------------------------------------------
// Image captcha

export async function newCaptcha({ db, clock }: { db: Database; clock: Clock }) {
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1ilI',
    color: true,
    background: '#f2f4f7',
  });
  const captchaKey = newSessionId();
  await db.insert(captchas).values({
    key: captchaKey,
    answerHash: sha256(text.toLowerCase()),
    expiresAt: secondsAfter(clock.now(), CAPTCHA_TTL_SECONDS),
  });
  return { captchaKey, svg: data };
}

/** Single use: the captcha is spent whether or not the answer is right. */
export async function consumeCaptcha(
  { db, clock }: Pick<ServiceContext, 'db' | 'clock'>,
  { key, answer }: { key: string; answer: string },
): Promise<boolean> {
  const [row] = await db
    .update(captchas)
    .set({ consumedAt: clock.now() })
    .where(and(eq(captchas.key, key), isNull(captchas.consumedAt), gt(captchas.expiresAt, clock.now())))
    .returning({ answerHash: captchas.answerHash });
  return Boolean(row && row.answerHash === sha256(answer.trim().toLowerCase()));
}

export async function findUser(db: Executor, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}
