import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from '../db/client';
import type { EventBus } from './bus';

/**
 * Frames for users' open chat connections (chat messages, read receipts, notice signals), delivered
 * one way: `deliverFrame` hands a frame to the event bus, which reaches every instance's connections.
 *
 * A frame that tells of a change (a notice recorded, a trade action stored) must go out exactly when
 * that change commits, and never when it rolls back. PostgreSQL delivers a NOTIFY sent inside a
 * transaction only on commit, so services call `deliverOnCommit(tx, …)` inside their own transaction
 * and return nothing for their routes to deliver; the chat module's listener (`listenForDeliveries`)
 * passes each committed frame to `deliverFrame`.
 */
export const DELIVERY_CHANNEL = 'frame_delivery';

/**
 * Every instance listening on a shared database hears every NOTIFY; only the one whose transaction
 * sent it passes it to the event bus (which reaches the other instances itself), so it is told once.
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

/** Sends a frame to every open connection of its users, on every instance. */
export function deliverFrame(bus: EventBus, { userIds, frame, exceptConnectionId }: FrameDelivery): void {
  bus.publish('chat.deliver', {
    userIds,
    frame: JSON.stringify(frame),
    ...(exceptConnectionId === undefined ? {} : { exceptConnectionId }),
  });
}

/**
 * Inside the caller's transaction: deliver the frame once (and only if) the transaction commits. For
 * the small frames services make (notice signals, trade actions, quote messages); a frame too large
 * for NOTIFY is a programming error.
 */
export async function deliverOnCommit(tx: Executor, delivery: FrameDelivery): Promise<void> {
  const payload = `${THIS_PROCESS}:${JSON.stringify(delivery)}`;
  if (Buffer.byteLength(payload) > NOTIFY_PAYLOAD_MAX_BYTES)
    throw new Error(`a frame of ${Buffer.byteLength(payload)} bytes is too large to deliver on commit`);
  await tx.execute(sql`select pg_notify(${DELIVERY_CHANNEL}, ${payload})`);
}

function parseDelivery(payload: string | undefined): FrameDelivery | undefined {
  const text = payload ?? '';
  const separator = text.indexOf(':');
  if (text.slice(0, separator) !== THIS_PROCESS) return undefined;
  try {
    const delivery = JSON.parse(text.slice(separator + 1)) as FrameDelivery;
    return Array.isArray(delivery.userIds) && typeof delivery.frame === 'object' ? delivery : undefined;
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
 * Calls `onDelivery` for each committed frame this process's transactions delivered. Works on PGlite
 * (its own listen) and on PostgreSQL (one pooled connection kept for LISTEN, taken again when lost).
 * Returns a function that stops listening.
 */
export async function listenForDeliveries(
  db: Database,
  onDelivery: (delivery: FrameDelivery) => void,
  log: { warn(message: string): void },
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: PgliteListener | pg.Pool }).$client;
  const hear = (payload: string | undefined) => {
    const delivery = parseDelivery(payload);
    if (delivery) onDelivery(delivery);
  };
  if ('listen' in client) return client.listen(DELIVERY_CHANNEL, hear);

  const pool = client;
  let stopped = false;
  let connection: pg.PoolClient | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  const connect = async () => {
    let taken: pg.PoolClient | undefined;
    try {
      taken = await pool.connect();
      if (stopped) return taken.release();
      const listening = taken;
      connection = taken;
      taken.on('notification', (message) => {
        if (message.channel === DELIVERY_CHANNEL) hear(message.payload);
      });
      taken.on('error', (error) => {
        if (connection !== listening) return;
        log.warn(`[delivery] lost the LISTEN connection: ${error.message}`);
        connection = undefined;
        listening.release(error);
        if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
      });
      await taken.query(`listen ${DELIVERY_CHANNEL}`);
    } catch (error) {
      log.warn(`[delivery] cannot listen for deliveries: ${(error as Error).message}`);
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
      await taken.query(`unlisten ${DELIVERY_CHANNEL}`).catch(() => undefined);
      taken.release();
    }
  };
}
