import { Calls, CodeFlag, EARTH_RADIUS_KM } from '@metal/shared';
import { and, desc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../accounts/accounts.table';
import { priceRows } from '../markets/markets.table';
import { entitlements } from '../memberships/memberships.table';
import { stocks } from '../stocks/stocks.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Point = { lng: number; lat: number };

/** The point `km` from `from` on the initial bearing `degrees` (great circle on SPEC's sphere). */
function destination(from: Point, km: number, degrees: number): Point {
  const rad = Math.PI / 180;
  const angular = km / EARTH_RADIUS_KM;
  const bearing = degrees * rad;
  const lat1 = from.lat * rad;
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing));
  const lng2 =
    from.lng * rad +
    Math.atan2(
      Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1),
      Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { lng: lng2 / rad, lat: lat2 / rad };
}

const companiesNear = (
  point: Point,
  extra: Record<string, unknown> = {},
  options: { session?: string; lang?: string } = {},
) => t.call(Calls.nearbyCompanies, { lng: point.lng, lat: point.lat, ...extra }, options);

/** A complete company (it passes the company-info gate) whose map point is `point`. */
async function companyAt(point: Point, fields: Parameters<TestApp['buildCompany']>[1] = {}) {
  const owner = await t.buildUser();
  const company = await t.buildCompany(owner.user.id, { lng: point.lng, lat: point.lat, ...fields });
  return { owner, company };
}

// City centres (GCJ-02, as the region table gives them), each test around a city of its own.
const SHANGHAI = { lng: 121.4737, lat: 31.2304 };
const HANGZHOU = { lng: 120.1551, lat: 30.2741 };
const BEIJING = { lng: 116.4074, lat: 39.9042 };
const TIANJIN = { lng: 117.2009, lat: 39.0842 };
const GUANGZHOU = { lng: 113.2644, lat: 23.1291 };
const FOSHAN = { lng: 113.1214, lat: 23.0215 };
const WUHAN = { lng: 114.3054, lat: 30.5931 };
const CHENGDU = { lng: 104.0665, lat: 30.5723 };
const XIAN = { lng: 108.9398, lat: 34.3416 };
const KUNMING = { lng: 102.8329, lat: 24.8801 };

describe('nearby/companies', () => {
  it('measures known city pairs as the map does: Shanghai-Hangzhou about 165 km, Beijing-Tianjin 114, Guangzhou-Foshan 19', async () => {
    const hangzhou = await companyAt(HANGZHOU);
    const tianjin = await companyAt(TIANJIN);
    const foshan = await companyAt(FOSHAN);
    const fromShanghai = await companiesNear(SHANGHAI, { radiusKm: 200 });
    expect(fromShanghai.body.codeFlag).toBe(CodeFlag.ok);
    const hz = fromShanghai.body.data?.list.find((c) => c.rootId === hangzhou.owner.user.id);
    expect(hz?.distanceKm).toBeCloseTo(165.059, 3);
    const fromBeijing = await companiesNear(BEIJING, { radiusKm: 200 });
    expect(fromBeijing.body.data?.list.find((c) => c.rootId === tianjin.owner.user.id)?.distanceKm).toBeCloseTo(
      113.924,
      3,
    );
    const fromGuangzhou = await companiesNear(GUANGZHOU, { radiusKm: 50 });
    expect(fromGuangzhou.body.data?.list.find((c) => c.rootId === foshan.owner.user.id)?.distanceKm).toBeCloseTo(
      18.92,
      2,
    );
    // Hangzhou is past 50 km from Shanghai, so the narrower radii leave it out.
    const narrow = await companiesNear(SHANGHAI, { radiusKm: 50 });
    expect(narrow.body.data?.list.map((c) => c.rootId)).not.toContain(hangzhou.owner.user.id);
  });

  it('takes in a company just inside the radius and leaves out one just outside, in every direction', async () => {
    const inside: number[] = [];
    const outside: number[] = [];
    for (const bearing of [0, 90, 180, 270, 45]) {
      inside.push((await companyAt(destination(WUHAN, 4.99, bearing))).owner.user.id);
      outside.push((await companyAt(destination(WUHAN, 5.01, bearing))).owner.user.id);
    }
    const byDefault = await companiesNear(WUHAN);
    expect(byDefault.body.data?.radiusKm).toBe(5);
    expect(byDefault.body.data?.list.map((c) => c.rootId).sort()).toEqual([...inside].sort());
    for (const company of byDefault.body.data?.list ?? []) expect(company.distanceKm).toBeCloseTo(4.99, 3);
    const wider = await companiesNear(WUHAN, { radiusKm: 10 });
    expect(wider.body.data?.total).toBe(10);
    expect(
      wider.body.data?.list
        .slice(5)
        .map((c) => c.rootId)
        .sort(),
    ).toEqual([...outside].sort());
  });

  it('lists nearest first, page by page', async () => {
    const kms = [3.2, 0.4, 7.5, 1.1, 0.85];
    const ids = new Map<number, number>();
    for (const km of kms) ids.set(km, (await companyAt(destination(CHENGDU, km, 30))).owner.user.id);
    const first = await companiesNear(CHENGDU, { radiusKm: 10, pageSize: 2 });
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true, total: 5, radiusKm: 10 });
    expect(first.body.data?.list.map((c) => c.rootId)).toEqual([ids.get(0.4), ids.get(0.85)]);
    expect(first.body.data?.list.map((c) => c.distanceKm)).toEqual([0.4, 0.85]);
    const second = await companiesNear(CHENGDU, { radiusKm: 10, pageSize: 2, page: 2 });
    expect(second.body.data?.list.map((c) => c.rootId)).toEqual([ids.get(1.1), ids.get(3.2)]);
    const last = await companiesNear(CHENGDU, { radiusKm: 10, pageSize: 2, page: 3 });
    expect(last.body.data).toMatchObject({ page: 3, hasMore: false, total: 5 });
    expect(last.body.data?.list.map((c) => c.rootId)).toEqual([ids.get(7.5)]);
    const beyond = await companiesNear(CHENGDU, { radiusKm: 10, pageSize: 2, page: 9 });
    expect(beyond.body.data).toMatchObject({ list: [], hasMore: false, total: 5 });
  });

  it('shows only companies with complete info, a map point and an active account', async () => {
    const complete = await companyAt(destination(XIAN, 1, 0));
    await companyAt(destination(XIAN, 1, 90), { linkPhone: '' });
    await companyAt(destination(XIAN, 1, 180), { addressDetail: '  ' });
    await companyAt(destination(XIAN, 1, 200), { businessModel: null });
    const noPoint = await t.buildUser();
    await t.buildCompany(noPoint.user.id);
    const disabled = await companyAt(destination(XIAN, 1, 270));
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.owner.user.id));
    const near = await companiesNear(XIAN, { radiusKm: 200 });
    expect(near.body.data?.list.map((c) => c.rootId)).toEqual([complete.owner.user.id]);
  });

  it('describes each company: address, products in the reader language, open shop, certified, own and demo marks', async () => {
    const open = await companyAt(destination(KUNMING, 0.85, 10), {
      name: '昆明铝材有限公司',
      sellProducts: [13, 12],
      shopOpenedAt: new Date('2026-11-01T00:00:00Z'),
      province: '云南省',
      city: '昆明市',
      district: '五华区',
      addressDetail: '人民中路1号',
    });
    await t.db.insert(entitlements).values({
      userId: open.owner.user.id,
      kind: 'certified_supplier',
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: new Date('2027-01-01T00:00:00Z'),
    });
    const mine = await companyAt(destination(KUNMING, 2.5, 200));
    await t.db.update(users).set({ isDemo: true }).where(eq(users.id, mine.owner.user.id));
    const zh = await companiesNear(KUNMING, {}, { session: mine.owner.session });
    expect(zh.body.data?.list).toHaveLength(2);
    const [first, second] = zh.body.data?.list ?? [];
    expect(first).toMatchObject({
      rootId: open.owner.user.id,
      name: '昆明铝材有限公司',
      businessModel: 'trader',
      province: '云南省',
      city: '昆明市',
      district: '五华区',
      addressDetail: '人民中路1号',
      distanceKm: 0.85,
      shopOpen: true,
      certified: true,
      mine: false,
      isDemo: false,
    });
    expect(first?.sellProducts.map((p) => p.id)).toEqual([13, 12]);
    expect(second).toMatchObject({
      rootId: mine.owner.user.id,
      shopOpen: false,
      certified: false,
      mine: true,
      isDemo: true,
    });
    const en = await companiesNear(KUNMING, {}, { lang: 'en-US' });
    const names = (page: typeof zh) => page.body.data?.list[0]?.sellProducts.map((p) => p.sortName);
    expect(names(en)).not.toEqual(names(zh));
    expect(names(en)?.every((name) => /^[\x20-\x7e]+$/.test(name))).toBe(true);
    // A visitor sees the same list, with nothing marked as theirs.
    expect(en.body.data?.list.every((c) => !c.mine)).toBe(true);
  });

  it('refuses a missing, foreign or nonsense point, an unoffered radius and a bad page, in the caller language', async () => {
    const missing = await t.callRaw(Calls.nearbyCompanies, { lat: 31.2 }, { lang: 'en-US' });
    expect(missing.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The location is not valid; only places in mainland China are supported',
    });
    expect(missing.body.errors).toHaveProperty('lng');
    for (const point of [
      { lng: 139.69, lat: 35.69 }, // Tokyo
      { lng: -0.13, lat: 51.51 }, // London
      { lng: 'abc', lat: 31.2 },
      { lng: 121.47, lat: 'NaN' },
      { lng: 121.47, lat: 'Infinity' },
    ]) {
      const refused = await t.call(Calls.nearbyCompanies, point);
      expect(refused.body, JSON.stringify(point)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '位置坐标不正确，仅支持中国大陆范围内的位置',
      });
    }
    const radius = await companiesNear(SHANGHAI, { radiusKm: 7 }, { lang: 'en-US' });
    expect(radius.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Please choose a radius of 5, 10, 50 or 200 km',
    });
    expect(radius.body.errors).toEqual({ radiusKm: 'Please choose a radius of 5, 10, 50 or 200 km' });
    const zhRadius = await companiesNear(SHANGHAI, { radiusKm: 'far' });
    expect(zhRadius.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请选择 5、10、50 或 200 公里的范围',
    });
    const pageSize = await companiesNear(SHANGHAI, { pageSize: 0 });
    expect(pageSize.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(pageSize.body.errors).toHaveProperty('pageSize');
  });
});

const stockNear = (
  point: Point,
  extra: Record<string, unknown> = {},
  options: { session?: string; lang?: string } = {},
) => t.call(Calls.nearbyStock, { lng: point.lng, lat: point.lat, ...extra }, options);

const NANNING = { lng: 108.3665, lat: 22.817 };
const HEFEI = { lng: 117.2272, lat: 31.8206 };
const JINAN = { lng: 117.1201, lat: 36.6512 };
const SHENYANG = { lng: 123.4315, lat: 41.8057 };

/** A seller with a complete company; its listings are placed where each test says. */
async function seller(name?: string) {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id, name ? { name } : {});
  return owner;
}

describe('nearby/stock', () => {
  it('lists for-sale stock within the radius nearest first, as stock summaries with the distance to the metre', async () => {
    const owner = await seller('南宁铝业有限公司');
    const far = await t.buildStock(owner.user.id, { ...destination(NANNING, 3.2, 60), productName: '铝棒' });
    const near = await t.buildStock(owner.user.id, {
      ...destination(NANNING, 0.85, 250),
      productName: '铝锭',
      priceType: 'fixed',
      priceFen: 2_080_000,
      specialSale: true,
    });
    await t.buildStock(owner.user.id, destination(NANNING, 5.2, 0));
    const found = await stockNear(NANNING);
    expect(found.body.codeFlag).toBe(CodeFlag.ok);
    expect(found.body.data).toMatchObject({ page: 1, hasMore: false, total: 2, radiusKm: 5 });
    expect(found.body.data?.list.map((s) => s.id)).toEqual([near.id, far.id]);
    expect(found.body.data?.list[0]).toMatchObject({
      id: near.id,
      rootId: owner.user.id,
      companyName: '南宁铝业有限公司',
      status: 'sale',
      productName: '铝锭',
      sortName: 'A00铝',
      price: { type: 'fixed', unitPriceFen: 2_080_000 },
      specialSale: true,
      distanceKm: 0.85,
      cover: null,
      isDemo: false,
    });
    expect(found.body.data?.list[1]?.distanceKm).toBe(3.2);
    const wider = await stockNear(NANNING, { radiusKm: 10 }, { lang: 'en-US' });
    expect(wider.body.data?.total).toBe(3);
    expect(wider.body.data?.list[0]?.sortName).not.toBe('A00铝');
  });

  it("prices market-following stock from today's quote", async () => {
    const owner = await seller();
    await t.db
      .insert(priceRows)
      .values({ seriesId: 1, date: '2026-11-20', lowCents: 0, highCents: 0, priceCents: 2_050_000 })
      .onConflictDoNothing();
    await t.buildStock(owner.user.id, {
      ...destination(HEFEI, 1, 0),
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 20_000,
      priceFen: null,
    });
    const [row] = (await stockNear(HEFEI)).body.data?.list ?? [];
    expect(row?.price).toMatchObject({ type: 'market', quoteDate: '2026-11-20', processingFeeFen: 20_000 });
    const [quote] = await t.db
      .select()
      .from(priceRows)
      .where(and(eq(priceRows.seriesId, 1), lte(priceRows.date, '2026-11-20')))
      .orderBy(desc(priceRows.date))
      .limit(1);
    expect(quote?.date).toBe('2026-11-20');
    expect(row?.price.unitPriceFen).toBe(quote!.priceCents + 20_000);
  });

  it("shows no stock that is not for sale, another company's or one's own", async () => {
    const owner = await seller();
    const other = await seller();
    const onSale = await t.buildStock(owner.user.id, destination(JINAN, 1, 0));
    for (const status of ['review', 'rejected', 'soldOut', 'offline', 'onTheWay', 'expired', 'deleted'] as const) {
      await t.buildStock(owner.user.id, { ...destination(JINAN, 1, 90), status });
      await t.buildStock(other.user.id, { ...destination(JINAN, 1, 180), status });
    }
    await t.buildStock(owner.user.id, { ...destination(JINAN, 1, 45), lng: null, lat: null });
    for (const session of [undefined, owner.session, other.session]) {
      const found = await stockNear(JINAN, {}, session ? { session } : {});
      expect(found.body.data?.list.map((s) => s.id)).toEqual([onSale.id]);
    }
  });

  it('pages through the stock around a point', async () => {
    const owner = await seller();
    const ids: number[] = [];
    for (const km of [0.2, 0.4, 0.6, 0.8, 1.0])
      ids.push((await t.buildStock(owner.user.id, destination(SHENYANG, km, 120))).id);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push((await stockNear(SHENYANG, { page, pageSize: 2 })).body.data);
    expect(pages.map((p) => p?.list.map((s) => s.id))).toEqual([ids.slice(0, 2), ids.slice(2, 4), ids.slice(4)]);
    expect(pages.map((p) => p?.hasMore)).toEqual([true, true, false]);
  });

  it('refuses a foreign or nonsense point and an unoffered radius, writing nothing', async () => {
    const before = await t.db.select({ id: stocks.id, views: stocks.views }).from(stocks);
    const foreign = await t.call(Calls.nearbyStock, { lng: 151.2, lat: -33.87 }, { lang: 'en-US' });
    expect(foreign.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The location is not valid; only places in mainland China are supported',
    });
    expect((await t.call(Calls.nearbyStock, { lng: '', lat: '' })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '位置坐标不正确，仅支持中国大陆范围内的位置',
    });
    expect((await stockNear(NANNING, { radiusKm: 500 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '请选择 5、10、50 或 200 公里的范围',
    });
    expect(await t.db.select({ id: stocks.id, views: stocks.views }).from(stocks)).toEqual(before);
  });
});
