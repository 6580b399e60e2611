import { Calls, CodeFlag } from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { latestQuotesOf } from '../markets/markets.latest';
import { priceRows } from '../markets/markets.table';
import { latestQuotes, presentStockSummaries } from './stocks.present';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const links = { publicUrl: (key: string) => `/files/${key}` };

it("prices a market-following listing from its series' latest quote on or before today plus the fee", async () => {
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id, { name: '佛山现货铝业' });
  await t.db.insert(priceRows).values([
    { seriesId: 1, date: '2026-11-19', lowCents: 0, highCents: 0, priceCents: 2_040_000 },
    { seriesId: 1, date: '2026-11-20', lowCents: 0, highCents: 0, priceCents: 2_050_000 },
    { seriesId: 1, date: '2026-11-23', lowCents: 0, highCents: 0, priceCents: 2_090_000 },
  ]);
  const following = await t.buildStock(seller.user.id, {
    priceType: 'market',
    seriesId: 1,
    processingFeeFen: -15_050,
    priceFen: null,
  });
  const fixed = await t.buildStock(seller.user.id, {
    priceType: 'fixed',
    priceFen: 2_100_000,
    lng: 120.1551,
    lat: 30.2741,
  });

  const [market, set] = await presentStockSummaries({
    db: t.db,
    rows: [following, fixed],
    lang: 'zh-CN',
    today: '2026-11-22',
    point: { lng: 121.4737, lat: 31.2304 },
    links,
  });
  expect(market?.price).toMatchObject({
    type: 'market',
    unitPriceFen: 2_034_950,
    quoteDate: '2026-11-20',
    seriesName: '长江A00铝',
  });
  expect(market?.companyName).toBe('佛山现货铝业');
  expect(market?.sortName).toBe('A00铝');
  expect(set?.price).toMatchObject({ type: 'fixed', unitPriceFen: 2_100_000, quoteDate: null });
  // Shanghai to Hangzhou is about 165 km as the crow flies.
  expect(set?.distanceKm).toBeGreaterThan(160);
  expect(set?.distanceKm).toBeLessThan(170);

  const [english] = await presentStockSummaries({
    db: t.db,
    rows: [following],
    lang: 'en-US',
    today: '2026-11-23',
    point: null,
    links,
  });
  expect(english?.price).toMatchObject({ unitPriceFen: 2_074_950, seriesName: 'Changjiang A00 aluminium' });
  expect(english?.distanceKm).toBeNull();
});

it("answers from the app's kept quotes exactly what the table answers, on any day, and follows an import", async () => {
  // Series 1 holds the rows of the test above (19th, 20th, 23rd); series 2 gets a quote dated ahead, series 4
  // one of the day before the clock's (the 20th); series 3 has none.
  await t.db.insert(priceRows).values([
    { seriesId: 2, date: '2026-11-18', lowCents: 0, highCents: 0, priceCents: 2_030_000 },
    { seriesId: 2, date: '2026-11-25', lowCents: 0, highCents: 0, priceCents: 2_070_000 },
    { seriesId: 4, date: '2026-11-19', lowCents: 0, highCents: 0, priceCents: 7_000_000, upDownCents: 5_000 },
  ]);
  const kept = latestQuotesOf(t.app);
  kept.forget();
  const days = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-21', '2026-11-23', '2026-11-24', '2026-11-30'];
  for (const today of days) {
    expect(await latestQuotes(t.db, [1, 2, 3, 4], today, kept), today).toEqual(
      await latestQuotes(t.db, [1, 2, 3, 4], today),
    );
  }
  expect(await latestQuotes(t.db, [2], '2026-11-24', kept)).toEqual(
    new Map([[2, { priceCents: 2_030_000, date: '2026-11-18' }]]),
  );

  // An import publishes price.changed: the kept quotes are read again, and stock/detail shows the new quote and its change.
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  const following = await t.buildStock(seller.user.id, {
    priceType: 'market',
    seriesId: 4,
    processingFeeFen: 0,
    priceFen: null,
  });
  const detail = async () => (await t.call(Calls.stockDetail, { id: following.id })).body.data;
  const before = await detail();
  expect(before?.price).toMatchObject({ unitPriceFen: 7_000_000, quoteDate: '2026-11-19' });
  expect(before?.priceChangeFen).toBe(5_000);
  const operator = await t.buildOperator();
  const imported = await t.call(
    Calls.importPrices,
    { format: 'csv', content: 'market,sort,date,low,high\nchangjiang,12,2026-11-20,70900,70960' },
    { session: operator.session },
  );
  expect(imported.body.codeFlag).toBe(CodeFlag.ok);
  const [row] = await t.db
    .select()
    .from(priceRows)
    .where(and(eq(priceRows.seriesId, 4), eq(priceRows.date, '2026-11-20')));
  expect(row).toBeDefined();
  const today = t.clock.today();
  expect(await latestQuotes(t.db, [4], today, kept)).toEqual(await latestQuotes(t.db, [4], today));
  const seen = await detail();
  expect(seen?.price).toMatchObject({ unitPriceFen: row?.priceCents, quoteDate: '2026-11-20' });
  expect(seen?.priceChangeFen).toBe(row?.upDownCents);
});
