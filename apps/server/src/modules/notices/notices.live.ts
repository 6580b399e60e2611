import { randomUUID } from 'node:crypto';
import { NOTICE_CATEGORIES, type NoticeCategory } from '@metal/shared';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, Executor } from '../../db/client';

/**
 * PostgreSQL delivers a NOTIFY sent inside a transaction only when that transaction commits, and
 * never when it rolls back. sendNotice runs inside its callers' transactions, so announcing through
 * NOTIFY is what lets a user's open connections hear of a notice exactly when it exists, without
 * every caller having to remember to publish after its commit.
 */
export const NOTICE_CHANNEL = 'notice_recorded';

/**
 * Every instance listening on a shared database hears every NOTIFY; only the one that recorded the
 * notice passes it to the event bus (which reaches the other instances itself), so it is told once.
 */
const THIS_PROCESS = randomUUID();

export interface RecordedNotice {
  userId: number;
  category: NoticeCategory;
}

/** Inside the caller's transaction: announce the notice once (and only if) the transaction commits. */
export async function announceOnCommit(tx: Executor, notice: RecordedNotice) {
  await tx.execute(sql`select pg_notify(${NOTICE_CHANNEL}, ${`${THIS_PROCESS}:${notice.userId}:${notice.category}`})`);
}

function parseAnnouncement(payload: string | undefined): RecordedNotice | undefined {
  const [process, userId, category] = (payload ?? '').split(':');
  if (process !== THIS_PROCESS) return undefined;
  const id = Number(userId);
  if (!Number.isInteger(id) || !NOTICE_CATEGORIES.includes(category as NoticeCategory)) return undefined;
  return { userId: id, category: category as NoticeCategory };
}

interface PgliteListener {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

/** How long to wait before listening again after the PostgreSQL connection was lost. */
const RELISTEN_MS = 1000;

/**
 * Calls `onNotice` for each committed notice this process recorded. Works on PGlite (its own
 * listen) and on PostgreSQL (one pooled connection kept for LISTEN, taken again when lost).
 * Returns a function that stops listening.
 */
export async function listenForNotices(
  db: Database,
  onNotice: (notice: RecordedNotice) => void,
  log: { warn(message: string): void },
): Promise<() => Promise<void>> {
  const client = (db as unknown as { $client: PgliteListener | pg.Pool }).$client;
  const hear = (payload: string | undefined) => {
    const notice = parseAnnouncement(payload);
    if (notice) onNotice(notice);
  };
  if ('listen' in client) return client.listen(NOTICE_CHANNEL, hear);

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
        if (message.channel === NOTICE_CHANNEL) hear(message.payload);
      });
      taken.on('error', (error) => {
        if (connection !== listening) return;
        log.warn(`[notices] lost the LISTEN connection: ${error.message}`);
        connection = undefined;
        listening.release(error);
        if (!stopped) retry = setTimeout(() => void connect(), RELISTEN_MS);
      });
      await taken.query(`listen ${NOTICE_CHANNEL}`);
    } catch (error) {
      log.warn(`[notices] cannot listen for notices: ${(error as Error).message}`);
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
      await taken.query(`unlisten ${NOTICE_CHANNEL}`).catch(() => undefined);
      taken.release();
    }
  };
}
