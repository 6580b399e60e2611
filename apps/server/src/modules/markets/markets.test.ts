import { type CallContract, Calls, CodeFlag } from '@metal/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { marketGroupSorts, marketGroups } from './markets.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  const operator = await t.buildOperator();
  const content = [
    'market,sort,date,low,high',
    'changjiang,13,2026-11-18,20880,20920',
    'changjiang,13,2026-11-19,20950,20990',
    'changjiang,13,2026-11-20,20900,20960',
    'smm,13,2026-11-20,20910,20970',
    'changjiang,12,2026-11-20,86000,86100',
    'lme,40,2026-11-20,2650.50,2650.50',
    'foshan,22,2026-11-20,21000,21100',
  ].join('\n');
  const imported = await t.call(Calls.importPrices, { format: 'csv', content }, { session: operator.session });
  expect(imported.body.codeFlag).toBe(CodeFlag.ok);
});
afterAll(() => t.close());

const groups = (session?: string, lang?: string) =>
  t.call(Calls.marketGroups, {}, { ...(session ? { session } : {}), ...(lang ? { lang } : {}) });
const groupRows = async () => t.db.select().from(marketGroups);
const memberRows = async () => t.db.select().from(marketGroupSorts);

describe('market/groups and market/sorts', () => {
  it("gives visitors the default 'my quotes' group of sorts 13, 12, 78, 77, 40 in their language", async () => {
    const zh = await groups();
    expect(zh.body.data).toEqual([
      expect.objectContaining({ id: 0, name: '我的行情', marketSortIds: [13, 12, 78, 77, 40] }),
    ]);
    expect(zh.body.data?.[0]?.sortList[0]).toEqual({
      id: 13,
      sortName: 'A00铝',
      sortUnit: '元/吨',
      metal: 'aluminium',
      physical: true,
    });
    const en = await groups(undefined, 'en-US');
    expect(en.body.data?.[0]).toMatchObject({
      name: 'My quotes',
      sortList: expect.arrayContaining([expect.objectContaining({ id: 40, sortUnit: 'USD/t' })]),
    });
  });

  it('lists every sort with its series for the pickers', async () => {
    const { body } = await t.call(Calls.marketSorts);
    expect(body.data?.find((s) => s.id === 13)?.series.map((s) => s.marketName)).toEqual([
      '长江现货',
      '上海有色',
      '南储华南',
    ]);
    expect(body.data).toHaveLength(11);
  });

  it('marks the futures series (SHFE and LME) as quotes only, so pickers offer physical products alone', async () => {
    const { body } = await t.call(Calls.marketSorts);
    expect(body.data?.filter((s) => !s.physical).map((s) => s.id)).toEqual([78, 77, 40, 41]);
    expect(body.data?.filter((s) => s.physical).map((s) => s.id)).toEqual([13, 12, 21, 22, 23, 24, 25]);
  });
});

describe('editing groups', () => {
  it("keeps 'my quotes' when a user first creates a group, and answers groups in order", async () => {
    const user = await t.buildUser();
    const created = await t.call(Calls.groupCreate, { name: '铝系', sortIds: [13, 22, 13] }, { session: user.session });
    expect(created.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { name: '铝系', marketSortIds: [13, 22] } });
    const list = await groups(user.session);
    expect(list.body.data?.map((g) => [g.name, g.marketSortIds])).toEqual([
      ['我的行情', [13, 12, 78, 77, 40]],
      ['铝系', [13, 22]],
    ]);
  });

  it("saves the default group as the user's own with id 0, then renames, reorders sorts, and deletes", async () => {
    const user = await t.buildUser();
    const saved = await t.call(Calls.groupUpdate, { id: 0, sortIds: [40, 13] }, { session: user.session });
    expect(saved.body.data).toMatchObject({ name: '我的行情', marketSortIds: [40, 13] });
    const id = saved.body.data!.id;
    expect(id).toBeGreaterThan(0);
    const renamed = await t.call(
      Calls.groupUpdate,
      { id, name: '关注', sortIds: [13, 40, 12] },
      { session: user.session },
    );
    expect(renamed.body.data).toMatchObject({ id, name: '关注', marketSortIds: [13, 40, 12] });
    const second = await t.call(Calls.groupCreate, { name: '铜', sortIds: [12] }, { session: user.session });
    const ordered = await t.call(Calls.groupOrder, { ids: [second.body.data!.id, id] }, { session: user.session });
    expect(ordered.body.data?.map((g) => g.name)).toEqual(['铜', '关注']);
    expect((await t.call(Calls.groupDelete, { id }, { session: user.session })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await groups(user.session)).body.data?.map((g) => g.name)).toEqual(['铜']);
    expect((await t.call(Calls.groupUpdate, { id: 0, name: 'x' }, { session: user.session })).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
  });

  it('refuses bad names, unknown sorts, duplicates and too many groups, writing nothing', async () => {
    const user = await t.buildUser();
    await t.call(Calls.groupCreate, { name: '铝', sortIds: [13] }, { session: user.session });
    const before = [await groupRows(), await memberRows()];
    const cases: [CallContract, Record<string, unknown>, number, string][] = [
      [Calls.groupCreate, { name: '', sortIds: [13] }, CodeFlag.invalidInput, '分组名称为1-10个字'],
      [
        Calls.groupCreate,
        { name: '一二三四五六七八九十十', sortIds: [13] },
        CodeFlag.invalidInput,
        '分组名称为1-10个字',
      ],
      [Calls.groupCreate, { name: '新', sortIds: [13, 999] }, CodeFlag.invalidInput, '请选择有效的品种'],
      [Calls.groupCreate, { name: '新', sortIds: 'abc' }, CodeFlag.invalidInput, '数据格式不正确'],
      [
        Calls.groupCreate,
        { name: '新', sortIds: Array.from({ length: 31 }, () => 13) },
        CodeFlag.invalidInput,
        '一个分组最多30个品种',
      ],
      [Calls.groupCreate, { name: '铝', sortIds: [12] }, CodeFlag.conflict, '分组名称已存在'],
    ];
    for (const [contract, fields, codeFlag, mesg] of cases) {
      expect((await t.callRaw(contract, fields, { session: user.session })).body, JSON.stringify(fields)).toMatchObject(
        {
          codeFlag,
          mesg,
        },
      );
    }
    expect([await groupRows(), await memberRows()]).toEqual(before);

    for (let i = 0; i < 8; i++)
      await t.call(Calls.groupCreate, { name: `组${i}`, sortIds: [13] }, { session: user.session });
    expect((await groups(user.session)).body.data).toHaveLength(10);
    const over = await t.call(Calls.groupCreate, { name: '多', sortIds: [13] }, { session: user.session });
    expect(over.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '最多创建10个分组' });
  });

  it("refuses another user's group (codeFlag 3) and visitors (codeFlag 1), changing nothing", async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const group = (await t.call(Calls.groupCreate, { name: '私有', sortIds: [13] }, { session: owner.session })).body
      .data!;
    const before = [await groupRows(), await memberRows()];
    const asOther = { session: other.session };
    for (const [contract, attempt] of [
      [Calls.groupUpdate, () => t.call(Calls.groupUpdate, { id: group.id, name: '偷改' }, asOther)],
      [Calls.groupDelete, () => t.call(Calls.groupDelete, { id: group.id }, asOther)],
      [Calls.groupOrder, () => t.call(Calls.groupOrder, { ids: [group.id] }, asOther)],
      [Calls.quotes, () => t.call(Calls.quotes, { groupId: group.id }, asOther)],
    ] as const) {
      expect((await attempt()).body.codeFlag, contract.path).toBe(CodeFlag.forbidden);
    }
    for (const contract of [Calls.groupUpdate, Calls.groupDelete, Calls.groupCreate, Calls.groupOrder]) {
      expect(
        (await t.callRaw(contract, { id: group.id, name: 'x', sortIds: [13], ids: [group.id] })).body.codeFlag,
        contract.path,
      ).toBe(CodeFlag.notLoggedIn);
    }
    expect([await groupRows(), await memberRows()]).toEqual(before);
  });

  it('makes one default group when a first edit arrives twice at once', async () => {
    const user = await t.buildUser();
    await Promise.all([
      t.call(Calls.groupCreate, { name: 'A', sortIds: [13] }, { session: user.session }),
      t.call(Calls.groupCreate, { name: 'B', sortIds: [12] }, { session: user.session }),
    ]);
    expect((await groups(user.session)).body.data?.map((g) => g.name).sort()).toEqual(['A', 'B', '我的行情']);
  });
});

describe('market/quotes and market/detail', () => {
  it("answers the latest row of every series of the group's sorts, with exact prices and changes", async () => {
    const { body } = await t.call(Calls.quotes, {});
    expect(body.data?.map((r) => [r.alias, r.price, r.upDown, r.date])).toEqual([
      ['长江A00铝', '20930', '-40', '2026-11-20'],
      ['SMM A00铝', '20940', null, '2026-11-20'],
      ['长江1#电解铜', '86050', null, '2026-11-20'],
      ['LME铝3M', '2650.50', null, '2026-11-20'],
    ]);
    expect(body.data?.[0]).toMatchObject({
      range: '20900-20960',
      lastUpDown: '70',
      sortUnit: '元/吨',
      currency: 'CNY',
      isDemo: false,
      homeDate: '11-20',
    });
    const chosen = await t.call(Calls.quotes, { sortIds: [22] }, { lang: 'en-US' });
    expect(chosen.body.data?.map((r) => [r.alias, r.marketName])).toEqual([['Foshan ADC12', 'Foshan']]);
  });

  it("answers a user's own group, and refuses a bad group id", async () => {
    const user = await t.buildUser();
    const group = (await t.call(Calls.groupCreate, { name: '铜', sortIds: [12] }, { session: user.session })).body
      .data!;
    const rows = await t.call(Calls.quotes, { groupId: group.id }, { session: user.session });
    expect(rows.body.data?.map((r) => r.sortId)).toEqual([12]);
    expect((await t.call(Calls.quotes, { groupId: -1 })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await t.call(Calls.quotes, { groupId: 99_999 })).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('answers a series with chart points for the period and its rows, newest first', async () => {
    const { body } = await t.call(Calls.marketDetail, { aliasId: 1, period: '7d' });
    expect(body.data?.latest).toMatchObject({ price: '20930', date: '2026-11-20' });
    expect(body.data?.points).toEqual([
      { date: '2026-11-18', price: '20900' },
      { date: '2026-11-19', price: '20970' },
      { date: '2026-11-20', price: '20930' },
    ]);
    expect(body.data?.rows.map((r) => r.date)).toEqual(['2026-11-20', '2026-11-19', '2026-11-18']);
    const empty = await t.call(Calls.marketDetail, { aliasId: 3 });
    expect(empty.body.data).toEqual({ latest: null, points: [], rows: [] });
    expect((await t.callRaw(Calls.marketDetail, { aliasId: 1, period: '2y' })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    expect((await t.call(Calls.marketDetail, { aliasId: 999 })).body.codeFlag).toBe(CodeFlag.notFound);
  });
});
