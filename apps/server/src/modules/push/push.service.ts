import { CodeFlag, type Language, MAX_PUSH_TOPICS, type TWebPushSubscription } from '@metal/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { ServiceContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { pushDevices, pushOutbox, pushSubscriptions } from './push.table';

/** A device's push token as the calls read it: an app's client id, or a web subscription known by its endpoint. */
export interface DeviceToken {
  token: string;
  subscription: TWebPushSubscription | undefined;
}

/** Binds a device token to the actor; a device changes hands when another user logs in on it. */
async function bindDevice(
  { db: tx, actor, lang }: { db: Executor; actor: Actor; lang?: Language | undefined },
  { device, now }: { device: DeviceToken; now: Date },
) {
  // A web subscription's keys can change under the same endpoint (the browser renewed them): keep the newest.
  const latest = {
    userId: actor.userId,
    boundAt: now,
    ...(device.subscription ? { subscription: device.subscription } : {}),
    ...(lang ? { lang } : {}),
  };
  await tx
    .insert(pushDevices)
    .values({ token: device.token, ...latest })
    .onConflictDoUpdate({ target: pushDevices.token, set: latest });
}

export async function bindToken({ db, clock, actor, lang }: ServiceContext, { device }: { device: DeviceToken }) {
  const { token } = device;
  await db.transaction(async (tx) => {
    // Locked: of two users binding the device at once, the second sees the first as its owner.
    const [current] = await tx.select().from(pushDevices).where(eq(pushDevices.token, token)).for('update');
    // The previous owner's topics and queued pushes must not follow the device to a new user.
    if (current && current.userId !== actor.userId) {
      await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.token, token));
      await tx.delete(pushOutbox).where(eq(pushOutbox.token, token));
    }
    await bindDevice({ db: tx, actor, lang }, { device, now: clock.now() });
  });
}

/** Stops pushing to the actor's device (notifications turned off there); another user's device is refused. */
export async function unbindToken({ db, actor }: ServiceContext, { device }: { device: DeviceToken }) {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(pushDevices).where(eq(pushDevices.token, device.token)).limit(1);
    if (!current) return;
    if (current.userId !== actor.userId) throw new AppError(CodeFlag.forbidden, 'common.forbidden');
    await tx.delete(pushDevices).where(eq(pushDevices.token, device.token));
  });
}

export async function updateSubscriptions(
  { db, clock, actor }: ServiceContext,
  { device: deviceToken, subscribe, pre }: { device: DeviceToken; subscribe: string[]; pre: string[] | undefined },
) {
  const { token } = deviceToken;
  return db.transaction(async (tx) => {
    const [device] = await tx.select().from(pushDevices).where(eq(pushDevices.token, token)).limit(1);
    if (!device) await bindDevice({ db: tx, actor }, { device: deviceToken, now: clock.now() });
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
