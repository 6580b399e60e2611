import {
  CONSOLE_USER_RECENT_LOGINS,
  CodeFlag,
  type TakedownKind,
  type TConsoleUserDetail,
  type TConsoleUserPage,
  type TConsoleUserRow,
  type TConsoleUserSearchRequest,
} from '@metal/shared';
import { and, count, desc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { publishOnCommit } from '../../platform/delivery';
import { AppError, notFound } from '../../platform/errors';
import { capacities } from '../capacities/capacities.table';
import { companies } from '../companies/companies.table';
import { inquiries } from '../inquiries/inquiries.table';
import { recordOperatorAction } from '../operators/operators.service';
import { stocks } from '../stocks/stocks.table';
import { accountStateChanges, accountTakedowns, sessions, users } from './accounts.table';

type UserRow = typeof users.$inferSelect;

/** `%`, `_` and `\` typed by an operator match themselves in ILIKE. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const isOwner = (user: Pick<UserRow, 'id' | 'rootId'>) => user.id === user.rootId;

const rowOf = (user: UserRow, companyName: string | null): TConsoleUserRow => ({
  userId: user.id,
  account: user.account,
  phone: user.phone,
  nickName: user.nickName,
  rootId: user.rootId,
  role: isOwner(user) ? 'owner' : 'employee',
  companyName: companyName ?? '',
  state: user.status,
  isDemo: user.isDemo,
  isOperator: user.operatorRole !== null,
  createdAt: user.createdAt.toISOString(),
  lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
});

/** `console/user/search`: accounts whose phone, account, nickname or company name holds the keyword, newest first. */
export async function searchUsers(
  { db }: ServiceContext,
  { keyword, page = 1, pageSize = 20 }: TConsoleUserSearchRequest & { page?: number; pageSize?: number },
): Promise<TConsoleUserPage> {
  const pattern = keyword ? likePattern(keyword) : null;
  const where = pattern
    ? or(
        ilike(users.phone, pattern),
        ilike(users.account, pattern),
        ilike(users.nickName, pattern),
        ilike(companies.name, pattern),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, companyName: companies.name })
      .from(users)
      .leftJoin(companies, eq(companies.rootId, users.rootId))
      .where(where)
      .orderBy(desc(users.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(users).leftJoin(companies, eq(companies.rootId, users.rootId)).where(where),
  ]);
  return { list: rows.map((row) => rowOf(row.user, row.companyName)), total: total?.n ?? 0, page, pageSize };
}

/**
 * The listings an account answers for: an owner's are the company's, an employee's those they posted.
 * The same scope decides what disabling takes down.
 */
const scopeOf = (user: Pick<UserRow, 'id' | 'rootId'>) =>
  isOwner(user)
    ? {
        stock: eq(stocks.rootId, user.rootId),
        capacity: eq(capacities.rootId, user.rootId),
        inquiry: eq(inquiries.rootId, user.rootId),
      }
    : {
        stock: eq(stocks.userId, user.id),
        capacity: eq(capacities.postedBy, user.id),
        inquiry: eq(inquiries.postedBy, user.id),
      };

/** `console/user/detail`: the account with its company, role, state history, listings and recent logins. */
export async function userDetail({ db }: Pick<ServiceContext, 'db'>, userId: number): Promise<TConsoleUserDetail> {
  const [found] = await db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .leftJoin(companies, eq(companies.rootId, users.rootId))
    .where(eq(users.id, userId));
  if (!found) throw notFound();
  const { user } = found;
  const scope = scopeOf(user);
  const counted = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  const [stock, capacity, inquiry, takenDown, colleagues, logins, history] = await Promise.all([
    counted(
      db
        .select({ n: count() })
        .from(stocks)
        .where(and(scope.stock, eq(stocks.status, 'sale'))),
    ),
    counted(
      db
        .select({ n: count() })
        .from(capacities)
        .where(and(scope.capacity, eq(capacities.status, 'passed'))),
    ),
    counted(
      db
        .select({ n: count() })
        .from(inquiries)
        .where(and(scope.inquiry, eq(inquiries.status, 'open'))),
    ),
    db
      .select({ kind: accountTakedowns.kind, n: count() })
      .from(accountTakedowns)
      .where(and(eq(accountTakedowns.userId, user.id), isNull(accountTakedowns.restoredAt)))
      .groupBy(accountTakedowns.kind),
    counted(
      db
        .select({ n: count() })
        .from(users)
        .where(and(eq(users.rootId, user.rootId), ne(users.id, user.id))),
    ),
    db
      .select({ at: sessions.createdAt, platform: sessions.platform })
      .from(sessions)
      .where(eq(sessions.userId, user.id))
      .orderBy(desc(sessions.createdAt))
      .limit(CONSOLE_USER_RECENT_LOGINS),
    db
      .select({ change: accountStateChanges, account: users.account, name: users.nickName })
      .from(accountStateChanges)
      .innerJoin(users, eq(users.id, accountStateChanges.operatorId))
      .where(eq(accountStateChanges.userId, user.id))
      .orderBy(desc(accountStateChanges.createdAt), desc(accountStateChanges.id)),
  ]);
  const down = (kind: TakedownKind) => takenDown.find((row) => row.kind === kind)?.n ?? 0;
  return {
    ...rowOf(user, found.companyName),
    listings: { stock, capacity, inquiry },
    takenDown: { stock: down('stock'), capacity: down('capacity'), inquiry: down('inquiry') },
    colleagues,
    recentLogins: logins.map((login) => ({ at: login.at.toISOString(), platform: login.platform })),
    history: history.map(({ change, account, name }) => ({
      at: change.createdAt.toISOString(),
      state: change.state,
      reason: change.reason,
      operator: { userId: change.operatorId, account, name },
      listings: change.listings,
    })),
  };
}

/** The account, locked for its change of state; operators' accounts are not changed from the console. */
async function lockAccount(tx: Executor, userId: number) {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw notFound();
  if (user.operatorRole) throw new AppError(CodeFlag.forbidden, 'account.operatorKept');
  return user;
}

/** Where each kind of listing is public, and the status a takedown leaves it in. */
const TAKEDOWN_STATUS = {
  stock: { public: 'sale', down: 'offline' },
  capacity: { public: 'passed', down: 'suspended' },
  inquiry: { public: 'open', down: 'closed' },
} as const;

/**
 * `console/user/disable`: in one transaction the account is disabled, its sessions end, and its public
 * listings (an owner's: the company's) go off sale, each one recorded so enabling puts back exactly
 * those; on commit every instance forgets the account's sessions (the event bus).
 */
export async function disableUser(
  ctx: ServiceContext,
  { userId, reason }: { userId: number; reason: string },
): Promise<TConsoleUserDetail> {
  const { db, clock, actor } = ctx;
  await db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.status === 'disabled') throw new AppError(CodeFlag.conflict, 'account.alreadyDisabled');
    const now = clock.now();
    await tx.update(users).set({ status: 'disabled' }).where(eq(users.id, user.id));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    const scope = scopeOf(user);
    const [stockIds, capacityIds, inquiryIds] = [
      await tx
        .update(stocks)
        .set({ status: TAKEDOWN_STATUS.stock.down, updatedAt: now })
        .where(and(scope.stock, eq(stocks.status, TAKEDOWN_STATUS.stock.public)))
        .returning({ id: stocks.id }),
      await tx
        .update(capacities)
        .set({ status: TAKEDOWN_STATUS.capacity.down })
        .where(and(scope.capacity, eq(capacities.status, TAKEDOWN_STATUS.capacity.public)))
        .returning({ id: capacities.id }),
      await tx
        .update(inquiries)
        .set({ status: TAKEDOWN_STATUS.inquiry.down, updatedAt: now })
        .where(and(scope.inquiry, eq(inquiries.status, TAKEDOWN_STATUS.inquiry.public)))
        .returning({ id: inquiries.id }),
    ];
    const takenDown = [
      ...stockIds.map(({ id }) => ({ kind: 'stock' as const, rowId: id })),
      ...capacityIds.map(({ id }) => ({ kind: 'capacity' as const, rowId: id })),
      ...inquiryIds.map(({ id }) => ({ kind: 'inquiry' as const, rowId: id })),
    ];
    const [change] = await tx
      .insert(accountStateChanges)
      .values({
        userId: user.id,
        state: 'disabled',
        reason,
        operatorId: actor.userId,
        listings: takenDown.length,
        createdAt: now,
      })
      .returning({ id: accountStateChanges.id });
    if (!change) throw new Error('account state change not recorded');
    if (takenDown.length > 0) {
      await tx.insert(accountTakedowns).values(
        takenDown.map((row) => ({
          ...row,
          userId: user.id,
          changeId: change.id,
          previousStatus: TAKEDOWN_STATUS[row.kind].public,
        })),
      );
    }
    await recordOperatorAction(
      { db: tx, clock, actor },
      {
        action: 'account.disable',
        target: `user:${user.id}`,
        detail: { userId: user.id, reason, takenDown: takenDown.length },
      },
    );
    await publishOnCommit(tx, 'sessions.ended', { userId: user.id });
    await publishOnCommit(tx, 'profiles.changed', { rootId: user.rootId });
  });
  return userDetail(ctx, userId);
}

/**
 * `console/user/enable`: the account is active again and the listings its disabling took down go back
 * on sale, those still as the takedown left them (a listing changed since, e.g. edited and sent to
 * review by a colleague, keeps its new state); an inquiry whose deadline passed meanwhile expires.
 */
export async function enableUser(
  ctx: ServiceContext,
  { userId, reason }: { userId: number; reason: string },
): Promise<TConsoleUserDetail> {
  const { db, clock, actor } = ctx;
  await db.transaction(async (tx) => {
    const user = await lockAccount(tx, userId);
    if (user.status !== 'disabled') throw new AppError(CodeFlag.conflict, 'account.notDisabled');
    const now = clock.now();
    await tx.update(users).set({ status: 'active' }).where(eq(users.id, user.id));
    const open = await tx
      .update(accountTakedowns)
      .set({ restoredAt: now })
      .where(and(eq(accountTakedowns.userId, user.id), isNull(accountTakedowns.restoredAt)))
      .returning({ kind: accountTakedowns.kind, rowId: accountTakedowns.rowId });
    const idsOf = (kind: TakedownKind) => open.filter((row) => row.kind === kind).map((row) => row.rowId);
    const [stockIds, capacityIds, inquiryIds] = [idsOf('stock'), idsOf('capacity'), idsOf('inquiry')];
    let restored = 0;
    if (stockIds.length > 0) {
      restored += (
        await tx
          .update(stocks)
          .set({ status: TAKEDOWN_STATUS.stock.public, updatedAt: now })
          .where(and(inArray(stocks.id, stockIds), eq(stocks.status, TAKEDOWN_STATUS.stock.down)))
          .returning({ id: stocks.id })
      ).length;
    }
    if (capacityIds.length > 0) {
      restored += (
        await tx
          .update(capacities)
          .set({ status: TAKEDOWN_STATUS.capacity.public })
          .where(and(inArray(capacities.id, capacityIds), eq(capacities.status, TAKEDOWN_STATUS.capacity.down)))
          .returning({ id: capacities.id })
      ).length;
    }
    if (inquiryIds.length > 0) {
      restored += (
        await tx
          .update(inquiries)
          .set({
            status: sql`case when ${inquiries.quoteDeadline} > ${now} then 'open' else 'expired' end`,
            updatedAt: now,
          })
          .where(and(inArray(inquiries.id, inquiryIds), eq(inquiries.status, TAKEDOWN_STATUS.inquiry.down)))
          .returning({ id: inquiries.id })
      ).length;
    }
    await tx.insert(accountStateChanges).values({
      userId: user.id,
      state: 'active',
      reason,
      operatorId: actor.userId,
      listings: restored,
      createdAt: now,
    });
    await recordOperatorAction(
      { db: tx, clock, actor },
      { action: 'account.enable', target: `user:${user.id}`, detail: { userId: user.id, reason, restored } },
    );
    await publishOnCommit(tx, 'profiles.changed', { rootId: user.rootId });
  });
  return userDetail(ctx, userId);
}
