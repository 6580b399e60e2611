import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { priceRows } from '../markets/markets.table';
import { presentStockSummaries } from './stocks.present';

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
