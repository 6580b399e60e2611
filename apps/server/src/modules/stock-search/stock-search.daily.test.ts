import { Calls, CodeFlag, type TStockListPage } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { Scheduler } from '../../platform/scheduler';
import { stockDailyViews, stocks } from '../stocks/stocks.table';
import { hotRankingJob } from './stock-search.jobs';
import { computeHotRankingIfNone } from './stock-search.service';
import { stockHotRanking, stockHotRanks } from './stock-search.table';

let t: TestApp;
let seller: Awaited<ReturnType<TestApp['buildUser']>>;
const START = new Date('2026-11-20T02:00:00Z'); // 10:00 on 20 November in Shanghai

beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.buildUser();
  await t.buildCompany(seller.user.id, { name: '五日现货铝业' });
});
afterAll(() => t.close());
beforeEach(async () => {
  t.clock.set(START);
  await t.db.delete(stocks);
  await t.db.delete(stockHotRanking);
});

const ids = (page: TStockListPage | undefined) => page?.list.map((row) => row.id);

describe('five-day stock', () => {
  it('holds what was published from midnight four days ago (Shanghai) until now, by day', async () => {
    // 16 November 00:00 in Shanghai is 15 November 16:00 UTC.
    const tooOld = await t.buildStock(seller.user.id, { publishedAt: new Date('2026-11-15T15:59:59Z') });
    const firstDay = await t.buildStock(seller.user.id, { publishedAt: new Date('2026-11-15T16:00:00Z') });
    const copper = await t.buildStock(seller.user.id, {
      sortId: 12,
      productName: '电解铜',
      publishedAt: new Date('2026-11-18T03:00:00Z'),
    });
    const todays = await Promise.all(
      [1, 2, 3, 4].map((minutes) =>
        t.buildStock(seller.user.id, { publishedAt: new Date(START.getTime() - minutes * 60_000) }),
      ),
    );
    await t.buildStock(seller.user.id, { status: 'offline', publishedAt: new Date('2026-11-19T03:00:00Z') });

    const overview = await t.call(Calls.fiveDayStock);
    expect(overview.body.codeFlag).toBe(CodeFlag.ok);
    const days = overview.body.data?.days ?? [];
    expect(days.map((day) => [day.date, day.count])).toEqual([
      ['2026-11-20', 4],
      ['2026-11-19', 0],
      ['2026-11-18', 1],
      ['2026-11-17', 0],
      ['2026-11-16', 1],
    ]);
    // A day previews its newest three.
    expect(days[0]?.preview.map((row) => row.id)).toEqual([todays[0]?.id, todays[1]?.id, todays[2]?.id]);
    expect(days[4]?.preview.map((row) => row.id)).toEqual([firstDay.id]);
    expect(overview.body.data?.total).toBe(6);
    expect(overview.body.data?.sorts).toEqual([
      { sortId: 13, sortName: 'A00铝', count: 5 },
      { sortId: 12, sortName: '1#电解铜', count: 1 },
    ]);

    const ofCopper = await t.call(Calls.fiveDayStock, { sortId: 12 }, { lang: 'en-US' });
    expect(ofCopper.body.data?.days.map((day) => day.count)).toEqual([0, 0, 1, 0, 0]);
    expect(ofCopper.body.data?.total).toBe(1);
    // The categories stay the whole window's, so the page can switch between them.
    expect(ofCopper.body.data?.sorts.map((sort) => sort.sortName)).toEqual(['A00 aluminium', '1# electrolytic copper']);

    const window = await t.call(Calls.fiveDayStockList, { pageSize: 50 });
    expect(window.body.data?.total).toBe(6);
    expect(ids(window.body.data)).not.toContain(tooOld.id);
    const day = await t.call(Calls.fiveDayStockList, { date: '2026-11-16' });
    expect(ids(day.body.data)).toEqual([firstDay.id]);
    const copperDay = await t.call(Calls.fiveDayStockList, { date: '2026-11-18', sortId: 12 });
    expect(ids(copperDay.body.data)).toEqual([copper.id]);
    const paged = await t.call(Calls.fiveDayStockList, { date: '2026-11-20', pageSize: 3 });
    expect(paged.body.data).toMatchObject({ total: 4, hasMore: true });

    // A day on, the 16th has left the window.
    t.clock.advance(86_400);
    const later = await t.call(Calls.fiveDayStock);
    expect(later.body.data?.days.map((entry) => entry.date)).toEqual([
      '2026-11-21',
      '2026-11-20',
      '2026-11-19',
      '2026-11-18',
      '2026-11-17',
    ]);
    expect(later.body.data?.total).toBe(5);
    const gone = await t.call(Calls.fiveDayStockList, { date: '2026-11-16' });
    expect(gone.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '只能查看最近5天发布的现货',
      errors: { date: '只能查看最近5天发布的现货' },
    });
  });

  it('refuses a malformed date or category', async () => {
    const badDate = await t.call(Calls.fiveDayStockList, { date: '20.11.2026' }, { lang: 'en-US' });
    expect(badDate.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The date is not valid' });
    const future = await t.call(Calls.fiveDayStockList, { date: '2026-11-21' }, { lang: 'en-US' });
    expect(future.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Only stock published in the last 5 days can be shown',
    });
    const badSort = await t.call(Calls.fiveDayStock, { sortId: '-3' });
    expect(badSort.body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('hot ranking', () => {
  const quietLog = { info: () => {}, error: () => {} };
  const view = (stockId: number, date: string, views: number) =>
    t.db.insert(stockDailyViews).values({ stockId, date, views });
  const runJob = (slot: Date) =>
    hotRankingJob.run({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog, slot });

  it('ranks for-sale listings by their clicks of the 14 days before the run, recomputed the same way each time', async () => {
    const [a, b, c, d, soldOut] = await Promise.all(
      [1, 2, 3, 4, 5].map((minutes) =>
        t.buildStock(seller.user.id, { publishedAt: new Date(START.getTime() - minutes * 3_600_000) }),
      ),
    );
    // The run on the 21st counts the 7th to the 20th.
    await view(a!.id, '2026-11-07', 5);
    await view(a!.id, '2026-11-20', 4);
    await view(a!.id, '2026-11-06', 100); // a day too early
    await view(b!.id, '2026-11-15', 12);
    await view(c!.id, '2026-11-21', 50); // the run's own day, not yet complete
    await view(c!.id, '2026-11-19', 9);
    await view(d!.id, '2026-11-10', 9); // as many as c: the newer listing (c) first
    await view(soldOut!.id, '2026-11-18', 80);
    await t.db.update(stocks).set({ status: 'soldOut' }).where(eq(stocks.id, soldOut!.id));

    const before = await t.call(Calls.hotStocks);
    expect(before.body.data).toEqual({ computedAt: null, windowStart: null, windowEnd: null, list: [] });

    t.clock.set(new Date('2026-11-20T16:10:00Z')); // 00:10 on the 21st in Shanghai
    const slot = t.clock.now();
    await runJob(slot);
    const ranked = await t.call(Calls.hotStocks);
    expect(ranked.body.data).toMatchObject({
      computedAt: slot.toISOString(),
      windowStart: '2026-11-07',
      windowEnd: '2026-11-20',
    });
    expect(ranked.body.data?.list.map((row) => [row.rank, row.stock.id, row.clicks])).toEqual([
      [1, b!.id, 12],
      [2, a!.id, 9],
      [3, c!.id, 9],
      [4, d!.id, 9],
    ]);
    expect(ranked.body.data?.list[0]?.stock).toMatchObject({ companyName: '五日现货铝业', status: 'sale' });

    const stored = await t.db.select().from(stockHotRanks);
    await runJob(slot);
    expect(await t.db.select().from(stockHotRanks)).toEqual(stored);

    // A listing that leaves sale after the run leaves the page, and the ranks close up.
    await t.db.update(stocks).set({ status: 'offline' }).where(eq(stocks.id, b!.id));
    const after = await t.call(Calls.hotStocks);
    expect(after.body.data?.list.map((row) => [row.rank, row.stock.id])).toEqual([
      [1, a!.id],
      [2, c!.id],
      [3, d!.id],
    ]);
  });

  it('runs once a day at 00:10 Shanghai time, once across instances', async () => {
    expect(hotRankingJob.cron).toBe('10 0 * * *');
    const listing = await t.buildStock(seller.user.id);
    await view(listing.id, '2026-11-20', 3);
    t.clock.set(new Date('2026-11-20T16:10:00Z'));
    const deps = { db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quietLog };
    const first = new Scheduler(deps, [hotRankingJob]);
    const second = new Scheduler(deps, [hotRankingJob]);
    const slot = t.clock.now();
    expect(await first.runSlot(hotRankingJob, slot)).toBe('ran');
    expect(await second.runSlot(hotRankingJob, slot)).toBe('taken');
    const ranked = await t.call(Calls.hotStocks);
    expect(ranked.body.data?.list.map((row) => row.stock.id)).toEqual([listing.id]);
  });

  it('keeps an empty ranking with its time when nothing was clicked', async () => {
    t.clock.set(new Date('2026-11-20T16:10:00Z'));
    await runJob(t.clock.now());
    const ranked = await t.call(Calls.hotStocks);
    expect(ranked.body.data).toMatchObject({
      computedAt: '2026-11-20T16:10:00.000Z',
      windowEnd: '2026-11-20',
      list: [],
    });
  });

  it('is computed at start only when none was ever computed, over the fortnight before today', async () => {
    const stock = await t.buildStock(seller.user.id);
    await t.db.insert(stockDailyViews).values({ stockId: stock.id, date: '2026-11-19', views: 4 });
    expect(await computeHotRankingIfNone(t.db, t.clock.now())).toBe(true);
    const ranked = await t.call(Calls.hotStocks);
    expect(ranked.body.data).toMatchObject({ windowStart: '2026-11-06', windowEnd: '2026-11-19' });
    expect(ranked.body.data!.list.map((row) => [row.stock.id, row.clicks])).toEqual([[stock.id, 4]]);

    t.clock.set(new Date('2026-11-21T02:00:00Z'));
    await t.db.insert(stockDailyViews).values({ stockId: stock.id, date: '2026-11-20', views: 9 });
    expect(await computeHotRankingIfNone(t.db, t.clock.now())).toBe(false);
    const kept = await t.call(Calls.hotStocks);
    expect(kept.body.data).toMatchObject({ windowEnd: '2026-11-19', list: [{ clicks: 4 }] });
  });
});
