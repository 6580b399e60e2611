/**
 * Reviewed public postings: inquiries and agent requests. Both are posted by one party for others to
 * quote on, wait for an operator's review, are open for a time, and end closed, expired or deleted
 * (kept, for the quotes and chats that name them); both count each other person's view once a day.
 * That life cycle lives here once, on `ownedRow`. What a posting says and how it is answered do not:
 * an inquiry is a company's list of products with delivery terms, answered by suppliers' quotes and
 * order-taking (`inquiry_handlings`); an agent request is one person's words, voice and photos,
 * answered by agents' free-text quotes. So agent requests share this life cycle, not the inquiry
 * module, and each keeps its own tables (alike in shape, not merged: no migration for no behaviour).
 */
import { CodeFlag, type MessageKey } from '@metal/shared';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../db/client';
import type { NoticeMessageKey } from '../modules/notices/notices.catalog';
import { sendNotice } from '../modules/notices/notices.service';
import type { Actor } from './actor';
import type { Clock } from './clock';
import { AppError } from './errors';
import { type Ownership, ownedRow } from './ownership';

/** The life-cycle columns every posting table keeps alike. */
interface PostingRow {
  id: number;
  status: string;
  views: number;
}

/** The columns by which the life cycle reads and writes a posting table. */
type PostingTable = PgTable & { id: PgColumn; status: PgColumn; views: PgColumn; updatedAt: PgColumn };

/** A posting's table as its `<feature>.policy.ts` describes it, with what its life cycle needs besides ownership. */
export interface Posting<T extends PostingTable> extends Ownership<T> {
  /** Whether an owner may still close it (quotes are being taken). */
  isOpen: (row: T['$inferSelect'], now: Date) => boolean;
  /** The conflict's message when closing one that is not open. */
  notOpenMessage: MessageKey;
  /** The once-a-day view log: a row per posting, person and Shanghai day. */
  views: { table: PgTable; row: (postingId: number, userId: number, day: string) => Record<string, unknown> };
  /** When an open posting stops taking quotes by itself (its days run out, its deadline passes). */
  endsAt: PgColumn;
  /** Who posted it: the person its notices go to. */
  posterId: (row: T['$inferSelect']) => number;
  /** Names it in notices: `<subject>:<id>`. */
  subject: string;
  expiredNotice: NoticeMessageKey;
}

/** `…/close`: the owner stops taking quotes on an open posting. */
export async function closePosting<T extends PostingTable>(
  { db, clock, actor }: { db: Database; clock: Clock; actor: Actor },
  posting: Posting<T>,
  id: number,
): Promise<null> {
  await db.transaction(async (tx) => {
    const row = await ownedRow({ db: tx, actor }, posting, { id });
    if (!posting.isOpen(row, clock.now())) throw new AppError(CodeFlag.conflict, posting.notOpenMessage);
    await setStatus(tx, posting.table, id, 'closed', clock.now());
  });
  return null;
}

/** `…/delete`: the owner removes a posting from every list (kept for the quotes and chats that name it). */
export async function deletePosting<T extends PostingTable>(
  { db, clock, actor }: { db: Database; clock: Clock; actor: Actor },
  posting: Posting<T>,
  id: number,
): Promise<null> {
  await db.transaction(async (tx) => {
    await ownedRow({ db: tx, actor }, posting, { id });
    await setStatus(tx, posting.table, id, 'deleted', clock.now());
  });
  return null;
}

async function setStatus(tx: Executor, table: PostingTable, id: number, status: string, now: Date) {
  await tx
    .update(table)
    .set({ status, updatedAt: now } as never)
    .where(eq(table.id, id));
}

/**
 * Counts a view by a logged-in person who may not change the posting, once per person per day;
 * whether it counted, so the detail just read can show the new count.
 */
export async function countPostingView<T extends PostingTable>(
  { db, clock, actor }: { db: Database; clock: Clock; actor: Actor },
  posting: Posting<T>,
  row: T['$inferSelect'] & PostingRow,
): Promise<boolean> {
  if (actor.userId <= 0 || posting.mayChange(actor, row)) return false;
  const day = clock.today();
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(posting.views.table)
      .values(posting.views.row(row.id, actor.userId, day) as never)
      .onConflictDoNothing()
      .returning();
    if (added.length === 0) return false;
    const table = posting.table as PostingTable;
    await tx
      .update(table)
      .set({ views: sql`${table.views} + 1` } as never)
      .where(eq(posting.id, row.id));
    return true;
  });
}

/** A posting locked for its review decision; a deleted one (or none) is undefined. */
export async function postingForReview<T extends PostingTable>(
  tx: Executor,
  posting: Posting<T>,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = (await tx
    .select()
    .from(posting.table as PgTable)
    .where(eq(posting.id, id))
    .for('update')) as T['$inferSelect'][];
  return row === undefined || posting.isGone?.(row) ? undefined : row;
}

/**
 * Ends every open posting whose time ran out by `at` and tells each poster, naming the posting as
 * `names` does (in the order given). A second run for the same moment finds nothing to do.
 */
export async function expirePostings<T extends PostingTable>(
  { db, clock, at }: { db: Database; clock: Clock; at: Date },
  posting: Posting<T>,
  names: (tx: Executor, rows: T['$inferSelect'][]) => Promise<string[]>,
): Promise<number> {
  const table = posting.table as PostingTable;
  return db.transaction(async (tx) => {
    const ended = (await tx
      .update(table)
      .set({ status: 'expired', updatedAt: clock.now() } as never)
      .where(and(eq(table.status, 'open'), lte(posting.endsAt, at)))
      .returning()) as (T['$inferSelect'] & PostingRow)[];
    const named = await names(tx, ended);
    for (const [index, row] of ended.entries()) {
      await sendNotice(tx, clock, {
        userId: posting.posterId(row),
        messageKey: posting.expiredNotice,
        params: { name: named[index]! },
        subject: `${posting.subject}:${row.id}`,
      });
    }
    return ended.length;
  });
}
