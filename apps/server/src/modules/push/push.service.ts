import { CodeFlag, MAX_PUSH_TOPICS } from '@metal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { pushDevices, pushSubscriptions } from './push.table';

/** Binds a device token to the actor; a device changes hands when another user logs in on it. */
async function bindDevice(tx: Executor, actor: Actor, token: string, now: Date) {
  await tx
    .insert(pushDevices)
    .values({ token, userId: actor.userId, boundAt: now })
    .onConflictDoUpdate({ target: pushDevices.token, set: { userId: actor.userId, boundAt: now } });
}

export async function bindToken({
  db,
  clock,
  actor,
  token,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  token: string;
}) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(pushDevices).where(eq(pushDevices.token, token)).limit(1);
    // The previous owner's topics must not follow the device to a new user.
    if (current && current.userId !== actor.userId)
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.token, token));
    await bindDevice(tx, actor, token, clock.now());
  });
}

export async function updateSubscriptions({
  db,
  clock,
  actor,
  token,
  subscribe,
  pre,
}: {
  db: Database;
  clock: Clock;
  actor: Actor;
  token: string;
  subscribe: string[];
  pre: string[] | undefined;
}) {
  return db.transaction(async (tx) => {
    const [device] = await tx.select().from(pushDevices).where(eq(pushDevices.token, token)).limit(1);
    if (!device) await bindDevice(tx, actor, token, clock.now());
    else if (device.userId !== actor.userId) throw new AppError(CodeFlag.forbidden, 'common.forbidden');

    const existing = (
      await tx
        .select({ topic: pushSubscriptions.topic })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.token, token))
    ).map((r) => r.topic);
    const wanted = new Set(subscribe);
    const removable = pre ? pre.filter((t) => !wanted.has(t)) : existing.filter((t) => !wanted.has(t));
    // With `pre`, topics the device holds outside it are kept, so the limit is on what the device ends up holding.
    const kept = existing.filter((t) => !removable.includes(t));
    if (new Set([...kept, ...subscribe]).size > MAX_PUSH_TOPICS) {
      throw new AppError(
        CodeFlag.invalidInput,
        'push.subscribeInvalid',
        {},
        { errors: { subscribe: 'push.subscribeInvalid' } },
      );
    }
    if (removable.length > 0) {
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.token, token), inArray(pushSubscriptions.topic, removable)));
    }
    if (subscribe.length > 0) {
      await tx
        .insert(pushSubscriptions)
        .values(subscribe.map((topic) => ({ token, topic, createdAt: clock.now() })))
        .onConflictDoNothing();
    }
    const now = await tx
      .select({ topic: pushSubscriptions.topic })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.token, token))
      .orderBy(pushSubscriptions.topic);
    return { token, subscribe: now.map((r) => r.topic) };
  });
}
