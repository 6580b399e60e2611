import { type CallRequest, Calls, CodeFlag, STOCK_BATCH_MAX } from '@metal/shared';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { stocks } from '../stocks/stocks.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Seller = Awaited<ReturnType<TestApp['buildUser']>>;

/** A supplier with a company (the owner). */
async function buildSeller(name?: string) {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id, name ? { name } : {});
  return owner;
}

/** An employee of the owner's company, with a role holding every permission. */
const buildEmployee = (owner: Seller) => t.buildEmployee(owner);

const rowsOf = (ids: number[]) => t.db.select().from(stocks).where(inArray(stocks.id, ids)).orderBy(asc(stocks.id));
const statusesOf = async (ids: number[]) => (await rowsOf(ids)).map((row) => row.status);

const mine = (seller: { session: string }, fields: Record<string, unknown> = {}, lang?: string) =>
  t.call(Calls.stockMine, fields, { session: seller.session, ...(lang ? { lang } : {}) });
const batchStatus = (
  seller: { session: string },
  ids: CallRequest<typeof Calls.stockBatchStatus>['ids'],
  status: CallRequest<typeof Calls.stockBatchStatus>['status'],
  lang?: string,
) => t.call(Calls.stockBatchStatus, { ids, status }, { session: seller.session, ...(lang ? { lang } : {}) });
const batchStatusRaw = (seller: { session: string }, ids: unknown, status: string, lang?: string) =>
  t.callRaw(Calls.stockBatchStatus, { ids, status }, { session: seller.session, ...(lang ? { lang } : {}) });
const batchEdit = (seller: { session: string }, fields: CallRequest<typeof Calls.stockBatchEdit>, lang?: string) =>
  t.call(Calls.stockBatchEdit, fields, { session: seller.session, ...(lang ? { lang } : {}) });
const batchEditRaw = (seller: { session: string }, fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.stockBatchEdit, fields, { session: seller.session, ...(lang ? { lang } : {}) });
const sameAttr = (seller: { session: string }, fields: CallRequest<typeof Calls.stockSameAttr>, lang?: string) =>
  t.call(Calls.stockSameAttr, fields, { session: seller.session, ...(lang ? { lang } : {}) });
const sameAttrRaw = (seller: { session: string }, fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.stockSameAttr, fields, { session: seller.session, ...(lang ? { lang } : {}) });

function expectRefused(body: { codeFlag: number; mesg: string }, codeFlag: number, mesg: string) {
  expect(body.codeFlag).toBe(codeFlag);
  expect(body.mesg).toBe(mesg);
}

describe('stock/mine', () => {
  it("lists one status tab of the caller company's listings, newest first, with every tab's count and never deleted ones", async () => {
    const seller = await buildSeller();
    const other = await buildSeller();
    const older = await t.buildStock(seller.user.id, { productName: '铝锭甲' });
    t.clock.advance(60);
    const newer = await t.buildStock(seller.user.id, { productName: '铝锭乙', refreshedAt: t.clock.now() });
    await t.buildStock(seller.user.id, { status: 'review', publishedAt: null });
    const rejected = await t.buildStock(seller.user.id, {
      status: 'rejected',
      reason: '图片与品类不符',
      publishedAt: null,
    });
    await t.buildStock(seller.user.id, { status: 'offline' });
    await t.buildStock(seller.user.id, { status: 'deleted' });
    await t.buildStock(other.user.id);

    const { body } = await mine(seller);
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data!.list.map((row) => row.id)).toEqual([newer.id, older.id]);
    expect(body.data!.counts).toEqual({
      sale: 2,
      review: 1,
      rejected: 1,
      offline: 1,
      soldOut: 0,
      onTheWay: 0,
      expired: 0,
    });
    expect(body.data).toMatchObject({ page: 1, hasMore: false, total: 2 });
    expect(body.data!.list[0]).toMatchObject({
      productName: '铝锭乙',
      status: 'sale',
      sortName: 'A00铝',
      everPublished: true,
      reason: '',
      price: { type: 'fixed', unitPriceFen: 2_050_000 },
    });

    const every = await mine(seller, { status: 'all' });
    expect(every.body.data!.total).toBe(5);

    const rejectedTab = await mine(seller, { status: 'rejected' });
    expect(rejectedTab.body.data!.list).toEqual([
      expect.objectContaining({ id: rejected.id, reason: '图片与品类不符', everPublished: false }),
    ]);
  });

  it("shows an employee the company's listings and another company none of them", async () => {
    const seller = await buildSeller();
    const employee = await buildEmployee(seller);
    const stock = await t.buildStock(seller.user.id);
    const stranger = await buildSeller();

    expect((await mine(employee)).body.data!.list.map((row) => row.id)).toEqual([stock.id]);
    const theirs = await mine(stranger);
    expect(theirs.body.data!.list).toEqual([]);
    expect(theirs.body.data!.counts.sale).toBe(0);
  });

  it('filters by category, by posting days in Shanghai (both ends included) and by a one- or two-character keyword', async () => {
    const seller = await buildSeller();
    // 2026-11-18 23:30 and 2026-11-19 00:30 in Shanghai.
    const late18 = await t.buildStock(seller.user.id, {
      productName: '铝棒',
      createdAt: new Date('2026-11-18T15:30:00Z'),
    });
    const early19 = await t.buildStock(seller.user.id, {
      sortId: 12,
      productName: '铜杆',
      createdAt: new Date('2026-11-18T16:30:00Z'),
    });
    const on20 = await t.buildStock(seller.user.id, {
      productName: '铝锭',
      createdAt: new Date('2026-11-20T01:00:00Z'),
    });

    const ids = async (fields: Record<string, unknown>) =>
      (await mine(seller, fields)).body.data!.list.map((r) => r.id);
    expect(await ids({ sortId: 12 })).toEqual([early19.id]);
    expect(await ids({ sortId: 13 })).toEqual(expect.arrayContaining([late18.id, on20.id]));
    expect(await ids({ startDate: '2026-11-19', endDate: '2026-11-19' })).toEqual([early19.id]);
    expect((await ids({ startDate: '2026-11-18', endDate: '2026-11-19' })).sort()).toEqual(
      [late18.id, early19.id].sort(),
    );
    expect(await ids({ startDate: '2026-11-20' })).toEqual([on20.id]);
    expect(await ids({ endDate: '2026-11-18' })).toEqual([late18.id]);
    expect(await ids({ keyword: '铜' })).toEqual([early19.id]);
    expect(await ids({ keyword: '铝棒' })).toEqual([late18.id]);
    expect(await ids({ keyword: '铝棒', sortId: 12 })).toEqual([]);
  });

  it('pages through a tab', async () => {
    const seller = await buildSeller();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1);
      await t.buildStock(seller.user.id, { refreshedAt: t.clock.now() });
    }
    const first = await mine(seller, { page: 1, pageSize: 2 });
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true, total: 3 });
    expect(first.body.data!.list).toHaveLength(2);
    const second = await mine(seller, { page: 2, pageSize: 2 });
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.data!.list).toHaveLength(1);
  });

  it('refuses a start date after the end date, a day that does not exist and an unknown tab, with localized messages', async () => {
    const seller = await buildSeller();
    const range = await mine(seller, { startDate: '2026-11-20', endDate: '2026-11-19' });
    expectRefused(range.body, CodeFlag.invalidInput, '开始日期不能晚于结束日期');
    expect(range.body.errors).toEqual({ endDate: '开始日期不能晚于结束日期' });
    const english = await mine(seller, { startDate: '2026-11-20', endDate: '2026-11-19' }, 'en-US');
    expectRefused(english.body, CodeFlag.invalidInput, 'The start date must come before the end date');
    expectRefused((await mine(seller, { startDate: '2026-02-30' })).body, CodeFlag.invalidInput, '日期格式不正确');
    expectRefused(
      (await mine(seller, { endDate: '20261120' }, 'en-US')).body,
      CodeFlag.invalidInput,
      'The date is not valid',
    );
    expectRefused((await mine(seller, { status: 'deleted' })).body, CodeFlag.invalidInput, '输入有误，请检查后重试');
    expectRefused((await mine(seller, { keyword: '铝'.repeat(51) })).body, CodeFlag.invalidInput, '内容过长');
  });

  it('requires login', async () => {
    expectRefused((await t.call(Calls.stockMine)).body, CodeFlag.notLoggedIn, '请先登录');
  });
});

describe('stock/mine_sorts', () => {
  it("names the caller company's categories with listings, most first, without deleted ones or another company's", async () => {
    const seller = await buildSeller();
    const other = await buildSeller();
    await t.buildStock(seller.user.id, { sortId: 12 });
    await t.buildStock(seller.user.id, { sortId: 13 });
    await t.buildStock(seller.user.id, { sortId: 13, status: 'offline' });
    await t.buildStock(seller.user.id, { sortId: 25, status: 'deleted' });
    await t.buildStock(other.user.id, { sortId: 22 });
    const { body } = await t.call(Calls.stockMineSorts, {}, { session: seller.session, lang: 'en-US' });
    expect(body.data).toEqual([
      { sortId: 13, sortName: 'A00 aluminium', count: 2 },
      { sortId: 12, sortName: '1# electrolytic copper', count: 1 },
    ]);
  });
});

describe('stock/batch_status', () => {
  it('takes listings offline, sold out and on the way, and back on sale, refreshing them', async () => {
    const seller = await buildSeller();
    const a = await t.buildStock(seller.user.id);
    const b = await t.buildStock(seller.user.id);
    const expired = await t.buildStock(seller.user.id, {
      status: 'expired',
      refreshedAt: new Date('2026-10-01T00:00:00Z'),
    });
    const ids = [a.id, b.id];

    expect((await batchStatus(seller, ids, 'offline')).body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { ids, changed: 2 },
    });
    expect(await statusesOf(ids)).toEqual(['offline', 'offline']);
    expect((await batchStatus(seller, ids, 'soldOut')).body.codeFlag).toBe(CodeFlag.ok);
    expect(await statusesOf(ids)).toEqual(['soldOut', 'soldOut']);
    expect((await batchStatus(seller, ids, 'onTheWay')).body.codeFlag).toBe(CodeFlag.ok);
    expect(await statusesOf(ids)).toEqual(['onTheWay', 'onTheWay']);

    t.clock.advance(3600);
    const { body } = await batchStatus(seller, [...ids, expired.id], 'sale');
    expect(body).toMatchObject({ codeFlag: CodeFlag.ok, data: { changed: 3 } });
    const rows = await rowsOf([...ids, expired.id]);
    expect(rows.map((row) => row.status)).toEqual(['sale', 'sale', 'sale']);
    expect(rows.every((row) => row.refreshedAt.getTime() === t.clock.now().getTime())).toBe(true);
  });

  it('lets an employee act for the company', async () => {
    const seller = await buildSeller();
    const employee = await buildEmployee(seller);
    const stock = await t.buildStock(seller.user.id);
    expect((await batchStatus(employee, [stock.id], 'offline')).body.codeFlag).toBe(CodeFlag.ok);
    expect(await statusesOf([stock.id])).toEqual(['offline']);
  });

  it('puts nothing back on sale when one listing was never on sale (in review, rejected, or never published)', async () => {
    const seller = await buildSeller();
    const offline = await t.buildStock(seller.user.id, { status: 'offline' });
    const review = await t.buildStock(seller.user.id, { status: 'review', publishedAt: null });
    const rejected = await t.buildStock(seller.user.id, { status: 'rejected', publishedAt: null, reason: '不符' });
    const neverPublished = await t.buildStock(seller.user.id, { status: 'offline', publishedAt: null });
    for (const wrong of [review, rejected, neverPublished]) {
      const { body } = await batchStatus(seller, [offline.id, wrong.id], 'sale', 'en-US');
      expectRefused(
        body,
        CodeFlag.conflict,
        'Only listings that were on sale before and are now offline, sold out, on the way or expired can go back on sale',
      );
      expect(body.data).toEqual({ ids: [wrong.id] });
    }
    const zh = await batchStatus(seller, [offline.id, review.id], 'sale');
    expect(zh.body.mesg).toBe('只有上架过的已下架、已售罄、在途或已过期库存可以重新上架');
    expect(await statusesOf([offline.id, review.id, rejected.id, neverPublished.id])).toEqual([
      'offline',
      'review',
      'rejected',
      'offline',
    ]);
  });

  it('refuses each move from a state it cannot come from, changing nothing', async () => {
    const seller = await buildSeller();
    const sale = await t.buildStock(seller.user.id);
    const review = await t.buildStock(seller.user.id, { status: 'review', publishedAt: null });
    const offline = await t.buildStock(seller.user.id, { status: 'offline' });
    const soldOut = await t.buildStock(seller.user.id, { status: 'soldOut' });
    const onTheWay = await t.buildStock(seller.user.id, { status: 'onTheWay' });
    const cases: [number[], CallRequest<typeof Calls.stockBatchStatus>['status'], string][] = [
      [[sale.id], 'sale', '只有上架过的已下架、已售罄、在途或已过期库存可以重新上架'],
      [[sale.id, offline.id], 'offline', '只有在售、已售罄、在途或已过期的库存可以下架'],
      [[sale.id, review.id], 'offline', '只有在售、已售罄、在途或已过期的库存可以下架'],
      [[sale.id, soldOut.id], 'soldOut', '只有在售、已下架、在途或已过期的库存可以标为售罄'],
      [[sale.id, onTheWay.id], 'onTheWay', '只有在售、已下架、已售罄或已过期的库存可以标为在途'],
    ];
    const all = [sale.id, review.id, offline.id, soldOut.id, onTheWay.id];
    const before = await rowsOf(all);
    for (const [ids, status, mesg] of cases) {
      expectRefused((await batchStatus(seller, ids, status)).body, CodeFlag.conflict, mesg);
    }
    expect(await rowsOf(all)).toEqual(before);
  });

  it('deletes listings of any status; deleted ones are no longer listed and cannot be acted on again', async () => {
    const seller = await buildSeller();
    const listings = await Promise.all(
      (['review', 'sale', 'rejected', 'soldOut', 'offline', 'onTheWay', 'expired'] as const).map((status) =>
        t.buildStock(seller.user.id, { status }),
      ),
    );
    const ids = listings.map((row) => row.id);
    expect((await batchStatus(seller, ids, 'deleted')).body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { changed: 7 },
    });
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['deleted']));
    const page = await mine(seller);
    expect(Object.values(page.body.data!.counts).every((n) => n === 0)).toBe(true);
    expectRefused((await batchStatus(seller, [ids[0]!], 'deleted')).body, CodeFlag.notFound, '内容不存在或已删除');
  });

  it("refuses the whole batch when one listing is another company's, or unknown, and changes nothing for either company", async () => {
    const seller = await buildSeller();
    const other = await buildSeller();
    const mineA = await t.buildStock(seller.user.id);
    const mineB = await t.buildStock(seller.user.id);
    const theirs = await t.buildStock(other.user.id);
    const before = await rowsOf([mineA.id, mineB.id, theirs.id]);

    for (const status of ['offline', 'soldOut', 'deleted'] as const) {
      const mixed = await batchStatus(seller, [mineA.id, theirs.id, mineB.id], status, 'en-US');
      expectRefused(mixed.body, CodeFlag.forbidden, 'You are not allowed to do this');
    }
    expectRefused((await batchStatus(seller, [theirs.id], 'offline')).body, CodeFlag.forbidden, '无权进行此操作');
    expectRefused(
      (await batchStatus(seller, [mineA.id, 999_999_999], 'offline')).body,
      CodeFlag.notFound,
      '内容不存在或已删除',
    );
    expect(await rowsOf([mineA.id, mineB.id, theirs.id])).toEqual(before);
  });

  it('refuses an empty, malformed or oversized selection and an unknown target with localized messages', async () => {
    const seller = await buildSeller();
    const stock = await t.buildStock(seller.user.id);
    const before = await rowsOf([stock.id]);
    expectRefused((await batchStatus(seller, [], 'offline')).body, CodeFlag.invalidInput, '请先选择库存');
    expectRefused(
      (await batchStatus(seller, [], 'offline', 'en-US')).body,
      CodeFlag.invalidInput,
      'Please select stock first',
    );
    expectRefused((await batchStatusRaw(seller, ['a'], 'offline')).body, CodeFlag.invalidInput, '请先选择库存');
    expectRefused((await batchStatus(seller, [0], 'offline')).body, CodeFlag.invalidInput, '请先选择库存');
    expectRefused((await batchStatusRaw(seller, '[1,', 'offline')).body, CodeFlag.invalidInput, '数据格式不正确');
    const tooMany = Array.from({ length: STOCK_BATCH_MAX + 1 }, (_, i) => i + 1);
    expectRefused(
      (await batchStatus(seller, tooMany, 'offline', 'en-US')).body,
      CodeFlag.invalidInput,
      `At most ${STOCK_BATCH_MAX} listings at a time`,
    );
    expectRefused(
      (await batchStatusRaw(seller, [stock.id], 'expired')).body,
      CodeFlag.invalidInput,
      '输入有误，请检查后重试',
    );
    expectRefused(
      (await batchStatusRaw(seller, [stock.id], 'review')).body,
      CodeFlag.invalidInput,
      '输入有误，请检查后重试',
    );
    const missing = await t.callRaw(Calls.stockBatchStatus, { status: 'offline' }, { session: seller.session });
    expectRefused(missing.body, CodeFlag.invalidInput, '请先选择库存');
    expect(await rowsOf([stock.id])).toEqual(before);
  });

  it('requires login', async () => {
    const seller = await buildSeller();
    const stock = await t.buildStock(seller.user.id);
    expectRefused((await batchStatus({ session: '' }, [stock.id], 'offline')).body, CodeFlag.notLoggedIn, '请先登录');
    expect(await statusesOf([stock.id])).toEqual(['sale']);
  });
});

describe('stock/batch_edit', () => {
  it("adjusts a fixed price or a market listing's processing fee by the amount, keeping each listing's status", async () => {
    const seller = await buildSeller();
    const fixed = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 2_050_000 });
    const market = await t.buildStock(seller.user.id, {
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: -5_000,
      priceFen: null,
      status: 'offline',
    });
    const ids = [fixed.id, market.id];
    expect((await batchEdit(seller, { ids, field: 'price', value: '100.5' })).body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { ids, changed: 2 },
    });
    let rows = await rowsOf(ids);
    expect(rows.map((r) => [r.status, r.priceFen, r.processingFeeFen])).toEqual([
      ['sale', 2_060_050, null],
      ['offline', null, 5_050],
    ]);
    expect((await batchEdit(seller, { ids, field: 'price', value: '-200.05' })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await batchEdit(seller, { ids, field: 'price', value: '+1' })).body.codeFlag).toBe(CodeFlag.ok);
    rows = await rowsOf(ids);
    expect(rows.map((r) => [r.priceFen, r.processingFeeFen])).toEqual([
      [2_040_145, null],
      [null, -14_855],
    ]);
  });

  it('refuses a cut that would take a fixed price to 0 or below, and changes no listing', async () => {
    const seller = await buildSeller();
    const cheap = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 10_000 });
    const dear = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 2_000_000 });
    const before = await rowsOf([cheap.id, dear.id]);
    const { body } = await batchEdit(seller, { ids: [dear.id, cheap.id], field: 'price', value: '-100' });
    expectRefused(body, CodeFlag.invalidInput, '调整后一口价须大于0，请减小降价金额');
    expect(body.errors).toEqual({ value: '调整后一口价须大于0，请减小降价金额' });
    const english = await batchEdit(seller, { ids: [cheap.id], field: 'price', value: '-150' }, 'en-US');
    expectRefused(english.body, CodeFlag.invalidInput, 'A fixed price must stay above 0; please cut it by less');
    const tooHigh = await batchEdit(seller, { ids: [dear.id], field: 'price', value: '9999999' });
    expectRefused(tooHigh.body, CodeFlag.invalidInput, '价格超出范围');
    expect(await rowsOf([cheap.id, dear.id])).toEqual(before);
  });

  it("refuses an adjustment that is not a number with at most two decimals ('Please enter numbers'), or 0", async () => {
    const seller = await buildSeller();
    const stock = await t.buildStock(seller.user.id);
    const before = await rowsOf([stock.id]);
    for (const value of ['abc', '1.234', '', '1,5', '1e3', '--1', '.5']) {
      const { body } = await batchEdit(seller, { ids: [stock.id], field: 'price', value });
      expectRefused(body, CodeFlag.invalidInput, '请输入数字');
    }
    expectRefused(
      (await batchEdit(seller, { ids: [stock.id], field: 'price', value: 'x' }, 'en-US')).body,
      CodeFlag.invalidInput,
      'Please enter numbers',
    );
    expectRefused(
      (await batchEditRaw(seller, { ids: [stock.id], field: 'price' })).body,
      CodeFlag.invalidInput,
      '请输入数字',
    );
    expectRefused(
      (await batchEdit(seller, { ids: [stock.id], field: 'price', value: '0.00' })).body,
      CodeFlag.invalidInput,
      '调整金额不能为0',
    );
    expectRefused(
      (await batchEdit(seller, { ids: [stock.id], field: 'price', value: '0' }, 'en-US')).body,
      CodeFlag.invalidInput,
      'The adjustment cannot be 0',
    );
    expect(await rowsOf([stock.id])).toEqual(before);
  });

  it("sets payment days to a positive integer ('Only positive integers'), transport info and freight", async () => {
    const seller = await buildSeller();
    const a = await t.buildStock(seller.user.id);
    const b = await t.buildStock(seller.user.id, { status: 'review', publishedAt: null });
    const ids = [a.id, b.id];
    expect((await batchEdit(seller, { ids, field: 'paymentDays', value: '30' })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await batchEdit(seller, { ids, field: 'transportInfo', value: ' 汽运，三天到货 ' })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await batchEdit(seller, { ids, field: 'freightIncluded', value: 1 })).body.codeFlag).toBe(CodeFlag.ok);
    const rows = await rowsOf(ids);
    expect(rows.map((r) => [r.status, r.paymentDays, r.transportInfo, r.freightIncluded])).toEqual([
      ['sale', 30, '汽运，三天到货', true],
      ['review', 30, '汽运，三天到货', true],
    ]);

    for (const value of ['0', '-1', '1.5', 'abc', '', '366']) {
      const { body } = await batchEdit(seller, { ids, field: 'paymentDays', value });
      expectRefused(body, CodeFlag.invalidInput, '只能输入正整数');
    }
    expectRefused(
      (await batchEdit(seller, { ids, field: 'paymentDays', value: '0' }, 'en-US')).body,
      CodeFlag.invalidInput,
      'Only positive integers',
    );
    expectRefused(
      (await batchEdit(seller, { ids, field: 'transportInfo', value: '运'.repeat(101) })).body,
      CodeFlag.invalidInput,
      '内容过长',
    );
    expectRefused(
      (await batchEditRaw(seller, { ids, field: 'freightIncluded', value: '2' })).body,
      CodeFlag.invalidInput,
      '输入有误，请检查后重试',
    );
    expectRefused(
      (await batchEditRaw(seller, { ids, field: 'status', value: 'sale' })).body,
      CodeFlag.invalidInput,
      '输入有误，请检查后重试',
    );
    expect((await rowsOf(ids)).map((r) => r.paymentDays)).toEqual([30, 30]);
  });

  it("refuses the whole batch when one listing is another company's or deleted, changing nothing", async () => {
    const seller = await buildSeller();
    const other = await buildSeller();
    const own = await t.buildStock(seller.user.id);
    const theirs = await t.buildStock(other.user.id);
    const deleted = await t.buildStock(seller.user.id, { status: 'deleted' });
    const before = await rowsOf([own.id, theirs.id, deleted.id]);
    expectRefused(
      (await batchEdit(seller, { ids: [own.id, theirs.id], field: 'price', value: '10' })).body,
      CodeFlag.forbidden,
      '无权进行此操作',
    );
    expectRefused(
      (await batchEdit(seller, { ids: [own.id, deleted.id], field: 'paymentDays', value: '7' })).body,
      CodeFlag.notFound,
      '内容不存在或已删除',
    );
    expect(await rowsOf([own.id, theirs.id, deleted.id])).toEqual(before);
  });
});

describe('stock/same_attr', () => {
  it('changes every listing of the category (not deleted) and nothing else, or only the selected ones', async () => {
    const seller = await buildSeller();
    const other = await buildSeller();
    const a = await t.buildStock(seller.user.id, { sortId: 13 });
    const b = await t.buildStock(seller.user.id, { sortId: 13, status: 'offline' });
    const copper = await t.buildStock(seller.user.id, { sortId: 12 });
    const deleted = await t.buildStock(seller.user.id, { sortId: 13, status: 'deleted' });
    const theirs = await t.buildStock(other.user.id, { sortId: 13 });

    const all = await sameAttr(seller, { sortId: 13, field: 'paymentDays', value: '15' });
    expect(all.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { ids: [a.id, b.id], changed: 2 } });
    const rows = await rowsOf([a.id, b.id, copper.id, deleted.id, theirs.id]);
    expect(rows.map((r) => r.paymentDays)).toEqual([15, 15, null, null, null]);

    const selected = await sameAttr(seller, { sortId: 13, ids: [b.id], field: 'price', value: '50' });
    expect(selected.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { ids: [b.id], changed: 1 } });
    expect((await rowsOf([a.id, b.id])).map((r) => r.priceFen)).toEqual([2_050_000, 2_055_000]);

    // As the app's form sends it: the category as text, no ids as empty text, the flag as true.
    const freight = await sameAttrRaw(seller, { sortId: '12', ids: '', field: 'freightIncluded', value: 'true' });
    expect(freight.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { ids: [copper.id] } });
    expect((await rowsOf([copper.id]))[0]?.freightIncluded).toBe(true);
  });

  it("asks for a category first ('Please select a category first')", async () => {
    const seller = await buildSeller();
    const stock = await t.buildStock(seller.user.id);
    const before = await rowsOf([stock.id]);
    for (const sortId of [undefined, '', '0', 'abc']) {
      const fields = { field: 'paymentDays', value: '5', ...(sortId === undefined ? {} : { sortId }) };
      expectRefused((await sameAttrRaw(seller, fields)).body, CodeFlag.invalidInput, '请先选择品类');
    }
    expectRefused(
      (await sameAttrRaw(seller, { field: 'paymentDays', value: '5' }, 'en-US')).body,
      CodeFlag.invalidInput,
      'Please select a category first',
    );
    expect(await rowsOf([stock.id])).toEqual(before);
  });

  it('refuses selected listings of another category, a category without listings, and the value rules of batch_edit', async () => {
    const seller = await buildSeller();
    const aluminium = await t.buildStock(seller.user.id, { sortId: 13 });
    const copper = await t.buildStock(seller.user.id, { sortId: 12 });
    const before = await rowsOf([aluminium.id, copper.id]);
    const mixed = await sameAttr(seller, {
      sortId: 13,
      ids: [aluminium.id, copper.id],
      field: 'transportInfo',
      value: '自提',
    });
    expectRefused(mixed.body, CodeFlag.invalidInput, '所选库存不属于该品类，请重新选择');
    expect(mixed.body.data).toEqual({ ids: [copper.id] });
    expectRefused(
      (await sameAttr(seller, { sortId: 25, field: 'transportInfo', value: '自提' }, 'en-US')).body,
      CodeFlag.notFound,
      'You have no listings of this category to change',
    );
    expectRefused(
      (await sameAttr(seller, { sortId: 13, field: 'price', value: '1.001' })).body,
      CodeFlag.invalidInput,
      '请输入数字',
    );
    expectRefused(
      (await sameAttr(seller, { sortId: 13, field: 'paymentDays', value: '2.5' })).body,
      CodeFlag.invalidInput,
      '只能输入正整数',
    );
    expect(await rowsOf([aluminium.id, copper.id])).toEqual(before);
  });

  it("refuses another company's listing among the selected, changing nothing", async () => {
    const seller = await buildSeller();
    const other = await buildSeller();
    const own = await t.buildStock(seller.user.id, { sortId: 13 });
    const theirs = await t.buildStock(other.user.id, { sortId: 13 });
    const before = await rowsOf([own.id, theirs.id]);
    const { body } = await sameAttr(seller, { sortId: 13, ids: [own.id, theirs.id], field: 'price', value: '10' });
    expectRefused(body, CodeFlag.forbidden, '无权进行此操作');
    expect(await rowsOf([own.id, theirs.id])).toEqual(before);
  });
});

describe('stock/summaries', () => {
  it("answers each id in order: on sale for anyone, the seller's own in any status but deleted, else not available", async () => {
    const seller = await buildSeller('佛山足迹铝业');
    const other = await buildSeller();
    const sale = await t.buildStock(seller.user.id);
    const offline = await t.buildStock(seller.user.id, { status: 'offline' });
    const deleted = await t.buildStock(seller.user.id, { status: 'deleted' });
    const otherSale = await t.buildStock(other.user.id);
    const ids = [offline.id, 999_999_999, sale.id, deleted.id, otherSale.id, sale.id];

    const own = await t.call(Calls.stockSummaries, { ids }, { session: seller.session });
    expect(own.body.data!.map((row) => [row.id, row.available])).toEqual([
      [offline.id, true],
      [999_999_999, false],
      [sale.id, true],
      [deleted.id, false],
      [otherSale.id, true],
    ]);
    expect(own.body.data![0]!.stock).toMatchObject({ status: 'offline', companyName: '佛山足迹铝业' });
    expect(own.body.data![1]!.stock).toBeNull();

    const buyer = await t.buildUser();
    const theirs = await t.call(Calls.stockSummaries, { ids }, { session: buyer.session });
    expect(theirs.body.data!.filter((row) => row.available).map((row) => row.id)).toEqual([sale.id, otherSale.id]);
    const guest = await t.call(Calls.stockSummaries, { ids: [offline.id, sale.id] });
    expect(guest.body.data!.map((row) => row.available)).toEqual([false, true]);
  });

  it('refuses more than 50 ids or ids that are not numbers', async () => {
    const many = Array.from({ length: 51 }, (_, i) => i + 1);
    const tooMany = await t.call(Calls.stockSummaries, { ids: many }, { lang: 'en-US' });
    expectRefused(tooMany.body, CodeFlag.invalidInput, 'Some input is invalid, please check and try again');
    expectRefused(
      (await t.callRaw(Calls.stockSummaries, { ids: ['x'] })).body,
      CodeFlag.invalidInput,
      '输入有误，请检查后重试',
    );
    expect((await t.call(Calls.stockSummaries, { ids: [] })).body).toMatchObject({ codeFlag: CodeFlag.ok, data: [] });
  });
});
