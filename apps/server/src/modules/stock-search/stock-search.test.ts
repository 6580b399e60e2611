import { Calls, CodeFlag, EARTH_RADIUS_KM, STOCK_SEARCH_TOTAL_CAP, type TStockListPage } from '@metal/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type CallOptions, type TestApp } from '../../../test/helpers';
import { priceRows } from '../markets/markets.table';
import { stocks } from '../stocks/stocks.table';
import { syncStockQuotes } from './stock-search.prices';
import { stockSeriesQuotes } from './stock-search.table';

let t: TestApp;
let seller: Awaited<ReturnType<TestApp['buildUser']>>;
let other: Awaited<ReturnType<TestApp['buildUser']>>;

beforeAll(async () => {
  t = await buildTestApp();
  seller = await t.buildUser();
  await t.buildCompany(seller.user.id, { name: '佛山南海现货铝业' });
  other = await t.buildUser();
  await t.buildCompany(other.user.id, { name: '无锡铜材贸易' });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.delete(stocks);
  await t.db.delete(priceRows);
  await t.db.delete(stockSeriesQuotes);
});

const list = (fields: Record<string, unknown> = {}, options: CallOptions = {}) =>
  t.call(Calls.stockList, fields, options);
const ids = (page: TStockListPage | undefined) => page?.list.map((row) => row.id);
const minutesAgo = (minutes: number) => new Date(t.clock.now().getTime() - minutes * 60_000);

describe('stock/list', () => {
  it('lists only for-sale stock, newest first, page by page, for visitors too', async () => {
    const older = await t.buildStock(seller.user.id, { publishedAt: minutesAgo(30) });
    const newer = await t.buildStock(other.user.id, { publishedAt: minutesAgo(10) });
    const newest = await t.buildStock(seller.user.id, { publishedAt: minutesAgo(5) });
    for (const status of ['review', 'rejected', 'soldOut', 'offline', 'onTheWay', 'expired', 'deleted'] as const)
      await t.buildStock(seller.user.id, { status, publishedAt: minutesAgo(1) });

    const first = await list({ pageSize: 2 });
    expect(first.body.codeFlag).toBe(CodeFlag.ok);
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true, total: 3, totalCapped: false });
    expect(ids(first.body.data)).toEqual([newest.id, newer.id]);
    const second = await list({ page: 2, pageSize: 2 }, { session: other.session });
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false, total: 3 });
    expect(ids(second.body.data)).toEqual([older.id]);
    expect(second.body.data?.list[0]).toMatchObject({
      companyName: '佛山南海现货铝业',
      sortName: 'A00铝',
      price: { type: 'fixed', unitPriceFen: 2_050_000 },
      distanceKm: null,
      isDemo: false,
    });
  });

  it('filters by category, specification text, province and city, and the fixed-price and special-sale flags', async () => {
    const rod = await t.buildStock(seller.user.id, {
      sortId: 25,
      productName: '铜杆',
      specifications: 'Φ8mm 50%含铜_低氧',
      province: '江苏省',
      city: '无锡市',
      district: '锡山区',
      fixedPrice: true,
    });
    const ingot = await t.buildStock(seller.user.id, { sortId: 13, specifications: 'AL99.70', specialSale: true });
    const billet = await t.buildStock(other.user.id, {
      sortId: 13,
      specifications: '6063 Φ90mm',
      province: '广东省',
      city: '广州市',
      district: '白云区',
      fixedPrice: true,
      specialSale: true,
    });

    expect(ids((await list({ sortId: 13 })).body.data)).toEqual([billet.id, ingot.id]);
    expect(ids((await list({ specification: '8MM' })).body.data)).toEqual([rod.id]);
    expect(ids((await list({ specification: 'al99' })).body.data)).toEqual([ingot.id]);
    // % and _ are what they are, not wildcards.
    expect(ids((await list({ specification: '50%含铜_' })).body.data)).toEqual([rod.id]);
    expect(ids((await list({ specification: '5%' })).body.data)).toEqual([]);
    expect(ids((await list({ province: '江苏省' })).body.data)).toEqual([rod.id]);
    expect(ids((await list({ province: '广东省', city: '佛山市' })).body.data)).toEqual([ingot.id]);
    expect(ids((await list({ city: '广州市' })).body.data)).toEqual([billet.id]);
    expect(ids((await list({ rootId: other.user.id })).body.data)).toEqual([billet.id]);
    expect(ids((await list({ fixedPrice: 1 })).body.data)).toEqual([billet.id, rod.id]);
    expect(ids((await list({ specialSale: 1 })).body.data)).toEqual([billet.id, ingot.id]);
    expect(ids((await list({ fixedPrice: 1, specialSale: 1, sortId: 13 })).body.data)).toEqual([billet.id]);
    // An unset filter arrives as an empty field and a 0 flag does not filter.
    const all = await list({ sortId: '', province: '', priceMin: '', lng: '', fixedPrice: 0, specialSale: '' });
    expect(all.body.data?.total).toBe(3);
  });

  it('finds one- and two-character Chinese keywords, whole words and grades', async () => {
    const ingot = await t.buildStock(seller.user.id, { sortId: 13, productName: '铝锭' });
    const rod = await t.buildStock(seller.user.id, { sortId: 25, productName: '铜杆', brand: '江铜' });
    const cathode = await t.buildStock(other.user.id, { sortId: 12, productName: '电解铜', specifications: '1#' });

    expect(ids((await list({ keyword: '铝' })).body.data)).toEqual([ingot.id]);
    expect(ids((await list({ keyword: '铜杆' })).body.data)).toEqual([rod.id]);
    expect(ids((await list({ keyword: '杆铜' })).body.data)).toEqual([]);
    expect(ids((await list({ keyword: '铜' })).body.data)).toEqual([cathode.id, rod.id]);
    expect(ids((await list({ keyword: 'A00' })).body.data)).toEqual([ingot.id]);
    expect(ids((await list({ keyword: '1#  电解' })).body.data)).toEqual([cathode.id]);
    // Nothing searchable in the keyword: it does not filter.
    expect((await list({ keyword: '，。!' })).body.data?.total).toBe(3);
  });

  it('ranks keyword matches in the name or category above other product text above the place, then newest', async () => {
    // Every listing lies in 佛山市 (buildStock's place), so each is found by '佛山'.
    const placeOnly = await t.buildStock(seller.user.id, { productName: '铝锭', publishedAt: minutesAgo(1) });
    const inBrand = await t.buildStock(seller.user.id, {
      productName: '铝锭',
      brand: '佛山牌',
      publishedAt: minutesAgo(2),
    });
    const inNameOld = await t.buildStock(other.user.id, { productName: '佛山铝棒', publishedAt: minutesAgo(9) });
    const inNameNew = await t.buildStock(other.user.id, { productName: '佛山型材', publishedAt: minutesAgo(3) });
    const elsewhere = await t.buildStock(other.user.id, {
      productName: '铝锭',
      province: '河南省',
      city: '巩义市',
      district: '巩义市',
    });

    const found = await list({ keyword: '佛山' });
    expect(ids(found.body.data)).toEqual([inNameNew.id, inNameOld.id, inBrand.id, placeOnly.id]);
    expect(ids(found.body.data)).not.toContain(elsewhere.id);
    // Another order than newest is followed as asked, relevance aside.
    const byPrice = await list({ keyword: '佛山', order: 'priceAsc' });
    expect(byPrice.body.data?.total).toBe(4);
  });

  it('counts exactly up to the cap, says when there are more, and counts through a page beyond it', async () => {
    const values = Array.from({ length: STOCK_SEARCH_TOTAL_CAP + 30 }, (_, index) => ({
      rootId: seller.user.id,
      userId: seller.user.id,
      status: 'sale' as const,
      sortId: 13,
      quantityKg: 1000,
      pieceWeightKg: 1000,
      priceType: 'fixed' as const,
      priceFen: 2_000_000,
      publishedAt: minutesAgo(60 + index),
      searchVector: "'铝':1A",
    }));
    await t.db.insert(stocks).values(values);
    const capped = await list({ keyword: '铝' });
    expect(capped.body.data).toMatchObject({ total: STOCK_SEARCH_TOTAL_CAP, totalCapped: true, hasMore: true });
    const last = await list({ keyword: '铝', page: 7 });
    expect(last.body.data).toMatchObject({ total: STOCK_SEARCH_TOTAL_CAP + 30, totalCapped: false, hasMore: false });
    expect(last.body.data?.list).toHaveLength(10);
    const few = await list({ keyword: '铝', sortId: 12 });
    expect(few.body.data).toMatchObject({ total: 0, totalCapped: false, hasMore: false, list: [] });
  });
});

describe('price as shown today', () => {
  const quote = (seriesId: number, date: string, yuan: number) => ({
    seriesId,
    date,
    lowCents: yuan * 100,
    highCents: yuan * 100,
    priceCents: yuan * 100,
  });

  it('filters and orders market-following listings by quote plus fee, and follows a new quote at once', async () => {
    await t.db.insert(priceRows).values([quote(1, '2026-11-19', 20_000), quote(1, '2026-11-25', 30_000)]);
    // 20000 + 150 = 20150 yuan today (the 25th's quote is not today's yet).
    const following = await t.buildStock(seller.user.id, {
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 15_000,
      priceFen: null,
    });
    const cheap = await t.buildStock(other.user.id, { priceFen: 2_010_000 });
    const dear = await t.buildStock(other.user.id, { priceFen: 2_030_000 });
    const unquoted = await t.buildStock(seller.user.id, {
      priceType: 'market',
      seriesId: 4,
      processingFeeFen: 0,
      priceFen: null,
    });

    const ascending = await list({ order: 'priceAsc' });
    expect(ids(ascending.body.data)).toEqual([cheap.id, following.id, dear.id]);
    expect(ascending.body.data?.list[1]?.price.unitPriceFen).toBe(2_015_000);
    expect(ids((await list({ order: 'priceDesc' })).body.data)).toEqual([dear.id, following.id, cheap.id]);
    expect(ids((await list({ priceMin: '20150', priceMax: '20200.5' })).body.data)).toEqual([following.id]);
    expect(ids((await list({ priceMax: '20149.99' })).body.data)).toEqual([cheap.id]);
    // Without a price filter or price order, the unpriced listing is listed like any other.
    expect(ids((await list()).body.data)).toContain(unquoted.id);

    // The operator imports today's quote: the listing follows it before anyone searches.
    const operator = await t.buildOperator();
    const imported = await t.call(
      Calls.importPrices,
      { format: 'csv', content: 'market,sort,date,low,high\nchangjiang,13,2026-11-20,20390,20410' },
      { session: operator.session },
    );
    expect(imported.body.codeFlag).toBe(CodeFlag.ok);
    const priceOf = async (id: number) =>
      (await t.db.select({ price: stocks.currentPriceFen }).from(stocks).where(eq(stocks.id, id)))[0]?.price;
    for (let i = 0; i < 100 && (await priceOf(following.id)) !== 2_055_000; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await priceOf(following.id)).toBe(2_055_000);
    expect(ids((await list({ order: 'priceAsc' })).body.data)).toEqual([cheap.id, dear.id, following.id]);
    expect(ids((await list({ priceMin: 20_500 })).body.data)).toEqual([following.id]);

    // A day later the quote dated the 25th is still ahead; on the 25th it is today's.
    t.clock.advance(5 * 86_400);
    expect(ids((await list({ priceMin: 30_000 })).body.data)).toEqual([following.id]);
    expect((await list({ priceMin: 30_000 })).body.data?.list[0]?.price.unitPriceFen).toBe(3_015_000);
    t.clock.advance(-5 * 86_400);
  });

  it('prices a listing the moment it is posted or moved to another series', async () => {
    await t.db.insert(priceRows).values([quote(1, '2026-11-20', 20_000), quote(4, '2026-11-20', 70_000)]);
    t.app.deps.bus.publish('price.changed', { sortId: 13, seriesId: 4, date: '2026-11-20', priceCents: 7_000_000 });
    const listing = await t.buildStock(seller.user.id, {
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 0,
      priceFen: null,
    });
    expect(ids((await list({ priceMin: 20_000, priceMax: 20_000 })).body.data)).toEqual([listing.id]);
    await t.db.update(stocks).set({ seriesId: 4 }).where(eq(stocks.id, listing.id));
    // What the stocks module publishes on commit of an edit.
    t.app.deps.bus.publish('stocks.saved', { stockId: listing.id });
    expect(ids((await list({ priceMin: 70_000 })).body.data)).toEqual([listing.id]);
    await t.db
      .update(stocks)
      .set({ priceType: 'fixed', priceFen: 1_000_000, seriesId: null })
      .where(eq(stocks.id, listing.id));
    expect(ids((await list({ priceMax: 10_000 })).body.data)).toEqual([listing.id]);
  });

  it("prices a listing moved behind the server's back within a minute", async () => {
    await t.db.insert(priceRows).values([quote(1, '2026-11-20', 20_000), quote(4, '2026-11-20', 70_000)]);
    t.app.deps.bus.publish('price.changed', { sortId: 13, seriesId: 4, date: '2026-11-20', priceCents: 7_000_000 });
    const listing = await t.buildStock(seller.user.id, {
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 0,
      priceFen: null,
    });
    expect(ids((await list({ priceMin: 20_000, priceMax: 20_000 })).body.data)).toEqual([listing.id]);
    await t.db.update(stocks).set({ seriesId: 4 }).where(eq(stocks.id, listing.id));
    expect(ids((await list({ priceMin: 70_000 })).body.data)).toEqual([]);
    t.clock.advance(60);
    expect(ids((await list({ priceMin: 70_000 })).body.data)).toEqual([listing.id]);
    t.clock.advance(-60);
  });

  it('writes nothing when no quote moved and no listing is new', async () => {
    await t.db.insert(priceRows).values([quote(1, '2026-11-20', 20_000)]);
    await t.buildStock(seller.user.id, { priceType: 'market', seriesId: 1, processingFeeFen: 100, priceFen: null });
    const now = t.clock.now();
    expect((await syncStockQuotes(t.db, '2026-11-20', now)).listings).toBe(1);
    expect(await syncStockQuotes(t.db, '2026-11-20', now)).toEqual({ series: 0, listings: 0 });
  });
});

describe('distance', () => {
  const centre = { lng: 121.4737, lat: 31.2304 };
  /** A point `km` due north of the centre: along a meridian the great-circle distance is R·Δφ. */
  const northBy = (km: number) => ({ lng: centre.lng, lat: centre.lat + (km / EARTH_RADIUS_KM) * (180 / Math.PI) });

  it('orders by distance from the point and keeps the radius, inclusive up to its edge', async () => {
    const far = await t.buildStock(seller.user.id, northBy(50.1));
    const edge = await t.buildStock(seller.user.id, northBy(49.9));
    const near = await t.buildStock(other.user.id, northBy(10));
    const east = await t.buildStock(other.user.id, { lng: centre.lng + 0.3, lat: centre.lat });
    const nowhere = await t.buildStock(other.user.id, { lng: null, lat: null });

    const nearest = await list({ ...centre, order: 'distance' });
    expect(ids(nearest.body.data)).toEqual([near.id, east.id, edge.id, far.id, nowhere.id]);
    expect(nearest.body.data?.list.map((row) => row.distanceKm)).toEqual([10, 28.556, 49.9, 50.1, null]);

    const within = await list({ ...centre, radiusKm: 50, order: 'distance' });
    expect(ids(within.body.data)).toEqual([near.id, east.id, edge.id]);
    expect(within.body.data?.total).toBe(3);
    expect(ids((await list({ ...centre, radiusKm: '28.5' })).body.data)).toEqual([near.id]);
    // Listings on one spot (a district's centre) are as near as each other: the older first, across pages.
    const first = await t.buildStock(seller.user.id, northBy(3));
    const second = await t.buildStock(seller.user.id, northBy(3));
    const third = await t.buildStock(seller.user.id, northBy(3));
    const pageOne = await list({ ...centre, radiusKm: 50, order: 'distance', pageSize: 2 });
    expect(ids(pageOne.body.data)).toEqual([first.id, second.id]);
    expect(pageOne.body.data).toMatchObject({ total: 6, hasMore: true });
    const pageTwo = await list({ ...centre, radiusKm: 50, order: 'distance', pageSize: 2, page: 2 });
    expect(ids(pageTwo.body.data)).toEqual([third.id, near.id]);
    const withKeyword = await list({ ...centre, radiusKm: 50, order: 'distance', keyword: '铝', pageSize: 3, page: 2 });
    expect(ids(withKeyword.body.data)).toEqual([near.id, east.id, edge.id]);
    // With a point but another order, rows still carry their distance.
    const newest = await list({ ...centre, radiusKm: 50 });
    expect(newest.body.data?.list.every((row) => row.distanceKm !== null)).toBe(true);
  });
});

describe('stock/list validation', () => {
  const refused = async (fields: Record<string, unknown>, key: string, zh: string, en: string) => {
    const chinese = await list(fields);
    expect(chinese.body, JSON.stringify(fields)).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: zh });
    expect(chinese.body.errors?.[key]).toBe(zh);
    const english = await list(fields, { lang: 'en-US' });
    expect(english.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: en });
  };

  it('refuses each malformed filter with its own message', async () => {
    await refused(
      { priceMin: '21000', priceMax: '20000' },
      'priceMax',
      '最低价不能高于最高价',
      'The lowest price cannot be above the highest price',
    );
    await refused({ priceMin: '2万' }, 'priceMin', '请输入数字', 'Please enter numbers');
    await refused({ priceMax: '20000.123' }, 'priceMax', '请输入数字', 'Please enter numbers');
    await refused({ priceMin: '-5' }, 'priceMin', '请输入数字', 'Please enter numbers');
    await refused(
      { lng: '121.47' },
      'lat',
      '位置需要同时提供经度和纬度',
      'A location needs both longitude and latitude',
    );
    await refused({ lat: '31.2' }, 'lng', '位置需要同时提供经度和纬度', 'A location needs both longitude and latitude');
    await refused({ lng: '200', lat: '31' }, 'lng', '位置坐标不正确', 'The location is not valid');
    await refused({ lng: 'east', lat: '31' }, 'lng', '位置坐标不正确', 'The location is not valid');
    await refused(
      { radiusKm: '10' },
      'radiusKm',
      '按范围搜索需要先获取位置',
      'Searching within a radius needs your location',
    );
    for (const radiusKm of ['0', '-1', '500.1', 'far'])
      await refused(
        { lng: '121', lat: '31', radiusKm },
        'radiusKm',
        '搜索范围须大于0且不超过500公里',
        'The search radius must be above 0 and at most 500 km',
      );
    await refused(
      { order: 'distance' },
      'order',
      '按距离排序需要先获取位置',
      'Ordering by distance needs your location',
    );
    await refused({ order: 'cheapest' }, 'order', '排序方式不正确', 'Unknown order');
    await refused({ keyword: '铝'.repeat(31) }, 'keyword', '内容过长', 'Too long');
    await refused(
      { sortId: 'aluminium' },
      'sortId',
      '输入有误，请检查后重试',
      'Some input is invalid, please check and try again',
    );
    await refused(
      { fixedPrice: '2' },
      'fixedPrice',
      '输入有误，请检查后重试',
      'Some input is invalid, please check and try again',
    );
    await refused(
      { pageSize: '51' },
      'pageSize',
      '输入有误，请检查后重试',
      'Some input is invalid, please check and try again',
    );
  });

  it('takes the widest radius and prices with two decimals', async () => {
    const listing = await t.buildStock(seller.user.id, { priceFen: 2_050_050 });
    const found = await list({
      lng: '113.1433',
      lat: '23.0494',
      radiusKm: '500',
      priceMin: '20500.5',
      priceMax: '20500.50',
    });
    expect(found.body.codeFlag).toBe(CodeFlag.ok);
    expect(ids(found.body.data)).toEqual([listing.id]);
  });

  it('leaves listings of other statuses out whatever the filters ask', async () => {
    const hidden = await t.buildStock(seller.user.id, { status: 'review', productName: '待审铝锭' });
    const found = await list({ keyword: '待审' }, { session: seller.session });
    expect(found.body.data?.total).toBe(0);
    expect(
      await t.db
        .select()
        .from(stocks)
        .where(inArray(stocks.id, [hidden.id])),
    ).toHaveLength(1);
  });
});
