import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from '../db/client';
import type { BusEvents, EventBus } from './bus';

/**
 * Events that tell of a change (a notice recorded, a trade action stored, a profile changed) must go
 * out exactly when that change commits, and never when it rolls back. PostgreSQL delivers a NOTIFY
 * sent inside a transaction only on commit, so services call `publishOnCommit(tx, topic, payload)` inside
 * their own transaction and return nothing for their routes to deliver; the app's listener
 * (`listenForCommittedEvents`) publishes each committed event on the event bus, which reaches every
 * instance. Frames for users' open chat connections (chat messages, read receipts, notice signals) are
 * one such event, `chat.deliver`: `deliverFrame` hands one to the bus at once, `deliverOnCommit` once
 * the caller's transaction commits.
 */
export const COMMITTED_EVENTS_CHANNEL = 'committed_events';

/**
 * Every instance listening on a shared database hears every NOTIFY; only the one whose transaction
 * sent it publishes it on the event bus (which reaches the other instances itself), so it is told once.
 */
const THIS_PROCESS = randomUUID();

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
const NOTIFY_PAYLOAD_MAX_BYTES = 7999;

/** A frame (a chat frame object of PROTOCOL.md) for every connection of these users. */
export interface FrameDelivery {
  userIds: number[];
  frame: object;
  /** The connection the frame came from, which has it already. */
  exceptConnectionId?: string;
}

interface CommittedEvent<K extends keyof BusEvents = keyof BusEvents> {
  /** Names this publication, so the call that made it can wait until it is heard. */
  id: string;
  topic: K;
  payload: BusEvents[K];
}

/**
 * Read-your-writes: on PostgreSQL a NOTIFY reaches the listener a moment after the commit, so a call's
 * next call could come before its own change reached this instance's caches. A call therefore answers
 * only once this process heard every event it published on commit (`answerAfterOwnEvents`), or after
 * HEARD_WAIT_MS when one never comes (its transaction rolled back, or the listener is reconnecting).
 */
const publishedByCall = new AsyncLocalStorage<Set<string>>();
const HEARD_WAIT_MS = 1000;
const waiting = new Map<string, () => void>();
/** Events heard before their call began to wait (on PGlite, every one): at most HEARD_EARLY_MAX kept. */
const heardEarly = new Set<string>();
const HEARD_EARLY_MAX = 10_000;

function heard(id: string) {
  const settle = waiting.get(id);
  if (settle) {
    waiting.delete(id);
    settle();
    return;
  }
  if (heardEarly.size >= HEARD_EARLY_MAX) {
    const oldest = heardEarly.values().next();
    if (!oldest.done) heardEarly.delete(oldest.value);
  }
  heardEarly.add(id);
}

function untilHeard(id: string): Promise<void> {
  if (heardEarly.delete(id)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      resolve();
    }, HEARD_WAIT_MS);
    waiting.set(id, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Runs a call's work and answers once this process heard the events it published on commit. */
export async function answerAfterOwnEvents<T>(work: () => T | Promise<T>): Promise<T> {
  const published = new Set<string>();
  const result = await publishedByCall.run(published, work);
  if (published.size > 0) await Promise.all([...published].map(untilHeard));
  return result;
}

/** Sends a frame to every open connection of its users, on every instance. */
export function deliverFrame(bus: EventBus, { userIds, frame, exceptConnectionId }: FrameDelivery): void {
  bus.publish('chat.deliver', {
    userIds,
    frame: JSON.stringify(frame),
    ...(exceptConnectionId === undefined ? {} : { exceptConnectionId }),
  });
}

/**
 * Inside the caller's transaction (or right away, given the database outside one): publish the event on
 * the bus once (and only if) the transaction commits. For small payloads; one too large for NOTIFY is a
 * programming error.
 */
export async function publishOnCommit<K extends keyof BusEvents>(
  tx: Executor,
  topic: K,
  payload: BusEvents[K],
): Promise<void> {
  const event: CommittedEvent<K> = { id: randomUUID(), topic, payload };
  publishedByCall.getStore()?.add(event.id);
  const notification = `${THIS_PROCESS}:${JSON.stringify(event)}`;
  if (Buffer.byteLength(notification) > NOTIFY_PAYLOAD_MAX_BYTES)
    throw new Error(`a ${topic} event of ${Buffer.byteLength(notification)} bytes is too large to publish on commit`);
  await tx.execute(sql`select pg_notify(${COMMITTED_EVENTS_CHANNEL}, ${notification})`);
}

/** Inside the caller's transaction: deliver the frame once (and only if) the transaction commits. */
export async function deliverOnCommit(tx: Executor, { userIds, frame, exceptConnectionId }: FrameDelivery) {
  await publishOnCommit(tx, 'chat.deliver', {
    userIds,
    frame: JSON.stringify(frame),
    ...(exceptConnectionId === undefined ? {} : { exceptConnectionId }),
  });
}

function parseCommittedEvent(notification: string | undefined): CommittedEvent | undefined {
  const text = notification ?? '';
  const separator = text.indexOf(':');
  if (text.slice(0, separator) !== THIS_PROCESS) return undefined;
  try {
    const event = JSON.parse(text.slice(separator + 1)) as CommittedEvent;
    return typeof event.id === 'string' &&
      typeof event.topic === 'string' &&
      typeof event.payload === 'object' &&
      event.payload !== null
      ? event
      : undefined;
  } catch {
    return undefined;
  }
}

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** How long to wait before listening again after the PostgreSQL connection was lost. */
const RELISTEN_MS = 1000;

/**
 * Publishes on the bus each event this process's transactions published on commit. Works on PGlite (its
 * own listen) and on PostgreSQL (one pooled connection kept for LISTEN, taken again when lost). Returns
 * a function that stops listening.
 */
export async function listenForCommittedEvents(
  db: Database,
  bus: EventBus,
  log: { warn(message: string): void },
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: PgliteListener | pg.Pool }).$client;
  const hear = (notification: string | undefined) => {
    const event = parseCommittedEvent(notification);
    if (!event) return;
    bus.publish(event.topic, event.payload as never);
    heard(event.id);
  };
  if ('listen' in client) return client.listen(COMMITTED_EVENTS_CHANNEL, hear);

  const pool = client;
  let stopped = false;
  let connection: pg.PoolClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  /** Whether events may have gone unheard: listening was lost (or never began) since the last LISTEN. */
  let gap = false;
  const connect = async () => {
    let taken: pg.PoolClient | undefined;
    try {
      taken = await pool.connect();
      if (stopped) return taken.release();
      const listening = taken;
      connection = taken;
      taken.on('notification', (message) => {
        if (message.channel === COMMITTED_EVENTS_CHANNEL) hear(message.payload);
      });
      taken.on('error', (error) => {
        if (connection !== listening) return;
        log.warn(`[committed events] lost the LISTEN connection: ${error.message}`);
        connection = undefined;
        gap = true;
        listening.release(error);
        if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
      });
      await taken.query(`listen ${COMMITTED_EVENTS_CHANNEL}`);
      // Events this instance's transactions committed while it was not listening reached no instance:
      // every instance forgets what it kept on the strength of events.
      if (gap) bus.publish('events.missed', { source: 'committed-events' });
      gap = false;
    } catch (error) {
      gap = true;
      log.warn(`[committed events] cannot listen: ${(error as Error).message}`);
      if (taken && connection === taken) {
        connection = undefined;
        taken.release(error as Error);
      }
      if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const taken = connection;
    connection = undefined;
    if (taken) {
      await taken.query(`unlisten ${COMMITTED_EVENTS_CHANNEL}`).catch(() => undefined);
      taken.release();
    }
  };
}
