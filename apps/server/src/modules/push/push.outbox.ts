import {
  ChatMessageStatus,
  type Language,
  normalizeLanguage,
  PushPayloadType,
  quietTimeEnd,
  type TPushPayload,
  translate,
} from '@metal/shared';
import { and, asc, eq, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { PushMessage, PushProvider } from '../../platform/push';
import { users } from '../accounts/accounts.table';
import { summaryOf } from '../chat/chat.service';
import { chatMessages } from '../chat/chat.table';
import { notices } from '../notices/notices.table';
import { pushDevices, pushOutbox } from './push.table';

/** Waits before the 2nd, 3rd, … attempt of a push that failed; after the last it is given up. */
export const PUSH_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** How long a dispatcher may take over a row before another may take it over. */
const CLAIM_MS = 2 * 60_000;
const BATCH = 100;
/** Push services keep an undelivered chat push for a day, a notice for three. */
const TTL_SECONDS = { chat: 24 * 3600, notice: 3 * 24 * 3600 } as const;
const BODY_MAX = 200;

type OutboxRow = typeof pushOutbox.$inferSelect;

/** When a push made at `now` may go: now, or when the quiet time it falls in ends. */
export const pushDueAt = (now: Date) => quietTimeEnd(now) ?? now;

/**
 * Queues a push about `refId` to each of the user's web devices. A queued push with the same
 * collapse key is replaced by this one (chat: the latest message of that sender, counted).
 */
export async function queuePush(
  tx: Executor,
  clock: Clock,
  push: { userId: number; kind: OutboxRow['kind']; collapseKey: string; refId: number },
) {
  const devices = await tx
    .select({ token: pushDevices.token })
    .from(pushDevices)
    .where(and(eq(pushDevices.userId, push.userId), isNotNull(pushDevices.subscription)));
  if (devices.length === 0) return 0;
  const now = clock.now();
  const dueAt = pushDueAt(now);
  await tx
    .insert(pushOutbox)
    .values(
      devices.map((device) => ({
        token: device.token,
        kind: push.kind,
        collapseKey: push.collapseKey,
        refId: push.refId,
        dueAt,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [pushOutbox.token, pushOutbox.collapseKey],
      set: {
        refId: sql`excluded.ref_id`,
        // A row about another user's message (queued for the device's earlier owner at the moment it changed
        // hands, and never sent to this one) does not count towards this user's push.
        count:
          push.kind === 'chat'
            ? sql`case when (select ${chatMessages.receiveUserId} from ${chatMessages} where ${chatMessages.id} = ${pushOutbox.refId}) = ${push.userId} then ${pushOutbox.count} + 1 else 1 end`
            : sql`${pushOutbox.count} + 1`,
        dueAt: sql`least(${pushOutbox.dueAt}, excluded.due_at)`,
        attempts: 0,
        version: sql`${pushOutbox.version} + 1`,
      },
    });
  return devices.length;
}

/** Queues the push of a stored chat message to its receiver (SPEC §8: type 1, the sender's id). */
export const queueChatPush = (
  db: Executor,
  clock: Clock,
  message: { id: number; sendUserId: number; receiveUserId: number },
) =>
  queuePush(db, clock, {
    userId: message.receiveUserId,
    kind: 'chat',
    collapseKey: `chat:${message.sendUserId}`,
    refId: message.id,
  });

/** Queues the push of a notice, in the transaction that records it. */
export const queueNoticePush = (tx: Executor, clock: Clock, notice: { id: number; userId: number }) =>
  queuePush(tx, clock, { userId: notice.userId, kind: 'notice', collapseKey: `notice:${notice.id}`, refId: notice.id });

const clip = (text: string) => (text.length > BODY_MAX ? `${text.slice(0, BODY_MAX - 1)}…` : text);

/**
 * What the device is shown for a row and the user it is for (the notice's, the message's receiver), or
 * undefined when nothing is left to tell (read, recalled into nothing, deleted).
 */
async function payloadOf(
  db: Executor,
  row: OutboxRow,
  lang: Language,
): Promise<{ userId: number; payload: TPushPayload } | undefined> {
  if (row.kind === 'notice') {
    const [notice] = await db.select().from(notices).where(eq(notices.id, row.refId));
    if (!notice || notice.readAt) return undefined;
    return {
      userId: notice.userId,
      payload: {
        type: PushPayloadType.notice,
        id: notice.id,
        title: translate('push.noticeTitle', lang),
        body: clip(translate(notice.messageKey, lang, notice.params)),
      },
    };
  }
  const [message] = await db.select().from(chatMessages).where(eq(chatMessages.id, row.refId));
  // Once the receiver has read the conversation (in the app, during a quiet time), there is nothing to tell.
  if (!message || message.status >= ChatMessageStatus.read || message.recalledAt) return undefined;
  const [sender] = await db.select({ nickName: users.nickName }).from(users).where(eq(users.id, message.sendUserId));
  const text = summaryOf(message.type, message.info, lang);
  return {
    userId: message.receiveUserId,
    payload: {
      type: PushPayloadType.chat,
      id: message.sendUserId,
      title: sender?.nickName || translate('push.chatTitle', lang),
      body: clip(row.count > 1 ? translate('push.chatCollapsed', lang, { count: row.count, text }) : text),
    },
  };
}

function messageOf(row: OutboxRow, payload: TPushPayload): PushMessage {
  return {
    payload: JSON.stringify(payload),
    ttlSeconds: TTL_SECONDS[row.kind],
    // The push service keeps only the newest undelivered push of a conversation.
    topic: row.kind === 'chat' ? `chat-${payload.id}` : undefined,
    urgency: row.kind === 'chat' ? 'high' : 'normal',
  };
}

export interface DispatchReport {
  delivered: number;
  gone: number;
  failed: number;
  dropped: number;
  held: number;
}

/**
 * Sends the pushes that are due. Rows are claimed first (several instances or a job and a nudge
 * never send the same row twice), then each is sent and deleted, retried later, or given up.
 */
export async function dispatchDuePushes(deps: {
  db: Database;
  clock: Clock;
  provider: PushProvider;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
}): Promise<DispatchReport> {
  const { db, clock, provider, log } = deps;
  const report: DispatchReport = { delivered: 0, gone: 0, failed: 0, dropped: 0, held: 0 };
  const now = clock.now();
  // Nothing is pushed in a quiet time: whatever comes due in one (a retry) waits for its end.
  const quietEnd = quietTimeEnd(now);
  if (quietEnd) {
    const held = await db
      .update(pushOutbox)
      .set({ dueAt: quietEnd })
      .where(lte(pushOutbox.dueAt, now))
      .returning({ id: pushOutbox.id });
    report.held = held.length;
    return report;
  }
  const due = db
    .select({ id: pushOutbox.id })
    .from(pushOutbox)
    .where(and(lte(pushOutbox.dueAt, now), or(isNull(pushOutbox.claimedUntil), lt(pushOutbox.claimedUntil, now))))
    .orderBy(asc(pushOutbox.dueAt), asc(pushOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(pushOutbox)
    .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(pushOutbox.id, due))
    .returning();
  rows.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id);

  for (const row of rows) {
    const thisVersion = and(eq(pushOutbox.id, row.id), eq(pushOutbox.version, row.version));
    // A newer message collapsed into the row while it was being sent: that one goes next.
    const release = () => db.update(pushOutbox).set({ claimedUntil: null }).where(eq(pushOutbox.id, row.id));
    const finish = async () => {
      const deleted = await db.delete(pushOutbox).where(thisVersion).returning({ id: pushOutbox.id });
      if (deleted.length === 0) await release();
    };
    // A push about someone other than the device's owner now (queued for its earlier owner as it changed
    // hands) is dropped, never sent. Read just before the send, not held across it: a lock held over the
    // push service's round trip would stall the embedded database (one connection) for every request,
    // and a push service keeps a message for an offline device past any lock anyway.
    const [device] = await db.select().from(pushDevices).where(eq(pushDevices.token, row.token));
    const about = device?.subscription
      ? await payloadOf(db, row, normalizeLanguage(device.lang) ?? 'zh-CN')
      : undefined;
    const result =
      device?.subscription && about && about.userId === device.userId
        ? await provider.send(device.subscription, messageOf(row, about.payload))
        : 'dropped';
    if (result === 'dropped') {
      report.dropped += 1;
      await finish();
    } else if (result === 'delivered') {
      report.delivered += 1;
      await finish();
    } else if (result === 'gone') {
      // The browser unsubscribed (or the subscription expired): the device goes, and its queue with it.
      report.gone += 1;
      await db.delete(pushDevices).where(eq(pushDevices.token, row.token));
    } else {
      report.failed += 1;
      const delay = PUSH_RETRY_DELAYS_MS[row.attempts];
      if (delay === undefined) {
        log.error({ outboxId: row.id, attempts: row.attempts + 1 }, 'push given up');
        await finish();
        continue;
      }
      const retried = await db
        .update(pushOutbox)
        .set({ attempts: row.attempts + 1, dueAt: new Date(clock.now().getTime() + delay), claimedUntil: null })
        .where(thisVersion)
        .returning({ id: pushOutbox.id });
      if (retried.length === 0) await release();
    }
  }
  if (report.delivered + report.gone + report.failed > 0) log.info({ ...report }, 'pushes dispatched');
  return report;
}

/**
 * Sends due pushes now instead of at the next minute's job, one run at a time in this process;
 * a nudge during a run makes one more run after it.
 */
export class PushDispatcher {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly deps: Parameters<typeof dispatchDuePushes>[0]) {}

  nudge(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await dispatchDuePushes(this.deps);
        } catch (error) {
          this.deps.log.error({ err: error }, 'push dispatch failed');
        }
      } while (this.again);
    })().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
