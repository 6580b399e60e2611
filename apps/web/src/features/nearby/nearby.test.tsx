// @vitest-environment happy-dom
import {
  Calls,
  CodeFlag,
  type TGeocode,
  type TNearbyCompaniesPage,
  type TNearbyCompany,
  type TNearbyStockPage,
  type TPlace,
  type TPlaceSearchResult,
  type TStockSummary,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPoint, LocateError } from '../../lib/geolocation';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession } from '../../lib/session';
import {
  buttonWith,
  click,
  createPageHarness,
  fail,
  layOutForInfiniteScroll,
  ok,
  typeInto,
  until,
} from '../../test/pageHarness';
import HomeTab from '../home/components/HomeTab';
import { chooseLocationPath, openLocationPath, takeChosenLocation } from '.';
import { nearbyPointStore, putChosenLocation } from './location';
import ChooseLocationPage from './pages/ChooseLocationPage';
import NearbyPage from './pages/NearbyPage';
import OpenLocationPage from './pages/OpenLocationPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);
vi.mock('../../lib/geolocation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/geolocation')>()),
  currentPoint: vi.fn(),
}));
const locate = vi.mocked(currentPoint);

const HERE = { lng: 113.1514, lat: 23.0501, accuracy: 20 };

const company = (over: Partial<TNearbyCompany> = {}): TNearbyCompany => ({
  rootId: 42,
  name: '佛山南海铝材有限公司',
  businessModel: 'producer',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  addressDetail: '大沥镇1号',
  lng: 113.15,
  lat: 23.05,
  distanceKm: 0.85,
  sellProducts: [{ id: 13, sortName: 'A00铝' }],
  shopOpen: true,
  certified: false,
  mine: false,
  isDemo: false,
  ...over,
});

const companiesPage = (list: TNearbyCompany[], over: Partial<TNearbyCompaniesPage> = {}): TNearbyCompaniesPage => ({
  list,
  page: 1,
  hasMore: false,
  total: list.length,
  radiusKm: 5,
  ...over,
});

const stock = (over: Partial<TStockSummary> = {}): TStockSummary => ({
  id: 7,
  rootId: 42,
  companyName: '佛山南海铝材有限公司',
  status: 'sale',
  sortId: 13,
  sortName: 'A00铝',
  productName: '铝锭',
  specifications: 'AL99.70',
  quantityKg: 30_000,
  brand: '',
  manufacturer: '',
  province: '广东省',
  city: '佛山市',
  price: {
    type: 'fixed',
    unitPriceFen: 2_080_000,
    quoteDate: null,
    seriesId: null,
    seriesName: '',
    processingFeeFen: null,
    intro: '',
  },
  fixedPrice: true,
  specialSale: true,
  splittable: false,
  freightIncluded: false,
  cover: null,
  distanceKm: 1.234,
  views: 0,
  publishedAt: '2026-11-20T02:00:00.000Z',
  refreshedAt: '2026-11-20T02:00:00.000Z',
  isDemo: false,
  ...over,
});

const stockPage = (list: TStockSummary[]): TNearbyStockPage => ({
  list,
  page: 1,
  hasMore: false,
  total: list.length,
  radiusKm: 5,
});

const geocode: TGeocode = {
  formatted_address: '广东省佛山市南海区',
  location: { lon: HERE.lng, lat: HERE.lat },
  addressComponent: {
    address: '',
    town: '',
    nation: '中国',
    city: '佛山市',
    county: '南海区',
    province: '广东省',
    road: '',
    poi: '',
    province_code: '440000',
    city_code: '440600',
    county_code: '440605',
    town_code: '',
    address_distance: null,
    road_distance: null,
    poi_distance: null,
    address_position: '',
    poi_position: '',
  },
  source: 'offline',
};

const place = (over: Partial<TPlace> = {}): TPlace => ({
  name: '佛山市',
  address: '广东省佛山市',
  phone: '',
  poiType: 'city',
  lonlat: '113.1214,23.0215',
  hotPointID: '440600',
  distance: '',
  lng: 113.1214,
  lat: 23.0215,
  distanceM: null,
  province: '广东省',
  city: '佛山市',
  district: '',
  ...over,
});

const placeResult = (pois: TPlace[], keyWord = '佛山'): TPlaceSearchResult => ({
  keyWord,
  count: pois.length,
  pois,
  status: { infocode: 1000, cndesc: '服务正常' },
  source: 'offline',
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.nearby]: NearbyPage,
      [Paths.chooseLocation]: ChooseLocationPage,
      [Paths.openLocation]: OpenLocationPage,
      [Paths.company]: Stub,
      [Paths.stockDetail]: Stub,
      [Paths.root]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const bodyText = () => document.body.textContent ?? '';
const rows = (kind: 'company' | 'stock') => [
  ...h.container.querySelectorAll(kind === 'company' ? '[data-testid="nearby-company"]' : '[data-testid="stock-row"]'),
];
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
  locate.mockReset();
});
afterEach(() => h.cleanup());

describe('nearby page', () => {
  it("opens from the home tab's nearby tile", async () => {
    await h.render({ [Paths.root]: HomeTab, [Paths.nearby]: Stub }, Paths.root);
    await click(buttonWith(h.container, '附近'));
    expect(h.router.state.location.pathname).toBe(Paths.nearby);
  });

  it('locates the user and lists companies nearest first with their distances; a row opens the company', async () => {
    locate.mockResolvedValue(HERE);
    serve(
      Calls.nearbyCompanies,
      ok(companiesPage([company(), company({ rootId: 43, name: '南海铜业', distanceKm: 1.234, shopOpen: false })])),
    );
    serve(Calls.reverseGeocode, ok(geocode));
    await render(Paths.nearby);
    await until(() => rows('company').length === 2, 'the companies');
    expect(locate).toHaveBeenCalledTimes(1);
    expect(calls(Calls.nearbyCompanies)[0]).toMatchObject({
      lng: String(HERE.lng),
      lat: String(HERE.lat),
      radiusKm: '5',
      page: '1',
    });
    expect(rows('company').map((row) => row.querySelector('[data-testid="distance"]')?.textContent)).toEqual([
      '850 m',
      '1.2 km',
    ]);
    expect(rows('company')[0]?.textContent).toContain('生产商 · 佛山市南海区');
    expect(rows('company')[0]?.textContent).toContain('店铺');
    expect(rows('company')[1]?.textContent).not.toContain('店铺');
    expect(text()).toContain('5 公里内共 2 条');
    await until(() => testId('location-label')?.textContent === '我的位置 · 广东省佛山市南海区', 'the place name');
    await click(rows('company')[0]);
    expect(h.router.state.location.pathname).toBe(Paths.company);
    expect(h.router.state.location.search).toBe('?id=42');
  });

  it('keeps the point for the session, so coming back does not locate again', async () => {
    locate.mockResolvedValue(HERE);
    serve(Calls.nearbyCompanies, ok(companiesPage([company()])));
    serve(Calls.reverseGeocode, ok(geocode));
    await render(Paths.nearby);
    await until(() => rows('company').length === 1, 'the companies');
    expect(nearbyPointStore.read()).toEqual({ lng: HERE.lng, lat: HERE.lat, source: 'located', name: '' });
    await h.cleanup();
    h.install();
    locate.mockClear();
    serve(Calls.nearbyCompanies, ok(companiesPage([company()])));
    serve(Calls.reverseGeocode, ok(geocode));
    await render(Paths.nearby);
    await until(() => rows('company').length === 1, 'the companies again');
    expect(locate).not.toHaveBeenCalled();
  });

  it('shows for-sale stock on its tab with price, quantity and distance; a row opens the listing', async () => {
    nearbyPointStore.write({ lng: HERE.lng, lat: HERE.lat, source: 'located', name: '' });
    serve(Calls.nearbyCompanies, ok(companiesPage([company()])));
    serve(Calls.nearbyStock, ok(stockPage([stock()])));
    serve(Calls.reverseGeocode, ok(geocode));
    await render(`${Paths.nearby}?tab=stock`);
    await until(() => rows('stock').length === 1, 'the stock');
    expect(calls(Calls.nearbyCompanies)).toHaveLength(0);
    const [row] = rows('stock');
    expect(row?.textContent).toContain('铝锭');
    expect(row?.textContent).toContain('AL99.70');
    expect(row?.textContent).toContain('¥20800元/吨');
    expect(row?.textContent).toContain('30 吨');
    expect(row?.textContent).toContain('特价');
    expect(row?.textContent).toContain('一口价');
    expect(row?.querySelector('[data-testid="distance"]')?.textContent).toBe('1.2 km');
    await click(row?.querySelector('.mm-stock-row-open'));
    expect(h.router.state.location.pathname).toBe(Paths.stockDetail);
    expect(h.router.state.location.search).toBe('?id=7');
  });

  it('switches tabs and widens the radius, keeping both in the address', async () => {
    nearbyPointStore.write({ lng: HERE.lng, lat: HERE.lat, source: 'city', name: '广东省 佛山市' });
    serve(Calls.nearbyCompanies, ok(companiesPage([])), ok(companiesPage([company()], { radiusKm: 10 })));
    serve(Calls.nearbyStock, ok(stockPage([])));
    await render(Paths.nearby);
    await until(() => text().includes('5 公里内暂无公司'), 'the empty list');
    expect(testId('location-label')?.textContent).toBe('已选城市 · 广东省 佛山市');
    expect(calls(Calls.reverseGeocode)).toHaveLength(0);
    await click(buttonWith(h.container, '扩大到 10 公里'));
    await until(() => rows('company').length === 1, 'the wider list');
    expect(calls(Calls.nearbyCompanies).at(-1)).toMatchObject({ radiusKm: '10' });
    expect(h.router.state.location.search).toContain('radius=10');
    expect(buttonWith(h.container, '10 公里')?.getAttribute('aria-pressed')).toBe('true');
    await click(buttonWith(h.container, '200 公里'));
    await until(() => calls(Calls.nearbyCompanies).some((c) => c.radiusKm === '200'), 'the widest radius');
    await click([...h.container.querySelectorAll('.adm-tabs-tab')].find((tab) => tab.textContent === '现货'));
    await until(() => text().includes('200 公里内暂无在售现货'), 'the stock tab');
    expect(calls(Calls.nearbyStock)[0]).toMatchObject({ radiusKm: '200' });
    expect(h.router.state.location.search).toContain('tab=stock');
    // The widest radius has nothing wider to offer.
    expect(buttonWith(h.container, '扩大到 200 公里')).toBeUndefined();
  });

  it('loads the next page as the list scrolls to its end', async () => {
    layOutForInfiniteScroll();
    nearbyPointStore.write({ lng: HERE.lng, lat: HERE.lat, source: 'place', name: '大沥镇' });
    serve(
      Calls.nearbyCompanies,
      ok(companiesPage([company()], { hasMore: true, total: 2 })),
      ok(companiesPage([company({ rootId: 43, name: '南海铜业', distanceKm: 3 })], { page: 2, total: 2 })),
    );
    await render(Paths.nearby);
    await until(() => rows('company').length === 2, 'both pages');
    expect(calls(Calls.nearbyCompanies).map((c) => c.page)).toEqual(['1', '2']);
    expect(text()).toContain('没有更多了');
  });

  it('offers a retry when the list fails to load', async () => {
    nearbyPointStore.write({ lng: HERE.lng, lat: HERE.lat, source: 'place', name: '大沥镇' });
    serve(Calls.nearbyCompanies, fail(CodeFlag.serverFault, '服务器开小差了'), ok(companiesPage([company()])));
    await render(Paths.nearby);
    await until(() => text().includes('请稍后重试'), 'the failure');
    await click(buttonWith(h.container, '重试'));
    await until(() => rows('company').length === 1, 'the list after retrying');
  });

  it("says 'Failed to get location' when it is denied, explains the settings, and locates again on request", async () => {
    locate.mockRejectedValueOnce(new LocateError('denied')).mockResolvedValueOnce(HERE);
    serve(Calls.nearbyCompanies, ok(companiesPage([company()])));
    serve(Calls.reverseGeocode, ok(geocode));
    await render(Paths.nearby);
    await until(() => testId('locate-failed') !== null, 'the failure');
    expect(text()).toContain('获取位置失败');
    expect(text()).toContain('您未允许本网站获取位置。');
    expect(calls(Calls.nearbyCompanies)).toHaveLength(0);
    await click(testId('go-to-settings'));
    await until(() => bodyText().includes('允许获取位置'), 'the settings help');
    expect(document.body.querySelector('[data-testid="settings-steps"]')?.textContent).toContain('“位置”设为“允许”');
    const retry = [...document.body.querySelectorAll('.adm-dialog button')].find((b) => b.textContent === '重新定位');
    await click(retry);
    await until(() => rows('company').length === 1, 'the list after locating');
    expect(locate).toHaveBeenCalledTimes(2);
  });

  it('lets a user without a position search for a place instead, and looks around the place picked', async () => {
    locate.mockRejectedValue(new LocateError('unavailable'));
    serve(Calls.placeSearch, ok(placeResult([place()])));
    serve(Calls.nearbyCompanies, ok(companiesPage([company()])));
    await render(Paths.nearby);
    await until(() => testId('locate-failed') !== null, 'the failure');
    expect(text()).toContain('暂时无法确定您的位置');
    await click(testId('search-place'));
    expect(h.router.state.location.pathname).toBe(Paths.chooseLocation);
    expect(h.router.state.location.search).toBe('?key=nearby');
    await typeInto(h.container.querySelector('input'), '佛山');
    await until(() => h.container.querySelectorAll('[data-testid="place"]').length === 1, 'the places');
    expect(calls(Calls.placeSearch)[0]).toEqual(expect.objectContaining({ keyword: '佛山' }));
    expect(calls(Calls.placeSearch)[0]).not.toHaveProperty('lng');
    await click(h.container.querySelector('[data-testid="place"]'));
    await until(() => rows('company').length === 1, 'the companies around the place');
    expect(h.router.state.location.pathname).toBe(Paths.nearby);
    expect(calls(Calls.nearbyCompanies)[0]).toMatchObject({ lng: '113.1214', lat: '23.0215' });
    expect(testId('location-label')?.textContent).toBe('已选地点 · 佛山市');
  });

  it('speaks English', async () => {
    setLanguage('en-US');
    locate.mockRejectedValue(new LocateError('timeout'));
    await render(Paths.nearby);
    await until(() => testId('locate-failed') !== null, 'the failure');
    expect(text()).toContain('Failed to get location');
    expect(text()).toContain('Getting your location took too long');
    expect(text()).toContain('Go to settings');
    expect(text()).toContain('5 km');
  });
});

describe('choose_location', () => {
  it('searches around the caller point, shows distances and the offline hint, and hands back the pick', async () => {
    const nanhai = place({ name: '南海区', address: '广东省佛山市南海区', distanceM: 850, distance: '850m' });
    // Opened directly, the picker goes back to the nearby page, which locates the user.
    locate.mockResolvedValue(HERE);
    serve(Calls.placeSearch, ok(placeResult([nanhai], '南海')));
    serve(Calls.nearbyCompanies, ok(companiesPage([])));
    serve(Calls.reverseGeocode, ok(geocode));
    await render(chooseLocationPath('inquiryAddress', { lng: 113.15, lat: 23.05 }));
    expect(text()).toContain('输入名称后搜索');
    await typeInto(h.container.querySelector('input'), '南海');
    await until(() => h.container.querySelectorAll('[data-testid="place"]').length === 1, 'the places');
    expect(calls(Calls.placeSearch)[0]).toMatchObject({ keyword: '南海', lng: '113.15', lat: '23.05' });
    expect(text()).toContain('按距离排序');
    expect(text()).toContain('离线地图按省、市、区县名称查找');
    expect(h.container.querySelector('[data-testid="place"]')?.textContent).toContain('850 m');
    await click(h.container.querySelector('[data-testid="place"]'));
    expect(takeChosenLocation('inquiryAddress')).toEqual(nanhai);
    // Taken once.
    expect(takeChosenLocation('inquiryAddress')).toBeNull();
  });

  it('says so when nothing is found', async () => {
    serve(Calls.placeSearch, ok(placeResult([], '铝锭厂')));
    await render(chooseLocationPath('x'));
    await typeInto(h.container.querySelector('input'), '铝锭厂');
    await until(() => text().includes('没有找到“铝锭厂”'), 'the empty answer');
  });

  it("takes the user's own position, named by reverse geocoding", async () => {
    locate.mockResolvedValue(HERE);
    serve(Calls.reverseGeocode, ok(geocode));
    serve(Calls.nearbyCompanies, ok(companiesPage([])));
    await render(chooseLocationPath('here'));
    await click(h.container.querySelector('[data-testid="use-here"]'));
    await until(() => h.router.state.location.pathname === Paths.nearby, 'going back');
    expect(calls(Calls.reverseGeocode)[0]).toMatchObject({ lng: String(HERE.lng), lat: String(HERE.lat) });
    expect(takeChosenLocation('here')).toMatchObject({
      name: '广东省佛山市南海区',
      lng: HERE.lng,
      lat: HERE.lat,
      province: '广东省',
      city: '佛山市',
      district: '南海区',
    });
  });

  it("says 'Failed to get location' with the way to settings when the position is denied", async () => {
    locate.mockRejectedValue(new LocateError('denied'));
    await render(chooseLocationPath('here'));
    await click(h.container.querySelector('[data-testid="use-here"]'));
    await until(() => bodyText().includes('获取位置失败'), 'the failure');
    expect(document.body.querySelector('[data-testid="locate-failed"]')?.textContent).toContain(
      '您未允许本网站获取位置',
    );
    expect([...document.body.querySelectorAll('.adm-dialog button')].map((b) => b.textContent)).toContain('前往设置');
    expect(takeChosenLocation('here')).toBeNull();
  });

  it('hands nothing back for a stored value that is not a place in the mainland', () => {
    putChosenLocation('bad', place({ lng: 2.35, lat: 48.86 }));
    expect(takeChosenLocation('bad')).toBeNull();
    expect(() => chooseLocationPath('not a key')).toThrow();
  });
});

describe('open_location', () => {
  it('shows the place and links to the map apps with its GCJ-02 point', async () => {
    await render(openLocationPath({ lng: 113.1514, lat: 23.0501, name: '大沥镇', address: '广东省佛山市南海区' }));
    expect(testId('open-location')?.textContent).toContain('大沥镇');
    expect(text()).toContain('广东省佛山市南海区');
    expect(text()).toContain('113.151400, 23.050100');
    const links = [...h.container.querySelectorAll('a')].map((a) => a.getAttribute('href') ?? '');
    expect(links[0]).toContain('position=113.1514%2C23.0501');
    expect(links[1]).toContain('location=23.0501%2C113.1514');
    expect(links[1]).toContain('coord_type=gcj02');
    locate.mockResolvedValue({ lng: 113.1514, lat: 23.0591, accuracy: 10 });
    await click(buttonWith(h.container, '显示与我的距离'));
    await until(() => testId('away') !== null, 'the distance');
    expect(testId('away')?.textContent).toBe('距您 1.0 km');
  });

  it('refuses a point outside the mainland', async () => {
    await render(openLocationPath({ lng: 2.35, lat: 48.86, name: 'Paris' }));
    expect(text()).toContain('位置无效');
  });
});
