import { Calls, CodeFlag, MAX_FOOTPRINTS_PER_UPLOAD, type TFootprint } from '@metal/shared';
import { callApi } from '../../lib/api';
import { getSession, isLoggedIn } from '../../lib/session';
import { mergeFootprints, readFootprints, updateFootprints } from './store';

/** The server side of SPEC §4's footprint sync (`foot/*`), as a seam tests can replace. */
export interface FootprintTransport {
  save(items: { stockId: number; sortId: number; time: number }[]): Promise<unknown>;
  getAll(): Promise<TFootprint[]>;
  getNotSynced(): Promise<TFootprint[]>;
  confirm(ids: number[]): Promise<unknown>;
  remove(keys: string[]): Promise<unknown>;
}

/**
 * Over the app's API client. Sync runs in the background: an expired session is forgotten without
 * taking the user to login, and failures stay quiet (the next start-up or login tries again).
 */
const BACKGROUND = { needLogin: false, quietCodeFlags: Object.values(CodeFlag) };

export const apiTransport: FootprintTransport = {
  save: (items) => callApi(Calls.saveFoots, { data: items }, BACKGROUND),
  getAll: () => callApi(Calls.getAllFoot, {}, BACKGROUND),
  getNotSynced: async () => {
    const answer = await callApi(Calls.getNotSyn, {}, BACKGROUND);
    const list: unknown = JSON.parse(answer.footList);
    return Array.isArray(list) ? (list as TFootprint[]) : [];
  },
  confirm: (ids) => callApi(Calls.changeSyn, { data: ids }, BACKGROUND),
  remove: (keys) => callApi(Calls.delFoot, { key: keys.join(',') }, BACKGROUND),
};

function chunks<T>(items: readonly T[], size = MAX_FOOTPRINTS_PER_UPLOAD): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Tells the server about deletions made here; those it has heard of are no longer pending. */
async function sendDeletes(userId: number, transport: FootprintTransport) {
  for (const keys of chunks(readFootprints(userId).pendingDeletes)) {
    await transport.remove(keys);
    updateFootprints(userId, (state) => ({
      ...state,
      pendingDeletes: state.pendingDeletes.filter((key) => !keys.includes(key)),
    }));
  }
}

/** Uploads unsynced records; each is marked synced unless it was viewed again while the upload ran. */
async function upload(userId: number, transport: FootprintTransport) {
  const unsynced = readFootprints(userId).records.filter((record) => record.isSyn === 0);
  for (const part of chunks(unsynced)) {
    await transport.save(part.map(({ stockId, sortId, time }) => ({ stockId, sortId, time })));
    const sent = new Map(part.map((record) => [record.key, record.time]));
    updateFootprints(userId, (state) => ({
      ...state,
      records: state.records.map((record) =>
        sent.get(record.key) === record.time ? { ...record, isSyn: 1 as const } : record,
      ),
    }));
  }
}

/**
 * SPEC §4 footprint sync for one user: deletions made here go first, then unsynced records are
 * uploaded (foot/save_foots); the first sync after install downloads all the server's footprints
 * (foot/get_all_foot), later ones only those the server holds unsynced (foot/get_notsyn); they are
 * merged without two records of one stock on one day, and the server is told which ids the phone
 * now holds (foot/change_syn).
 */
export async function syncFootprints(userId: number, transport: FootprintTransport): Promise<void> {
  await sendDeletes(userId, transport);
  await upload(userId, transport);
  const first = !readFootprints(userId).downloaded;
  const fetched = first ? await transport.getAll() : await transport.getNotSynced();
  const mine = fetched.filter((item) => item.userId === userId);
  updateFootprints(userId, (state) => ({
    ...state,
    records: mergeFootprints(state.records, mine, state.pendingDeletes),
  }));
  const held = mine.filter((item) => item.isSyn === 0).map((item) => item.id);
  for (const ids of chunks(held)) await transport.confirm(ids);
  if (first) updateFootprints(userId, (state) => ({ ...state, downloaded: true }));
}

/**
 * Deletes footprints here at once (local-first) and then on the server; if the server cannot be
 * reached the keys stay pending and go with the next sync.
 */
export async function deleteFootprints(userId: number, keys: string[], transport: FootprintTransport = apiTransport) {
  if (keys.length === 0) return;
  const gone = new Set(keys);
  updateFootprints(userId, (state) => ({
    ...state,
    records: state.records.filter((record) => !gone.has(record.key)),
    pendingDeletes: [...new Set([...state.pendingDeletes, ...keys])],
  }));
  try {
    await sendDeletes(userId, transport);
  } catch {
    // Pending: sent with the next sync.
  }
}

const running = new Map<number, Promise<void>>();

/** Syncs the stored user's footprints, once at a time per user (start-up, login, pull to refresh). */
export function syncSessionFootprints(transport: FootprintTransport = apiTransport): Promise<void> {
  const user = getSession();
  if (!isLoggedIn(user)) return Promise.resolve();
  const current = running.get(user.userId);
  if (current) return current;
  const run = syncFootprints(user.userId, transport).finally(() => running.delete(user.userId));
  running.set(user.userId, run);
  return run;
}
