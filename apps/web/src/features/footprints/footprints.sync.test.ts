// @vitest-environment happy-dom
import { shanghaiDate, type TFootprint } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../../lib/session';
import {
  footprintDay,
  type LocalFootprint,
  MAX_LOCAL_FOOTPRINTS,
  mergeFootprints,
  readFootprints,
  recordFootprint,
  resetFootprintCache,
  writeFootprints,
} from './store';
import { deleteFootprints, type FootprintTransport, syncFootprints, syncSessionFootprints } from './sync';

const USER = 7;
const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Date.parse(iso) / 1000;

/** A server that keeps footprints as modules/footprints does: one per key, the newest time winning. */
function fakeServer() {
  let nextId = 100;
  const rows = new Map<string, TFootprint>();
  const log: string[] = [];
  const keyOf = (stockId: number, time: number) => `${USER}_${stockId}_${shanghaiDate(time)}`;
  const transport: FootprintTransport = {
    save: vi.fn(async (items) => {
      log.push('save');
      for (const item of items) {
        const key = keyOf(item.stockId, item.time);
        const row = rows.get(key);
        if (!row) rows.set(key, { id: nextId++, userId: USER, key, isSyn: 1, ...item });
        else if (item.time >= row.time) rows.set(key, { ...row, ...item, isSyn: 1 });
      }
      return { saved: items.length };
    }),
    getAll: vi.fn(async () => {
      log.push('getAll');
      return [...rows.values()].sort((a, b) => b.time - a.time);
    }),
    getNotSynced: vi.fn(async () => {
      log.push('getNotSynced');
      return [...rows.values()].filter((row) => row.isSyn === 0).sort((a, b) => b.time - a.time);
    }),
    confirm: vi.fn(async (ids) => {
      log.push('confirm');
      for (const row of rows.values()) if (ids.includes(row.id)) row.isSyn = 1;
      return { changed: ids.length };
    }),
    remove: vi.fn(async (keys) => {
      log.push('remove');
      for (const key of keys) rows.delete(key);
      return { deleted: keys.length };
    }),
  };
  /** A footprint another device uploaded: on the server, not yet held by this phone. */
  const addUnsynced = (stockId: number, time: number, sortId = 1) => {
    const key = keyOf(stockId, time);
    const row: TFootprint = { id: nextId++, userId: USER, key, stockId, sortId, time, isSyn: 0 };
    rows.set(key, row);
    return row;
  };
  return { transport, rows, log, addUnsynced };
}

const logIn = (userId = USER) =>
  setSession({ account: 'buyer', rootId: userId, userId, sessionId: `s${userId}`, lastLoginDate: '2026-11-20' });
const local = () => readFootprints(USER).records;

beforeEach(() => {
  localStorage.clear();
  resetFootprintCache();
  logIn();
});
afterEach(() => clearSession());

describe('recordFootprint', () => {
  it('keeps one record per stock per Shanghai day, newest first, keyed userId_stockId_date', () => {
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-19T15:59:59Z')); // 23:59:59 on the 19th in Shanghai
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-19T16:00:00Z')); // 00:00 on the 20th
    recordFootprint({ stockId: 6, sortId: 12 }, at('2026-11-20T01:00:00Z'));
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T02:00:00Z'));
    expect(local().map((r) => [r.key, r.time, r.isSyn])).toEqual([
      [`${USER}_5_2026-11-20`, seconds('2026-11-20T02:00:00Z'), 0],
      [`${USER}_6_2026-11-20`, seconds('2026-11-20T01:00:00Z'), 0],
      [`${USER}_5_2026-11-19`, seconds('2026-11-19T15:59:59Z'), 0],
    ]);
    expect(footprintDay(local()[2]!.key)).toBe('2026-11-19');
    // Persisted for the next start.
    resetFootprintCache();
    expect(local()).toHaveLength(3);
  });

  it('records nothing for a guest, and keeps each user to their own store', () => {
    clearSession();
    recordFootprint({ stockId: 5, sortId: 13 });
    logIn(8);
    recordFootprint({ stockId: 9, sortId: 13 });
    expect(local()).toEqual([]);
    expect(readFootprints(8).records.map((r) => r.stockId)).toEqual([9]);
  });

  it('keeps the newest records up to the limit', () => {
    const many: LocalFootprint[] = Array.from({ length: MAX_LOCAL_FOOTPRINTS + 5 }, (_, i) => ({
      key: `${USER}_${i + 1}_2026-11-20`,
      stockId: i + 1,
      sortId: 1,
      time: 1_000_000 + i,
      isSyn: 1,
      id: i + 1,
    }));
    writeFootprints(USER, { records: many, pendingDeletes: [], downloaded: true });
    expect(local()).toHaveLength(MAX_LOCAL_FOOTPRINTS);
    expect(local()[0]!.stockId).toBe(MAX_LOCAL_FOOTPRINTS + 5);
  });
});

describe('mergeFootprints', () => {
  const record = (over: Partial<LocalFootprint>): LocalFootprint => ({
    key: `${USER}_1_2026-11-20`,
    stockId: 1,
    sortId: 1,
    time: 100,
    isSyn: 0,
    id: null,
    ...over,
  });
  const server = (over: Partial<TFootprint>): TFootprint => ({
    id: 50,
    userId: USER,
    key: `${USER}_1_2026-11-20`,
    stockId: 1,
    sortId: 1,
    time: 100,
    isSyn: 0,
    ...over,
  });

  it('keeps one record per stock and day, the newest view winning, newest first', () => {
    const merged = mergeFootprints(
      [record({ time: 200 }), record({ key: `${USER}_2_2026-11-20`, stockId: 2, time: 150 })],
      [
        server({ time: 100, sortId: 9 }),
        server({ id: 51, key: `${USER}_2_2026-11-20`, stockId: 2, time: 300, sortId: 4 }),
        server({ id: 52, key: `${USER}_3_2026-11-19`, stockId: 3, time: 50 }),
      ],
    );
    expect(merged.map((r) => [r.stockId, r.time, r.isSyn, r.id, r.sortId])).toEqual([
      [2, 300, 1, 51, 4],
      // The phone's newer view of that day stays, unsynced so it is uploaded, with the server's id.
      [1, 200, 0, 50, 1],
      [3, 50, 1, 52, 1],
    ]);
  });

  it('does not bring back records deleted on the phone meanwhile', () => {
    const merged = mergeFootprints([], [server({})], [`${USER}_1_2026-11-20`]);
    expect(merged).toEqual([]);
  });
});

describe('syncFootprints', () => {
  it('first after install: uploads what is unsynced, downloads everything, confirms what the server held unsynced', async () => {
    const { transport, rows, log, addUnsynced } = fakeServer();
    const other = addUnsynced(8, seconds('2026-11-18T03:00:00Z'), 25);
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T01:00:00Z'));

    await syncFootprints(USER, transport);
    expect(log).toEqual(['save', 'getAll', 'confirm']);
    expect(transport.save).toHaveBeenCalledWith([{ stockId: 5, sortId: 13, time: seconds('2026-11-20T01:00:00Z') }]);
    expect(transport.confirm).toHaveBeenCalledWith([other.id]);
    expect(local().map((r) => [r.stockId, r.isSyn, r.id !== null])).toEqual([
      [5, 1, true],
      [8, 1, true],
    ]);
    expect([...rows.values()].every((row) => row.isSyn === 1)).toBe(true);
    expect(readFootprints(USER).downloaded).toBe(true);
  });

  it('later: uploads, fetches only unsynced ones, merges them without duplicates and confirms them', async () => {
    const { transport, log, addUnsynced } = fakeServer();
    await syncFootprints(USER, transport);
    log.length = 0;

    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T01:00:00Z'));
    // Another device viewed stock 5 later that day, and stock 6.
    const later = addUnsynced(5, seconds('2026-11-20T03:00:00Z'), 13);
    const six = addUnsynced(6, seconds('2026-11-20T02:00:00Z'), 12);
    await syncFootprints(USER, transport);

    expect(log).toEqual(['save', 'getNotSynced', 'confirm']);
    expect(transport.getAll).toHaveBeenCalledTimes(1);
    expect(transport.confirm).toHaveBeenLastCalledWith([later.id, six.id]);
    expect(local().map((r) => [r.stockId, r.time, r.isSyn])).toEqual([
      [5, later.time, 1],
      [6, six.time, 1],
    ]);

    log.length = 0;
    await syncFootprints(USER, transport);
    // Nothing unsynced on either side: nothing uploaded or confirmed.
    expect(log).toEqual(['getNotSynced']);
  });

  it('leaves a record viewed again during the upload unsynced, so the newer view goes next time', async () => {
    const { transport } = fakeServer();
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T01:00:00Z'));
    vi.mocked(transport.save).mockImplementationOnce(async () => {
      recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T01:30:00Z'));
      return { saved: 1 };
    });
    await syncFootprints(USER, transport);
    expect(local().map((r) => [r.time, r.isSyn])).toEqual([[seconds('2026-11-20T01:30:00Z'), 0]]);
  });

  it('stops where the network fails and keeps everything unsynced for the next try', async () => {
    const { transport } = fakeServer();
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T01:00:00Z'));
    vi.mocked(transport.save).mockRejectedValueOnce(new Error('offline'));
    await expect(syncFootprints(USER, transport)).rejects.toThrow('offline');
    expect(local().map((r) => r.isSyn)).toEqual([0]);
    expect(readFootprints(USER).downloaded).toBe(false);
    await syncFootprints(USER, transport);
    expect(local().map((r) => r.isSyn)).toEqual([1]);
  });
});

describe('deleteFootprints', () => {
  it('deletes here at once and on the server; offline, the keys wait for the next sync and are not fetched back', async () => {
    const { transport, rows, log } = fakeServer();
    recordFootprint({ stockId: 5, sortId: 13 }, at('2026-11-20T01:00:00Z'));
    recordFootprint({ stockId: 6, sortId: 13 }, at('2026-11-20T02:00:00Z'));
    await syncFootprints(USER, transport);
    const [six, five] = local();

    await deleteFootprints(USER, [six!.key], transport);
    expect(local().map((r) => r.stockId)).toEqual([5]);
    expect([...rows.keys()]).toEqual([five!.key]);
    expect(readFootprints(USER).pendingDeletes).toEqual([]);

    vi.mocked(transport.remove).mockRejectedValueOnce(new Error('offline'));
    await deleteFootprints(USER, [five!.key], transport);
    expect(local()).toEqual([]);
    expect(readFootprints(USER).pendingDeletes).toEqual([five!.key]);
    expect(rows.has(five!.key)).toBe(true);

    log.length = 0;
    // Even a download of everything (a first sync) does not bring it back: the delete goes first.
    writeFootprints(USER, { ...readFootprints(USER), downloaded: false });
    await syncFootprints(USER, transport);
    expect(log[0]).toBe('remove');
    expect(rows.size).toBe(0);
    expect(local()).toEqual([]);
    expect(readFootprints(USER).pendingDeletes).toEqual([]);
  });
});

describe('syncSessionFootprints', () => {
  it("syncs the stored user's footprints once at a time, and nothing without a user", async () => {
    const { transport } = fakeServer();
    const [first, second] = [syncSessionFootprints(transport), syncSessionFootprints(transport)];
    expect(first).toBe(second);
    await first;
    expect(transport.getAll).toHaveBeenCalledTimes(1);
    clearSession();
    await syncSessionFootprints(transport);
    expect(transport.getNotSynced).not.toHaveBeenCalled();
  });
});
