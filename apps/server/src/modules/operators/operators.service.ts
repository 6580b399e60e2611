import { maskMobile, type OperatorActionKey, type TOperatorActionsPage, type TOperatorIdentity } from '@metal/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { OperatorRole } from '../../platform/actor';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { hashPassword } from '../accounts/accounts.crypto';
import { users } from '../accounts/accounts.table';
import { operatorActions } from './operators.table';

/** Records an operator action inside the transaction that performs it, so the log and the change land together. */
export async function recordOperatorAction(
  { db, clock, actor }: ContextOf<'db' | 'clock' | 'actor'>,
  { action, target, detail = {} }: { action: OperatorActionKey; target: string; detail?: Record<string, unknown> },
) {
  await db.insert(operatorActions).values({ operatorId: actor.userId, action, target, detail, createdAt: clock.now() });
}

/**
 * Makes an operator account (the CLI's `operator create`): a new user with the role, or an existing
 * user (found by phone) given the role. Answers what was done.
 */
export async function createOperator({
  db,
  phone,
  password,
  role,
  nickName,
}: {
  db: Database;
  phone: string;
  password: string;
  role: OperatorRole;
  nickName?: string;
}): Promise<{ userId: number; created: boolean }> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1);
    if (existing) {
      await tx.update(users).set({ operatorRole: role, passwordHash }).where(eq(users.id, existing.id));
      return { userId: existing.id, created: false };
    }
    const [user] = await tx
      .insert(users)
      .values({
        phone,
        account: phone,
        passwordHash,
        nickName: nickName ?? maskMobile(phone),
        rootId: 0,
        operatorRole: role,
      })
      .returning();
    if (!user) throw new Error('operator not created');
    await tx.update(users).set({ rootId: user.id }).where(eq(users.id, user.id));
    return { userId: user.id, created: true };
  });
}

/** `console/whoami`: the operator behind the session (the protocol has already refused everyone else). */
export async function operatorIdentity({ db, actor }: ServiceContext): Promise<TOperatorIdentity> {
  const [user] = await db
    .select({ account: users.account, nickName: users.nickName, operatorRole: users.operatorRole })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user?.operatorRole) throw forbidden();
  return { userId: actor.userId, account: user.account, name: user.nickName, role: user.operatorRole };
}

/** `console/operator_actions/list`: one page of the action log, newest first, with who did each. */
export async function listOperatorActions({
  db,
  page,
  pageSize,
}: {
  db: Database;
  page: number;
  pageSize: number;
}): Promise<TOperatorActionsPage> {
  const [rows, [total]] = await Promise.all([
    db
      .select({ action: operatorActions, account: users.account, nickName: users.nickName })
      .from(operatorActions)
      .innerJoin(users, eq(users.id, operatorActions.operatorId))
      .orderBy(desc(operatorActions.createdAt), desc(operatorActions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(operatorActions),
  ]);
  return {
    list: rows.map(({ action, account, nickName }) => ({
      id: action.id,
      createdAt: action.createdAt.toISOString(),
      operator: { userId: action.operatorId, account, name: nickName },
      action: action.action,
      target: action.target,
      detail: (action.detail ?? {}) as Record<string, unknown>,
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}
