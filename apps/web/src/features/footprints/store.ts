import { shanghaiDate, type TFootprint } from '@metal/shared';
import { getSession, isLoggedIn } from '../../lib/session';
import { StorageKeys, storage } from '../../lib/storage';

/**
 * The local-first footprint store (SPEC §3 footprint record, §4 sync): the stocks a user opened, one
 * record per stock per Asia/Shanghai day under the key `userId_stockId_date`, newest first, kept in
 * localStorage per user. Records start unsynced (isSyn 0) and are marked synced once the server has
 * them; `sync.ts` exchanges them with the server.
 */
export interface LocalFootprint {
  key: string;
  stockId: number;
  sortId: number;
  /** Unix seconds of the latest view that day. */
  time: number;
  /** 1 once the server holds this record as it stands. */
  isSyn: 0 | 1;
  /** The server's id, once known. */
  id: number | null;
}

export interface FootprintState {
  records: LocalFootprint[];
  /** Keys deleted here that the server has not yet been told about. */
  pendingDeletes: string[];
  /** SPEC §4: the first sync after install downloads everything; later ones only what is unsynced. */
  downloaded: boolean;
}

/** Most records kept on the phone; older ones stay on the server. */
export const MAX_LOCAL_FOOTPRINTS = 2000;

export const footprintKey = (userId: number, stockId: number, time: number) =>
  `${userId}_${stockId}_${shanghaiDate(time)}`;

/** The Asia/Shanghai day of a footprint key (`userId_stockId_YYYY-MM-DD`). */
export const footprintDay = (key: string) => key.slice(key.lastIndexOf('_') + 1);

const storageKey = (userId: number) => `${StorageKeys.footprints}.${userId}`;
const EMPTY: FootprintState = Object.freeze({ records: [], pendingDeletes: [], downloaded: false });

const byNewest = (a: LocalFootprint, b: LocalFootprint) => b.time - a.time || (a.key < b.key ? -1 : 1);

function isRecord(value: unknown): value is LocalFootprint {
  const v = value as Partial<LocalFootprint> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof v.key === 'string' &&
    typeof v.stockId === 'number' &&
    typeof v.sortId === 'number' &&
    typeof v.time === 'number' &&
    (v.isSyn === 0 || v.isSyn === 1) &&
    (v.id === null || typeof v.id === 'number')
  );
}

function parse(raw: string | null): FootprintState {
  if (!raw) return EMPTY;
  try {
    const value = JSON.parse(raw) as Partial<FootprintState>;
    return {
      records: Array.isArray(value.records) ? value.records.filter(isRecord).sort(byNewest) : [],
      pendingDeletes: Array.isArray(value.pendingDeletes)
        ? value.pendingDeletes.filter((k): k is string => typeof k === 'string')
        : [],
      downloaded: value.downloaded === true,
    };
  } catch {
    return EMPTY;
  }
}

const cache = new Map<number, FootprintState>();
const listeners = new Set<() => void>();

export function readFootprints(userId: number): FootprintState {
  if (userId <= 0) return EMPTY;
  let state = cache.get(userId);
  if (!state) {
    state = parse(storage.get(storageKey(userId)));
    cache.set(userId, state);
  }
  return state;
}

export function writeFootprints(userId: number, next: FootprintState): void {
  const state = { ...next, records: [...next.records].sort(byNewest).slice(0, MAX_LOCAL_FOOTPRINTS) };
  cache.set(userId, state);
  storage.set(storageKey(userId), JSON.stringify(state));
  for (const listener of listeners) listener();
}

export function updateFootprints(userId: number, change: (state: FootprintState) => FootprintState): void {
  writeFootprints(userId, change(readFootprints(userId)));
}

export function subscribeFootprints(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the in-memory copy (tests, and another tab having written the store). */
export function resetFootprintCache(): void {
  cache.clear();
}

/**
 * Records that the logged-in user opened a stock's detail page (the detail page calls this). A second
 * view the same day moves that day's record to the newest time; guests leave no footprints.
 */
export function recordFootprint({ stockId, sortId }: { stockId: number; sortId: number }, at: Date = new Date()) {
  const user = getSession();
  if (!isLoggedIn(user) || !(stockId > 0)) return;
  const time = Math.floor(at.getTime() / 1000);
  const key = footprintKey(user.userId, stockId, time);
  updateFootprints(user.userId, (state) => {
    const existing = state.records.find((record) => record.key === key);
    const record: LocalFootprint = {
      key,
      stockId,
      sortId,
      time: Math.max(time, existing?.time ?? 0),
      isSyn: 0,
      id: existing?.id ?? null,
    };
    return {
      ...state,
      records: [record, ...state.records.filter((r) => r.key !== key)],
      pendingDeletes: state.pendingDeletes.filter((k) => k !== key),
    };
  });
}

/**
 * Merges footprints fetched from the server into the local records: one per key (a stock per day),
 * the newest view winning. A server record is held by the server (isSyn 1); where the phone has a
 * newer view of that day, the phone's stays unsynced so it is uploaded. Keys deleted here meanwhile
 * are not brought back.
 */
export function mergeFootprints(
  local: readonly LocalFootprint[],
  incoming: readonly TFootprint[],
  deletedKeys: readonly string[] = [],
): LocalFootprint[] {
  const deleted = new Set(deletedKeys);
  const merged = new Map(local.map((record) => [record.key, record]));
  for (const item of incoming) {
    if (deleted.has(item.key)) continue;
    const mine = merged.get(item.key);
    if (!mine || item.time >= mine.time) {
      merged.set(item.key, {
        key: item.key,
        stockId: item.stockId,
        sortId: item.sortId,
        time: item.time,
        isSyn: 1,
        id: item.id,
      });
    } else {
      merged.set(item.key, { ...mine, id: item.id });
    }
  }
  return [...merged.values()].sort(byNewest);
}
