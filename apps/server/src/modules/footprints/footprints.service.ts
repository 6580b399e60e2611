import { epochSecondsOf, shanghaiDate, type TFootprint } from '@metal/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../platform/context';
import { forbidden } from '../../platform/errors';
import { footprints } from './footprints.table';

/** The most footprints one listing returns (newest first); older ones stay on the server. */
const LIST_LIMIT = 2000;

export const footprintKey = (userId: number, stockId: number, time: number) =>
  `${userId}_${stockId}_${shanghaiDate(time)}`;

const present = (row: typeof footprints.$inferSelect): TFootprint => ({
  id: row.id,
  isSyn: row.isSyn === 1 ? 1 : 0,
  sortId: row.sortId,
  stockId: row.stockId,
  time: row.time,
  userId: row.userId,
  key: row.key,
});

/**
 * Stores uploaded footprints, one per stock per day: the newest view wins. The uploading client
 * holds them, so they are stored as synced (unless a newer stored record of that day wins).
 */
export async function saveFootprints(
  { db, clock, actor }: ServiceContext,
  { items }: { items: { stockId: number; sortId: number; time: number }[] },
) {
  // A phone whose clock runs fast stamps views ahead of ours; no view happened after now, so it is
  // stored as seen now. Refusing it would stop that phone's sync for good, silently.
  const now = epochSecondsOf(clock.now());
  const byKey = new Map<string, { key: string; stockId: number; sortId: number; time: number }>();
  for (const uploaded of items) {
    const item = { ...uploaded, time: Math.min(uploaded.time, now) };
    const key = footprintKey(actor.userId, item.stockId, item.time);
    const seen = byKey.get(key);
    if (!seen || item.time > seen.time) byKey.set(key, { key, ...item });
  }
  const rows = [...byKey.values()];
  if (rows.length === 0) return { saved: 0 };
  await db
    .insert(footprints)
    .values(rows.map((r) => ({ ...r, userId: actor.userId, isSyn: 1 })))
    .onConflictDoUpdate({
      target: footprints.key,
      set: {
        time: sql`greatest(${footprints.time}, excluded.time)`,
        sortId: sql`case when excluded.time >= ${footprints.time} then excluded.sort_id else ${footprints.sortId} end`,
        // An older view leaves a newer stored record as it was: if the client has not fetched it yet, it still must.
        isSyn: sql`case when excluded.time >= ${footprints.time} then 1 else ${footprints.isSyn} end`,
      },
    });
  return { saved: rows.length };
}

export async function listFootprints({ db, actor }: ServiceContext, { onlyUnsynced }: { onlyUnsynced: boolean }) {
  const rows = await db
    .select()
    .from(footprints)
    .where(
      onlyUnsynced
        ? and(eq(footprints.userId, actor.userId), eq(footprints.isSyn, 0))
        : eq(footprints.userId, actor.userId),
    )
    .orderBy(desc(footprints.time), desc(footprints.id))
    .limit(LIST_LIMIT);
  return rows.map(present);
}

/**
 * Marks footprints synced. Ids that no longer exist (deleted since the client fetched them) are
 * skipped, so a client is never stuck; an id of another user refuses the whole call, changing nothing.
 */
export async function markSynced({ db, actor }: ServiceContext, { ids }: { ids: number[] }) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return { changed: 0 };
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ userId: footprints.userId })
      .from(footprints)
      .where(inArray(footprints.id, unique));
    if (existing.some((row) => row.userId !== actor.userId)) throw forbidden();
    const changed = await tx
      .update(footprints)
      .set({ isSyn: 1 })
      .where(and(inArray(footprints.id, unique), eq(footprints.userId, actor.userId), eq(footprints.isSyn, 0)))
      .returning({ id: footprints.id });
    return { changed: changed.length };
  });
}

/** Deletes footprints by key; keys of another user are refused and nothing is deleted. */
export async function deleteFootprints({ db, actor }: ServiceContext, { keys }: { keys: string[] }) {
  if (keys.some((key) => !key.startsWith(`${actor.userId}_`))) throw forbidden();
  const deleted = await db
    .delete(footprints)
    .where(and(eq(footprints.userId, actor.userId), inArray(footprints.key, [...new Set(keys)])))
    .returning({ id: footprints.id });
  return { deleted: deleted.length };
}
