import { type CallRequest, Calls, CodeFlag, MAX_FOOTPRINTS_PER_UPLOAD, type TFootprint } from '@metal/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { footprints } from './footprints.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** The harness's start: 2026-11-20 10:00 in Shanghai. */
const START = new Date('2026-11-20T02:00:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;
const NOW = at('2026-11-20T02:00:00Z');

beforeEach(async () => {
  t.clock.set(START);
  await t.db.delete(footprints);
});

const allRows = () => t.db.select().from(footprints).orderBy(asc(footprints.id));

type User = Awaited<ReturnType<TestApp['buildUser']>>;
type FootInput = { stockId: unknown; sortId?: unknown; time: unknown };

const save = (
  user: User,
  items: CallRequest<typeof Calls.saveFoots>['data'],
  options: { lang?: string; json?: boolean } = {},
) => t.call(Calls.saveFoots, { data: items }, { session: user.session, ...options });
const saveRaw = (user: User, items: unknown, options: { lang?: string; json?: boolean } = {}) =>
  t.callRaw(Calls.saveFoots, { data: items }, { session: user.session, ...options });
const getAll = (user: User) => t.call(Calls.getAllFoot, {}, { session: user.session });
const getNotSyn = (user: User) => t.call(Calls.getNotSyn, {}, { session: user.session });
const changeSyn = (user: User, ids: CallRequest<typeof Calls.changeSyn>['data'], lang?: string) =>
  t.call(Calls.changeSyn, { data: ids }, { session: user.session, ...(lang ? { lang } : {}) });
const changeSynRaw = (user: User, ids: unknown, lang?: string) =>
  t.callRaw(Calls.changeSyn, { data: ids }, { session: user.session, ...(lang ? { lang } : {}) });
const delFoot = (user: User, key: CallRequest<typeof Calls.delFoot>['key'], lang?: string) =>
  t.call(Calls.delFoot, { key }, { session: user.session, ...(lang ? { lang } : {}) });

/** A footprint as a later server-side feature will record it: not yet held by the client. */
async function insertUnsynced(userId: number, stockId: number, time: number, key: string, sortId = 1) {
  const [row] = await t.db.insert(footprints).values({ userId, stockId, sortId, time, key, isSyn: 0 }).returning();
  return row!;
}

function expectInvalid(body: { codeFlag: number; mesg: string }, mesg: string) {
  expect(body.codeFlag).toBe(CodeFlag.invalidInput);
  expect(body.mesg).toBe(mesg);
}

const FOOT_INVALID_ZH = '足迹数据格式不正确';
const FOOT_INVALID_EN = 'The footprint data is not in the expected format';

describe('foot/save_foots', () => {
  it('keys footprints by user, stock and Shanghai date, and stores them synced', async () => {
    const a = await t.buildUser();
    const beforeMidnight = at('2026-11-19T15:59:59Z'); // 23:59:59 on 19 Nov in Shanghai
    const atMidnight = at('2026-11-19T16:00:00Z'); // 00:00:00 on 20 Nov in Shanghai
    const { body } = await save(a, [
      { stockId: 7, sortId: 3, time: beforeMidnight },
      { stockId: 7, sortId: 3, time: atMidnight },
    ]);
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, mesg: '', data: { saved: 2 } });
    const rows = await allRows();
    expect(
      rows.map((r) => ({ key: r.key, time: r.time, userId: r.userId, stockId: r.stockId, isSyn: r.isSyn })),
    ).toEqual(
      expect.arrayContaining([
        { key: `${a.user.id}_7_2026-11-19`, time: beforeMidnight, userId: a.user.id, stockId: 7, isSyn: 1 },
        { key: `${a.user.id}_7_2026-11-20`, time: atMidnight, userId: a.user.id, stockId: 7, isSyn: 1 },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it('keeps one footprint per stock per day, the newest time winning within one upload', async () => {
    const a = await t.buildUser();
    const { body } = await save(a, [
      { stockId: 8, sortId: 1, time: at('2026-11-20T00:00:00Z') },
      { stockId: 8, sortId: 2, time: at('2026-11-20T01:00:00Z') },
      { stockId: 8, sortId: 3, time: at('2026-11-19T23:00:00Z') },
      { stockId: 9, sortId: 4, time: at('2026-11-19T23:30:00Z') },
    ]);
    expect(body.data).toEqual({ saved: 2 });
    const rows = await allRows();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.stockId === 8)).toMatchObject({ time: at('2026-11-20T01:00:00Z'), sortId: 2 });
    expect(rows.find((r) => r.stockId === 9)).toMatchObject({ time: at('2026-11-19T23:30:00Z'), sortId: 4 });
  });

  it('keeps the newest time across uploads: an older view does not overwrite a newer one', async () => {
    const a = await t.buildUser();
    const newer = at('2026-11-20T01:00:00Z');
    const older = at('2026-11-20T00:10:00Z');
    const newest = at('2026-11-20T01:30:00Z');
    expect((await save(a, [{ stockId: 5, sortId: 2, time: newer }])).body.codeFlag).toBe(CodeFlag.ok);
    expect((await save(a, [{ stockId: 5, sortId: 9, time: older }])).body.codeFlag).toBe(CodeFlag.ok);
    let rows = await allRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ time: newer, sortId: 2 });
    expect((await save(a, [{ stockId: 5, sortId: 6, time: newest }])).body.codeFlag).toBe(CodeFlag.ok);
    rows = await allRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ time: newest, sortId: 6, key: `${a.user.id}_5_2026-11-20` });
  });

  it('accepts the form spelling (JSON text, numbers as text) and a JSON body alike', async () => {
    const a = await t.buildUser();
    const asText = JSON.stringify([{ stockId: '11', sortId: '2', time: String(NOW - 60) }]);
    expect((await saveRaw(a, asText)).body).toMatchObject({ codeFlag: CodeFlag.ok, data: { saved: 1 } });
    const asJson = await save(a, [{ stockId: 12, sortId: 2, time: NOW - 30 }], { json: true });
    expect(asJson.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { saved: 1 } });
    expect((await allRows()).map((r) => r.stockId).sort()).toEqual([11, 12]);
  });

  it('does not mark a newer server-side footprint synced when the client uploads an older view of that day', async () => {
    const a = await t.buildUser();
    const serverTime = at('2026-11-20T01:00:00Z');
    const row = await insertUnsynced(a.user.id, 21, serverTime, `${a.user.id}_21_2026-11-20`, 4);
    expect((await save(a, [{ stockId: 21, sortId: 5, time: at('2026-11-20T00:30:00Z') }])).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    const [after] = await allRows();
    expect(after).toMatchObject({ id: row.id, time: serverTime, sortId: 4, isSyn: 0 });
    // The client still has to fetch the newer record.
    const list = JSON.parse((await getNotSyn(a)).body.data!.footList) as TFootprint[];
    expect(list.map((f) => f.id)).toEqual([row.id]);

    // A newer upload replaces it, and the client then holds it.
    expect((await save(a, [{ stockId: 21, sortId: 6, time: at('2026-11-20T01:45:00Z') }])).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await allRows())[0]).toMatchObject({ id: row.id, time: at('2026-11-20T01:45:00Z'), sortId: 6, isSyn: 1 });
  });

  it('accepts an empty list and writes nothing', async () => {
    const a = await t.buildUser();
    expect((await save(a, [])).body).toMatchObject({ codeFlag: CodeFlag.ok, data: { saved: 0 } });
    expect(await allRows()).toEqual([]);
  });

  it('refuses data that is not JSON, with a localized mesg, and writes nothing', async () => {
    const a = await t.buildUser();
    expectInvalid((await saveRaw(a, 'not json')).body, '数据格式不正确');
    expectInvalid(
      (await saveRaw(a, '[{"stockId":1,', { lang: 'en-US' })).body,
      'The data is not in the expected format',
    );
    expect(await allRows()).toEqual([]);
  });

  it('refuses data that is not a list, or missing', async () => {
    const a = await t.buildUser();
    expectInvalid((await saveRaw(a, { stockId: 1, sortId: 1, time: NOW })).body, FOOT_INVALID_ZH);
    expectInvalid((await saveRaw(a, '"text"', { lang: 'en-US' })).body, FOOT_INVALID_EN);
    const missing = await t.callRaw(Calls.saveFoots, {}, { session: a.session });
    expectInvalid(missing.body, FOOT_INVALID_ZH);
    expect(await allRows()).toEqual([]);
  });

  it('refuses the whole upload when one footprint lacks its stockId or has a bad field', async () => {
    const a = await t.buildUser();
    const good = { stockId: 1, sortId: 1, time: NOW - 10 };
    const bad: FootInput[] = [
      { sortId: 1, time: NOW } as FootInput,
      { stockId: 0, sortId: 1, time: NOW },
      { stockId: -3, sortId: 1, time: NOW },
      { stockId: 1.5, sortId: 1, time: NOW },
      { stockId: 'abc', sortId: 1, time: NOW },
      { stockId: 2, sortId: 1, time: 0 },
      { stockId: 2, sortId: 1 } as FootInput,
      { stockId: 2, sortId: -1, time: NOW },
      // Beyond the database's ranges (stock ids are bigint, sort ids integer): refused as input, not a server fault.
      { stockId: Number.MAX_SAFE_INTEGER + 2, sortId: 1, time: NOW },
      { stockId: 2, sortId: 2_147_483_648, time: NOW },
    ];
    for (const item of bad) {
      const { body } = await saveRaw(a, [good, item], { lang: 'en-US' });
      expect(body.codeFlag, JSON.stringify(item)).toBe(CodeFlag.invalidInput);
      expect(body.mesg, JSON.stringify(item)).toBe(FOOT_INVALID_EN);
      expect(body.errors).toBeDefined();
    }
    const missingStock = await saveRaw(a, [good, { sortId: 1, time: NOW }]);
    expect(missingStock.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: FOOT_INVALID_ZH });
    expect(missingStock.body.errors).toHaveProperty(['data.1.stockId'], FOOT_INVALID_ZH);
    expect(await allRows()).toEqual([]);
  });

  it('keeps stock ids beyond 32 bits, as the stocks table hands them out', async () => {
    const a = await t.buildUser();
    const saved = await save(a, [{ stockId: 2_147_483_648, sortId: 1, time: NOW - 5 }]);
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    expect((await allRows()).map((row) => row.stockId)).toEqual([2_147_483_648]);
  });

  it("stores a view stamped ahead of the server's clock at the server's time, so a fast phone clock still syncs", async () => {
    const a = await t.buildUser();
    const saved = await save(a, [
      { stockId: 1, sortId: 1, time: NOW - 5 },
      { stockId: 2, sortId: 1, time: NOW + 3 * 3600 },
    ]);
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    const rows = await allRows();
    expect(rows.map((r) => [r.stockId, r.time]).sort()).toEqual([
      [1, NOW - 5],
      [2, NOW],
    ]);
  });

  it(`refuses more than ${MAX_FOOTPRINTS_PER_UPLOAD} footprints in one upload, and takes exactly that many`, async () => {
    const a = await t.buildUser();
    const many = (n: number) => Array.from({ length: n }, (_, i) => ({ stockId: i + 1, sortId: 1, time: NOW - i }));
    expectInvalid((await save(a, many(MAX_FOOTPRINTS_PER_UPLOAD + 1), { json: true })).body, FOOT_INVALID_ZH);
    expect(await allRows()).toEqual([]);
    const ok = await save(a, many(MAX_FOOTPRINTS_PER_UPLOAD), { json: true });
    expect(ok.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { saved: MAX_FOOTPRINTS_PER_UPLOAD } });
    expect(await allRows()).toHaveLength(MAX_FOOTPRINTS_PER_UPLOAD);
  });

  it('requires login and writes nothing for a visitor or an unknown session', async () => {
    const items = [{ stockId: 1, sortId: 1, time: NOW }];
    const visitor = await t.call(Calls.saveFoots, { data: items });
    expect(visitor.body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    const unknown = await t.call(Calls.saveFoots, { data: items }, { session: 'nope', lang: 'en-US' });
    expect(unknown.body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: 'Please log in first' });
    expect(await allRows()).toEqual([]);
  });
});

describe('foot/get_all_foot', () => {
  it("returns all of the user's footprints, synced or not, newest first, and never another user's", async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await save(a, [
      { stockId: 1, sortId: 1, time: at('2026-11-18T03:00:00Z') },
      { stockId: 2, sortId: 2, time: at('2026-11-20T01:00:00Z') },
    ]);
    const unsynced = await insertUnsynced(a.user.id, 3, at('2026-11-19T05:00:00Z'), `${a.user.id}_3_2026-11-19`, 7);
    await save(b, [{ stockId: 4, sortId: 1, time: at('2026-11-20T01:30:00Z') }]);

    const { body } = await getAll(a);
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data!.map((f) => f.stockId)).toEqual([2, 3, 1]);
    expect(body.data![1]).toEqual({
      id: unsynced.id,
      isSyn: 0,
      sortId: 7,
      stockId: 3,
      time: at('2026-11-19T05:00:00Z'),
      userId: a.user.id,
      key: `${a.user.id}_3_2026-11-19`,
    });
    expect(body.data!.every((f) => f.userId === a.user.id)).toBe(true);
    expect(body.data!.filter((f) => f.isSyn === 1).map((f) => f.stockId)).toEqual([2, 1]);

    const other = await getAll(b);
    expect(other.body.data!.map((f) => f.stockId)).toEqual([4]);
  });

  it('answers an empty list for a user without footprints', async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await save(b, [{ stockId: 4, sortId: 1, time: NOW }]);
    expect((await getAll(a)).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: [] });
  });

  it('refuses bad common parameters with a localized mesg and changes nothing', async () => {
    const a = await t.buildUser();
    await save(a, [{ stockId: 4, sortId: 1, time: NOW }]);
    const before = await allRows();
    const { body } = await t.callRaw(Calls.getAllFoot, { platform: 9 }, { session: a.session, lang: 'en-US' });
    expectInvalid(body, 'Some input is invalid, please check and try again');
    expect(await allRows()).toEqual(before);
  });

  it('requires login', async () => {
    expect((await t.call(Calls.getAllFoot)).body).toMatchObject({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: '请先登录',
    });
  });
});

describe('foot/get_notsyn and foot/change_syn', () => {
  it('lists unsynced footprints as JSON text, newest first; after change_syn they are no longer listed', async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await save(a, [{ stockId: 1, sortId: 1, time: NOW - 100 }]); // uploaded: already held by the client
    const older = await insertUnsynced(a.user.id, 2, at('2026-11-18T10:00:00Z'), `${a.user.id}_2_2026-11-18`);
    const newer = await insertUnsynced(a.user.id, 3, at('2026-11-19T10:00:00Z'), `${a.user.id}_3_2026-11-19`);
    const others = await insertUnsynced(b.user.id, 2, at('2026-11-19T11:00:00Z'), `${b.user.id}_2_2026-11-19`);

    const first = await getNotSyn(a);
    expect(first.body.codeFlag).toBe(CodeFlag.ok);
    expect(typeof first.body.data!.footList).toBe('string');
    const list = JSON.parse(first.body.data!.footList) as TFootprint[];
    expect(list.map((f) => f.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toEqual({
      id: newer.id,
      isSyn: 0,
      sortId: 1,
      stockId: 3,
      time: at('2026-11-19T10:00:00Z'),
      userId: a.user.id,
      key: `${a.user.id}_3_2026-11-19`,
    });

    const changed = await changeSyn(a, [newer.id, older.id]);
    expect(changed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { changed: 2 } });
    expect((await getNotSyn(a)).body.data).toEqual({ footList: '[]' });
    expect((await getAll(a)).body.data!.every((f) => f.isSyn === 1)).toBe(true);
    // Marking again changes nothing further.
    expect((await changeSyn(a, [older.id])).body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { changed: 0 },
    });

    // The other user's unsynced record is untouched and only theirs to see.
    const theirs = JSON.parse((await getNotSyn(b)).body.data!.footList) as TFootprint[];
    expect(theirs.map((f) => f.id)).toEqual([others.id]);
  });

  it('answers an empty JSON list when everything is synced', async () => {
    const a = await t.buildUser();
    await save(a, [{ stockId: 1, sortId: 1, time: NOW }]);
    expect((await getNotSyn(a)).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: { footList: '[]' } });
  });

  it("refuses to mark another user's footprints, alone or mixed with one's own, and changes nothing", async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    const mine = await insertUnsynced(a.user.id, 1, NOW - 50, `${a.user.id}_1_2026-11-20`);
    const theirs = await insertUnsynced(b.user.id, 1, NOW - 50, `${b.user.id}_1_2026-11-20`);
    const before = await allRows();

    const alone = await changeSyn(a, [theirs.id], 'en-US');
    expect(alone.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: 'You are not allowed to do this' });
    const mixed = await changeSyn(a, [mine.id, theirs.id]);
    expect(mixed.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    expect(await allRows()).toEqual(before);
    expect(JSON.parse((await getNotSyn(a)).body.data!.footList)).toHaveLength(1);
    expect(JSON.parse((await getNotSyn(b)).body.data!.footList)).toHaveLength(1);
  });

  it('refuses malformed id lists with a localized mesg and changes nothing', async () => {
    const a = await t.buildUser();
    const row = await insertUnsynced(a.user.id, 1, NOW - 50, `${a.user.id}_1_2026-11-20`);
    const cases: [unknown, string][] = [
      ['not json', 'The data is not in the expected format'],
      ['5', FOOT_INVALID_EN],
      [{ id: row.id }, FOOT_INVALID_EN],
      [['a'], FOOT_INVALID_EN],
      [[row.id, -1], FOOT_INVALID_EN],
      [[1.5], FOOT_INVALID_EN],
      [Array.from({ length: MAX_FOOTPRINTS_PER_UPLOAD + 1 }, (_, i) => i + 1), FOOT_INVALID_EN],
    ];
    for (const [data, mesg] of cases) {
      const { body } = await changeSynRaw(a, data, 'en-US');
      expect(body.codeFlag, JSON.stringify(data)).toBe(CodeFlag.invalidInput);
      expect(body.mesg, JSON.stringify(data)).toBe(mesg);
    }
    expectInvalid((await t.callRaw(Calls.changeSyn, {}, { session: a.session })).body, FOOT_INVALID_ZH);
    expect(await allRows()).toEqual([row]);
  });

  it('require login', async () => {
    const a = await t.buildUser();
    const row = await insertUnsynced(a.user.id, 1, NOW - 50, `${a.user.id}_1_2026-11-20`);
    expect((await t.call(Calls.getNotSyn)).body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    const visitor = await t.call(Calls.changeSyn, { data: [row.id] });
    expect(visitor.body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    expect(await allRows()).toEqual([row]);
  });

  it('change_syn skips ids deleted since the client fetched them', async () => {
    const a = await t.buildUser();
    const [kept, gone] = await t.db
      .insert(footprints)
      .values([
        {
          userId: a.user.id,
          stockId: 31,
          sortId: 1,
          time: at('2026-11-20T01:00:00Z'),
          key: `${a.user.id}_31_2026-11-20`,
          isSyn: 0,
        },
        {
          userId: a.user.id,
          stockId: 32,
          sortId: 1,
          time: at('2026-11-20T01:00:00Z'),
          key: `${a.user.id}_32_2026-11-20`,
          isSyn: 0,
        },
      ])
      .returning();
    await delFoot(a, gone!.key);
    const { body } = await changeSyn(a, [kept!.id, gone!.id]);
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, data: { changed: 1 } });
    const [row] = await t.db.select().from(footprints).where(eq(footprints.id, kept!.id));
    expect(row?.isSyn).toBe(1);
  });

  it('get_notsyn refuses bad common parameters', async () => {
    const a = await t.buildUser();
    const { body } = await t.callRaw(Calls.getNotSyn, { lang: 'fr-FR' }, { session: a.session });
    expectInvalid(body, '输入有误，请检查后重试');
  });
});

describe('foot/del_foot', () => {
  async function seed(user: User) {
    await save(user, [
      { stockId: 1, sortId: 1, time: at('2026-11-19T15:59:59Z') },
      { stockId: 1, sortId: 1, time: at('2026-11-19T16:00:00Z') },
      { stockId: 2, sortId: 1, time: at('2026-11-20T01:00:00Z') },
    ]);
  }

  it('deletes footprints by a comma list of keys and leaves the rest', async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await seed(a);
    await seed(b);
    const id = a.user.id;
    const { body } = await delFoot(a, `${id}_1_2026-11-19, ${id}_2_2026-11-20,${id}_2_2026-11-20`);
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, data: { deleted: 2 } });
    expect((await getAll(a)).body.data!.map((f) => f.key)).toEqual([`${id}_1_2026-11-20`]);
    expect((await getAll(b)).body.data).toHaveLength(3);
    // A key of one's own that is already gone deletes nothing and is no error.
    expect((await delFoot(a, `${id}_1_2026-11-19`)).body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { deleted: 0 },
    });
  });

  it('refuses an empty or malformed key list with a localized mesg and deletes nothing', async () => {
    const a = await t.buildUser();
    await seed(a);
    const before = await allRows();
    const id = a.user.id;
    for (const key of [
      '',
      ' , ',
      'abc',
      `${id}_1`,
      `${id}_1_20261119`,
      `${id}_x_2026-11-19`,
      `${id}_1_2026-11-19,bad`,
    ]) {
      const { body } = await delFoot(a, key, 'en-US');
      expect(body.codeFlag, key).toBe(CodeFlag.invalidInput);
      expect(body.mesg, key).toBe(FOOT_INVALID_EN);
    }
    expectInvalid((await t.callRaw(Calls.delFoot, {}, { session: a.session })).body, FOOT_INVALID_ZH);
    expect(await allRows()).toEqual(before);
  });

  it("refuses another user's keys, alone or mixed with one's own, and deletes nothing for either user", async () => {
    const a = await t.buildUser();
    const b = await t.buildUser();
    await seed(a);
    await seed(b);
    const before = await allRows();
    const alone = await delFoot(a, `${b.user.id}_1_2026-11-19`);
    expect(alone.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    const mixed = await delFoot(a, `${a.user.id}_1_2026-11-19,${b.user.id}_2_2026-11-20`);
    expect(mixed.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await allRows()).toEqual(before);
  });

  it('requires login', async () => {
    const a = await t.buildUser();
    await seed(a);
    const before = await allRows();
    const { body } = await t.call(Calls.delFoot, { key: `${a.user.id}_1_2026-11-19` });
    expect(body).toMatchObject({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    expect(await allRows()).toEqual(before);
  });
});
