import { type CallRequest, Calls, CodeFlag, MAX_CHECK_PRICE_ITEMS } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { series } from '../markets/markets.table';
import { checkPriceItems, checkPrices } from './check-prices.table';

let t: TestApp;
let changjiangAl: number;
let smmAl: number;
let lmeAl: number;
beforeAll(async () => {
  t = await buildTestApp();
  const operator = await t.buildOperator();
  const content = [
    'market,sort,date,low,high',
    'changjiang,13,2026-11-19,20950,20990',
    'changjiang,13,2026-11-20,20900,20960',
    'lme,40,2026-11-20,2650.50,2650.50',
  ].join('\n');
  const imported = await t.call(Calls.importPrices, { format: 'csv', content }, { session: operator.session });
  expect(imported.body.codeFlag).toBe(CodeFlag.ok);
  const all = await t.db.select().from(series);
  changjiangAl = all.find((s) => s.name === '长江A00铝')!.id;
  smmAl = all.find((s) => s.name === 'SMM A00铝')!.id;
  lmeAl = all.find((s) => s.name === 'LME铝3M')!.id;
});
afterAll(() => t.close());

type Session = { session: string };
type Item = { specification: unknown; seriesId: unknown; premium: unknown };
const add = (who: Session, items: CallRequest<typeof Calls.checkPriceAdd>['items'], lang?: string) =>
  t.call(Calls.checkPriceAdd, { items }, { session: who.session, ...(lang ? { lang } : {}) });
const addRaw = (who: Session, items: Item[] | string, lang?: string) =>
  t.callRaw(Calls.checkPriceAdd, { items }, { session: who.session, ...(lang ? { lang } : {}) });
const list = (fields: Record<string, unknown> = {}, who?: Session) =>
  t.call(Calls.checkPriceList, fields, who ? { session: who.session } : {});
const mine = (who: Session, fields: Record<string, unknown> = {}) =>
  t.call(Calls.checkPriceMine, fields, { session: who.session });
const detail = (id: number, who?: Session) =>
  t.call(Calls.checkPriceDetail, { id }, who ? { session: who.session } : {});
const remove = (who: Session, id: number, lang?: string) =>
  t.call(Calls.checkPriceDelete, { id }, { session: who.session, ...(lang ? { lang } : {}) });
const rowCount = async () => (await t.db.select().from(checkPrices)).length;

describe('check_price/bases', () => {
  it('offers yuan series only, with their latest quote', async () => {
    const { body } = await t.call(Calls.checkPriceBases);
    const bases = body.data!;
    expect(bases.find((b) => b.seriesId === changjiangAl)).toEqual({
      seriesId: changjiangAl,
      name: '长江A00铝',
      priceCents: 2093000,
      date: '2026-11-20',
    });
    expect(bases.find((b) => b.seriesId === smmAl)).toMatchObject({ priceCents: null, date: null });
    expect(bases.some((b) => b.seriesId === lmeAl)).toBe(false);
    expect(bases.some((b) => b.name === '佛山6063铝棒加工费')).toBe(false);
    const en = await t.call(Calls.checkPriceBases, {}, { lang: 'en-US' });
    expect(en.body.data!.find((b) => b.seriesId === changjiangAl)?.name).not.toMatch(/\p{Script=Han}/u);
  });
});

describe('check_price/add', () => {
  it('stores a quote of base plus premium and prices it at the base series’ latest quote', async () => {
    const supplier = await t.buildUser({ nickName: 'Supplier A' });
    const { body } = await add(supplier, [
      { specification: '6063-T5 Φ50', seriesId: changjiangAl, premium: '350' },
      { specification: 'ADC12', seriesId: changjiangAl, premium: '-120.50' },
      { specification: 'A00 ingot', seriesId: smmAl, premium: 0 },
    ]);
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data).toMatchObject({ userId: supplier.user.id, nickName: 'Supplier A', mine: true });
    expect(
      body.data!.items.map((i) => [i.specification, i.seriesName, i.premiumCents, i.basePriceCents, i.priceCents]),
    ).toEqual([
      ['6063-T5 Φ50', '长江A00铝', 35000, 2093000, 2128000],
      ['ADC12', '长江A00铝', -12050, 2093000, 2080950],
      ['A00 ingot', 'SMM A00铝', 0, null, null],
    ]);
    const stored = await t.db.select().from(checkPriceItems).where(eq(checkPriceItems.checkPriceId, body.data!.id));
    expect(stored.map((r) => r.position)).toEqual([0, 1, 2]);
  });

  it('accepts exactly 7 entries and refuses 8 in the caller’s language, writing nothing', async () => {
    const user = await t.buildUser();
    const entry = { specification: '1060', seriesId: changjiangAl, premium: '100' };
    const seven = await add(
      user,
      Array.from({ length: MAX_CHECK_PRICE_ITEMS }, () => entry),
    );
    expect(seven.body.data?.items).toHaveLength(7);
    const before = await rowCount();
    const eight = await add(
      user,
      Array.from({ length: MAX_CHECK_PRICE_ITEMS + 1 }, () => entry),
    );
    expect(eight.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '每次最多提交7条' });
    const eightEn = await add(
      user,
      Array.from({ length: 8 }, () => entry),
      'en-US',
    );
    expect(eightEn.body.mesg).toBe('At most 7 entries per submission');
    expect(await rowCount()).toBe(before);
  });

  it.each([
    [[], '请至少填写一条规格和价格', 'Enter at least one specification with its price'],
    [
      [{ specification: '6063铝棒', seriesId: 1, premium: '1' }],
      '规格不能包含中文',
      'The specification must not contain Chinese characters',
    ],
    [[{ specification: '  ', seriesId: 1, premium: '1' }], '请填写规格', 'Please enter the specification'],
    [[{ specification: '6063', seriesId: 1, premium: 'abc' }], '请输入数字', 'Please enter numbers'],
    [[{ specification: '6063', seriesId: 1, premium: '' }], '请输入数字', 'Please enter numbers'],
    [[{ specification: '6063', seriesId: 1, premium: '1.234' }], '请输入数字', 'Please enter numbers'],
    [[{ specification: '6063', seriesId: '', premium: '1' }], '请选择基准价', 'Please choose a base price'],
  ])('refuses %j with a localized message and writes nothing', async (items, zh, en) => {
    const user = await t.buildUser();
    const before = await rowCount();
    const inZh = await addRaw(user, items as Item[]);
    expect(inZh.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: zh });
    const inEn = await addRaw(user, items as Item[], 'en-US');
    expect(inEn.body.mesg).toBe(en);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a dollar series, a processing fee or an unknown series as the base, writing nothing', async () => {
    const user = await t.buildUser();
    const before = await rowCount();
    const lme = await add(user, [
      { specification: '6063', seriesId: changjiangAl, premium: '1' },
      { specification: '1060', seriesId: lmeAl, premium: '1' },
    ]);
    expect(lme.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '第2条的基准价不可用' });
    const unknown = await add(user, [{ specification: '6063', seriesId: 999999, premium: '1' }], 'en-US');
    expect(unknown.body.mesg).toBe('The base price of entry 1 is not available');
    const [fee] = await t.db.select().from(series).where(eq(series.name, '佛山6063铝棒加工费'));
    const onFee = await add(user, [{ specification: '6063', seriesId: fee!.id, premium: '1' }]);
    expect(onFee.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '第1条的基准价不可用' });
    expect(await rowCount()).toBe(before);
  });

  it('refuses malformed JSON and visitors', async () => {
    const user = await t.buildUser();
    expect((await addRaw(user, '[{')).body.codeFlag).toBe(CodeFlag.invalidInput);
    const visitor = await t.call(Calls.checkPriceAdd, {
      items: [{ specification: '6063', seriesId: changjiangAl, premium: '1' }],
    });
    expect(visitor.body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('check_price/list, mine and detail', () => {
  it('lists everyone’s quotes newest first, page by page, filtered by specification', async () => {
    const author = await t.buildUser();
    const other = await t.buildUser();
    const first = (await add(author, [{ specification: 'ZZ-first-7075', seriesId: changjiangAl, premium: '1' }])).body
      .data!;
    await t.clock.advance(1000);
    const second = (await add(other, [{ specification: 'ZZ-second-7075', seriesId: changjiangAl, premium: '2' }])).body
      .data!;
    const page1 = (await list({ pageSize: 1 }, author)).body.data!;
    expect(page1).toMatchObject({ page: 1, hasMore: true });
    expect(page1.list.map((c) => [c.id, c.mine])).toEqual([[second.id, false]]);
    const found = (await list({ keyword: 'zz-%-7075' })).body.data!;
    expect(found.list).toEqual([]);
    const matched = (await list({ keyword: 'zz-first' })).body.data!;
    expect(matched.list.map((c) => c.id)).toEqual([first.id]);
    expect(matched.list[0]?.mine).toBe(false);
  });

  it('shows one’s own quotes in me_check_price and refuses visitors', async () => {
    const author = await t.buildUser();
    const other = await t.buildUser();
    const a = (await add(author, [{ specification: '5052', seriesId: changjiangAl, premium: '1' }])).body.data!;
    await add(other, [{ specification: '5083', seriesId: changjiangAl, premium: '1' }]);
    const own = (await mine(author)).body.data!;
    expect(own).toMatchObject({ page: 1, hasMore: false });
    expect(own.list.map((c) => c.id)).toEqual([a.id]);
    expect((await t.call(Calls.checkPriceMine)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('shows a quote to anyone and answers codeFlag 4 for an unknown one', async () => {
    const author = await t.buildUser();
    const made = (await add(author, [{ specification: '3003', seriesId: changjiangAl, premium: '50' }])).body.data!;
    const seen = (await detail(made.id)).body.data!;
    expect(seen).toMatchObject({ id: made.id, mine: false, items: [expect.objectContaining({ priceCents: 2098000 })] });
    expect((await detail(made.id, author)).body.data?.mine).toBe(true);
    expect((await detail(987654)).body).toMatchObject({ codeFlag: CodeFlag.notFound, mesg: '内容不存在或已删除' });
    expect((await t.call(Calls.checkPriceDetail, { id: 'x' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('check_price/delete', () => {
  it('lets the author withdraw a quote, which leaves every list', async () => {
    const author = await t.buildUser();
    const made = (await add(author, [{ specification: 'DEL-6061', seriesId: changjiangAl, premium: '1' }])).body.data!;
    expect((await remove(author, made.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await detail(made.id)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await list({ keyword: 'DEL-6061' })).body.data?.list).toEqual([]);
    expect((await mine(author)).body.data?.list).toEqual([]);
    expect((await remove(author, made.id)).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('refuses another user’s quote in their language and changes nothing', async () => {
    const author = await t.buildUser();
    const stranger = await t.buildUser();
    const made = (await add(author, [{ specification: '2024', seriesId: changjiangAl, premium: '1' }])).body.data!;
    const zh = await remove(stranger, made.id);
    expect(zh.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    expect((await remove(stranger, made.id, 'en-US')).body.mesg).toBe('You are not allowed to do this');
    const [row] = await t.db.select().from(checkPrices).where(eq(checkPrices.id, made.id));
    expect(row?.deletedAt).toBeNull();
    expect((await detail(made.id)).body.codeFlag).toBe(CodeFlag.ok);
  });
});
