import { maskMobile } from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor, OperatorRole } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { hashPassword } from '../accounts/accounts.crypto';
import { users } from '../accounts/accounts.table';
import { operatorActions } from './operators.table';

/** Records an operator action inside the transaction that performs it, so the log and the change land together. */
export async function recordOperatorAction(
  tx: Executor,
  clock: Clock,
  actor: Actor,
  action: string,
  target: string,
  detail: Record<string, unknown> = {},
) {
  await tx.insert(operatorActions).values({ operatorId: actor.userId, action, target, detail, createdAt: clock.now() });
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
