// @vitest-environment happy-dom
import {
  type CallContract,
  Calls,
  CodeFlag,
  type TFactorySummary,
  type TFiveDayOverview,
  type THotStocks,
  type TStockListPage,
  type TStockSummary,
} from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { StorageKeys } from '../../lib/storage';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import { sortsCatalogue } from '../companies/fixtures';
import FactoryListPage from './pages/FactoryListPage';
import FiveDayStockDetailPage from './pages/FiveDayStockDetailPage';
import FiveDayStockPage from './pages/FiveDayStockPage';
import HomePageRulePage from './pages/HomePageRulePage';
import HomeSearchPage from './pages/HomeSearchPage';
import HotPage from './pages/HotPage';
import StockListPage from './pages/StockListPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const stock = (id: number, over: Partial<TStockSummary> = {}): TStockSummary => ({
  id,
  rootId: 42,
  companyName: '佛山南海铝材有限公司',
  status: 'sale',
  sortId: 13,
  sortName: 'A00铝',
  productName: '铝锭',
  specifications: 'AL99.70',
  quantityKg: 30_000,
  brand: '神火',
  manufacturer: '',
  province: '广东省',
  city: '佛山市',
  price: {
    type: 'fixed',
    unitPriceFen: 2_050_050,
    quoteDate: null,
    seriesId: null,
    seriesName: '',
    processingFeeFen: null,
    intro: '',
  },
  fixedPrice: false,
  specialSale: false,
  splittable: false,
  freightIncluded: false,
  cover: null,
  distanceKm: null,
  views: 3,
  publishedAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  refreshedAt: new Date().toISOString(),
  isDemo: false,
  ...over,
});

const page = (list: TStockSummary[], over: Partial<TStockListPage> = {}): TStockListPage => ({
  list,
  page: 1,
  hasMore: false,
  total: list.length,
  totalCapped: false,
  ...over,
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.stockList]: StockListPage,
      [Paths.factoryList]: FactoryListPage,
      [Paths.fiveDayStock]: FiveDayStockPage,
      [Paths.fiveDayStockDetail]: FiveDayStockDetailPage,
      [Paths.hotPage]: HotPage,
      [Paths.homeSearch]: HomeSearchPage,
      [Paths.forecastRules]: HomePageRulePage,
      [Paths.stockDetail]: Stub,
      [Paths.company]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const rows = () => h.container.querySelectorAll('[data-testid="stock-row"]');
const lastCall = (call: CallContract) => calls(call).at(-1);
/** Opens a panel of the filter bar by its title. */
const openPanel = async (title: string) => {
  const titles = [...h.container.querySelectorAll('.adm-dropdown-item')];
  await click(titles.find((item) => item.textContent?.includes(title)));
};

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
});
afterEach(() => h.cleanup());

describe('stock_list', () => {
  it('shows rows with price per ton, marks, company, city, distance and demo tag, and opens one', async () => {
    serve(
      Calls.stockList,
      ok(
        page(
          [
            stock(1, { fixedPrice: true, specialSale: true, isDemo: true, distanceKm: 12.34 }),
            stock(2, {
              productName: '',
              sortName: '铜杆',
              price: {
                type: 'market',
                unitPriceFen: 7_945_000,
                quoteDate: '2026-11-20',
                seriesId: 14,
                seriesName: '长江铜杆',
                processingFeeFen: 15_000,
                intro: '',
              },
            }),
            stock(3, { price: { ...stock(3).price, unitPriceFen: null, type: 'market', seriesName: '长江A00铝' } }),
          ],
          { total: 100, totalCapped: true, hasMore: true },
        ),
      ),
    );
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.stockList);
    await until(() => rows().length === 3, 'the rows');
    const first = rows()[0]?.textContent ?? '';
    expect(first).toContain('铝锭');
    expect(first).toContain('¥20500.50元/吨');
    expect(first).toContain('30 吨');
    expect(first).toContain('一口价');
    expect(first).toContain('特价');
    expect(first).toContain('佛山南海铝材有限公司佛山市');
    expect(first).toContain('12 km');
    expect(rows()[0]?.querySelector('.mm-demo-tag')?.textContent).toBe('演示');
    expect(rows()[1]?.textContent).toContain('长江铜杆 +150');
    expect(rows()[2]?.textContent).toContain('暂无报价');
    expect(h.container.querySelector('[data-testid="stock-total"]')?.textContent).toBe('100+ 条');
    expect(lastCall(Calls.stockList)).toMatchObject({ order: 'newest', page: '1', pageSize: '20' });
    await click(rows()[1]?.querySelector('.mm-stock-row-open'));
    expect(h.router.state.location.pathname).toBe(Paths.stockDetail);
    expect(h.router.state.location.search).toBe('?id=2');
  });

  it('takes its first filters from the address, as the home tiles and searches open it', async () => {
    serve(Calls.stockList, ok(page([stock(1)])));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(`${Paths.stockList}?specialSale=1&keyword=${encodeURIComponent('铜杆')}&sortId=25`);
    await until(() => rows().length === 1, 'the rows');
    expect(text()).toContain('特卖现货');
    expect(calls(Calls.stockList)[0]).toMatchObject({ specialSale: '1', keyword: '铜杆', sortId: '25' });
    expect(calls(Calls.stockList)[0]).not.toHaveProperty('fixedPrice');
    expect((h.container.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('铜杆');
    await until(() => text().includes('铜杆'), 'the category name on the bar');
    // Another search opened on the same page shows its own keyword.
    await act(async () => {
      await h.router.navigate(`${Paths.stockList}?keyword=${encodeURIComponent('铝锭')}`);
    });
    await until(() => lastCall(Calls.stockList)?.keyword === '铝锭', 'the other search');
    expect((h.container.querySelector('input[type="search"]') as HTMLInputElement).value).toBe('铝锭');
  });

  it('searches, filters by category, region, price and flags, and orders, each asking again', async () => {
    serve(Calls.stockList, ok(page([stock(1)])));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(`${Paths.stockList}?fixedPrice=1`);
    await until(() => rows().length === 1, 'the rows');
    expect(text()).toContain('一口价现货');

    await typeInto(h.container.querySelector('input[type="search"]'), '铝棒');
    await act(async () => {
      h.container
        .querySelector('form.mm-ss-search')
        ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await until(() => lastCall(Calls.stockList)?.keyword === '铝棒', 'the keyword search');
    expect(h.router.state.location.search).toContain('keyword=');

    await openPanel('品类');
    await until(() => Boolean(document.querySelector('[data-testid="category-choices"]')), 'the categories');
    await click(buttonWith(document.body, '6063铝棒加工费'));
    await until(() => lastCall(Calls.stockList)?.sortId === '21', 'the category filter');
    expect(lastCall(Calls.stockList)).toMatchObject({ keyword: '铝棒', fixedPrice: '1' });

    await openPanel('价格');
    const [min, max] = [...document.querySelectorAll('input[aria-label="最低价"], input[aria-label="最高价"]')];
    await typeInto(min, '21000');
    await typeInto(max, '20000');
    await click(buttonWith(document.body, '确定'));
    await until(() => document.body.textContent?.includes('最低价不能高于最高价') ?? false, 'the range message');
    expect(lastCall(Calls.stockList)).not.toHaveProperty('priceMin');
    await typeInto(max, '20000.123');
    await click(buttonWith(document.body, '确定'));
    await until(() => document.body.textContent?.includes('请输入数字') ?? false, 'the decimals message');
    await typeInto(max, '22000.5');
    await click(buttonWith(document.body, '确定'));
    await until(() => lastCall(Calls.stockList)?.priceMax === '22000.5', 'the price filter');
    expect(lastCall(Calls.stockList)?.priceMin).toBe('21000');

    await openPanel('筛选');
    await click(buttonWith(document.body, '特价'));
    await typeInto(document.querySelector('input[aria-label="规格"]'), 'Φ90');
    const applies = [...document.querySelectorAll('button')].filter((b) => b.textContent === '确定');
    await click(applies.at(-1));
    await until(() => lastCall(Calls.stockList)?.specialSale === '1', 'the flags');
    expect(lastCall(Calls.stockList)).toMatchObject({ specification: 'Φ90', fixedPrice: '1' });

    await click(buttonWith(h.container, '价格从低到高'));
    await until(() => lastCall(Calls.stockList)?.order === 'priceAsc', 'the order');
    expect(h.router.state.location.search).toContain('order=priceAsc');
  });

  it('asks for the location before ordering by distance and says so when it cannot have it', async () => {
    const getCurrentPosition = vi.fn((_ok: PositionCallback, fail?: PositionErrorCallback | null) =>
      fail?.({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const { showFail } = await import('../../lib/feedback');
    serve(Calls.stockList, ok(page([stock(1)])));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.stockList);
    await until(() => rows().length === 1, 'the rows');
    await click(buttonWith(h.container, '离我最近'));
    await until(() => vi.mocked(showFail).mock.calls.length > 0, 'the failure');
    expect(showFail).toHaveBeenCalledWith('获取位置失败，请允许定位后重试');
    expect(calls(Calls.stockList).every((call) => call.order !== 'distance')).toBe(true);

    getCurrentPosition.mockImplementation((success: PositionCallback) =>
      success({ coords: { longitude: 113.1433, latitude: 23.0494, accuracy: 20 } } as GeolocationPosition),
    );
    await click(buttonWith(h.container, '离我最近'));
    await until(() => lastCall(Calls.stockList)?.order === 'distance', 'the distance order');
    expect(Number(lastCall(Calls.stockList)?.lng)).toBeGreaterThan(113);
    expect(Number(lastCall(Calls.stockList)?.lat)).toBeGreaterThan(23);
  });

  it('has an empty state that clears the filters, and a failed state that retries', async () => {
    serve(Calls.stockList, ok(page([])), ok(page([stock(1)])));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(
      `${Paths.stockList}?keyword=${encodeURIComponent('无此货')}&province=${encodeURIComponent('西藏自治区')}`,
    );
    await until(() => text().includes('没有找到符合条件的现货'), 'the empty state');
    await click(buttonWith(h.container, '清除筛选'));
    await until(() => rows().length === 1, 'the unfiltered list');
    expect(lastCall(Calls.stockList)).not.toHaveProperty('keyword');
    expect(lastCall(Calls.stockList)).not.toHaveProperty('province');

    await h.cleanup();
    h.install();
    serve(Calls.stockList, fail(CodeFlag.serverFault, '服务器开小差了'), ok(page([stock(7)])));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.stockList);
    await until(() => text().includes('请稍后重试'), 'the failed state');
    await click(buttonWith(h.container, '重试'));
    await until(() => rows().length === 1, 'the list after retrying');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serve(Calls.stockList, ok(page([stock(1, { fixedPrice: true })])));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.stockList);
    await until(() => rows().length === 1, 'the rows');
    expect(text()).toContain('Spot stock');
    expect(text()).toContain('yuan/t');
    expect(text()).toContain('Fixed price');
    expect(text()).toContain('1 found');
  });
});

describe('factory_list', () => {
  const company = (rootId: number, over: Partial<TFactorySummary> = {}): TFactorySummary => ({
    rootId,
    name: `公司${rootId}`,
    businessModel: 'producer',
    province: '广东省',
    city: '佛山市',
    sellProducts: [{ id: 13, sortName: 'A00铝' }],
    shopOpen: rootId === 1,
    certified: rootId === 1,
    stockCount: rootId * 2,
    isDemo: false,
    ...over,
  });

  it('lists merchants with their marks and for-sale counts, filters them and opens a shop', async () => {
    serve(
      Calls.factoryList,
      ok({ list: [company(1), company(2, { isDemo: true })], page: 1, hasMore: false, total: 2 }),
    );
    serve(Calls.marketSorts, ok(sortsCatalogue));
    await render(Paths.factoryList);
    await until(() => h.container.querySelectorAll('[data-testid="factory-row"]').length === 2, 'the rows');
    expect(text()).toContain('已开店');
    expect(text()).toContain('认证供应商');
    expect(text()).toContain('生产商 · 佛山市');
    expect(text()).toContain('在售现货 4');
    expect(text()).toContain('共 2 家');
    await openPanel('主营产品');
    await until(() => Boolean(buttonWith(document.body, '铜杆')), 'the products');
    await click(buttonWith(document.body, '铜杆'));
    await until(() => lastCall(Calls.factoryList)?.sortId === '25', 'the product filter');
    await until(() => Boolean(h.container.querySelector('[data-testid="factory-row"]')), 'the filtered rows');
    await click(h.container.querySelector('[data-testid="factory-row"]'));
    expect(h.router.state.location.pathname).toBe(Paths.company);
    expect(h.router.state.location.search).toBe('?id=1');
  });
});

describe('five-day stock', () => {
  const overview: TFiveDayOverview = {
    days: [
      { date: '2026-11-20', count: 4, preview: [stock(1), stock(2), stock(3)] },
      { date: '2026-11-19', count: 0, preview: [] },
      { date: '2026-11-18', count: 1, preview: [stock(4)] },
      { date: '2026-11-17', count: 0, preview: [] },
      { date: '2026-11-16', count: 0, preview: [] },
    ],
    sorts: [
      { sortId: 13, sortName: 'A00铝', count: 4 },
      { sortId: 25, sortName: '铜杆', count: 1 },
    ],
    total: 5,
  };

  it('groups the five days, previews each, and opens a day whole', async () => {
    serve(Calls.fiveDayStock, ok(overview));
    serve(Calls.fiveDayStockList, ok(page([stock(1), stock(2)])));
    await render(Paths.fiveDayStock);
    await until(() => h.container.querySelectorAll('[data-testid="five-day"]').length === 5, 'the days');
    expect(text()).toContain('今天');
    expect(text()).toContain('昨天');
    expect(text()).toContain('11月18日');
    expect(text()).toContain('当天没有新上架的现货');
    expect(rows()).toHaveLength(4);
    await click(buttonWith(h.container, '铜杆 1'));
    await until(() => calls(Calls.fiveDayStock).at(-1)?.sortId === '25', 'the category');
    await until(() => Boolean(buttonWith(h.container, '查看全部 4 条')), "the category's days");
    await click(buttonWith(h.container, '查看全部 4 条'));
    expect(h.router.state.location.pathname).toBe(Paths.fiveDayStockDetail);
    expect(h.router.state.location.search).toBe('?date=2026-11-20&sortId=25');
    await until(() => rows().length === 2, 'the day list');
    expect(lastCall(Calls.fiveDayStockList)).toMatchObject({ date: '2026-11-20', sortId: '25' });
    await click(buttonWith(h.container, '全部'));
    await until(() => lastCall(Calls.fiveDayStockList)?.date === undefined, 'the whole window');
  });
});

describe('hot ranking', () => {
  it('shows ranks with badges, views and when it was computed, and links its rules', async () => {
    const hot: THotStocks = {
      computedAt: '2026-11-19T16:10:00.000Z',
      windowStart: '2026-11-06',
      windowEnd: '2026-11-19',
      list: [1, 2, 3, 4].map((rank) => ({ rank, clicks: 100 - rank, stock: stock(rank) })),
    };
    serve(Calls.hotStocks, ok(hot));
    await render(Paths.hotPage);
    await until(() => rows().length === 4, 'the ranking');
    const badges = [...h.container.querySelectorAll('[data-testid="hot-rank"]')];
    expect(badges.map((badge) => badge.textContent)).toEqual(['1', '2', '3', '4']);
    expect(badges[0]?.className).toContain('is-top1');
    expect(badges[3]?.className).not.toContain('is-top');
    expect(text()).toContain('99 次浏览');
    expect(h.container.querySelector('[data-testid="hot-time"]')?.textContent).toContain('更新于 2026-11-20 00:10');
    await click(buttonWith(h.container, '榜单规则'));
    await until(() => text().includes('热门现货榜规则'), 'the rules');
    expect(text()).toContain('最近14天');
    expect(text()).toContain('00:10');
  });

  it('says when there is no ranking yet', async () => {
    serve(Calls.hotStocks, ok({ computedAt: null, windowStart: null, windowEnd: null, list: [] }));
    await render(Paths.hotPage);
    await until(() => text().includes('榜单尚未生成'), 'the empty state');
  });

  it('keeps the forecast rules at home_page_rule without ?type=hot', async () => {
    await render(Paths.forecastRules);
    await until(() => Boolean(h.container.querySelector('[data-testid="forecast-rules"]')), 'the forecast rules');
    expect(h.container.querySelector('[data-testid="hot-rules"]')).toBeNull();
  });
});

describe('home search', () => {
  it('searches stock with a keyword, remembers it first, and clears the history', async () => {
    localStorage.setItem(StorageKeys.stockSearchHistory, JSON.stringify(['铝锭', '铜杆']));
    serve(Calls.marketSorts, ok(sortsCatalogue));
    serve(Calls.stockList, ok(page([])));
    await render(Paths.homeSearch);
    await until(() => Boolean(h.container.querySelector('[data-testid="recent-searches"]')), 'the history');
    expect(h.container.querySelector('[data-testid="recent-searches"]')?.textContent).toBe('铝锭铜杆');
    await typeInto(h.container.querySelector('input[type="search"]'), ' 铜杆 ');
    await click(buttonWith(h.container, '搜索'));
    expect(h.router.state.location.pathname).toBe(Paths.stockList);
    expect(new URLSearchParams(h.router.state.location.search).get('keyword')).toBe('铜杆');
    expect(JSON.parse(localStorage.getItem(StorageKeys.stockSearchHistory) ?? '[]')).toEqual(['铜杆', '铝锭']);

    await act(async () => {
      await h.router.navigate(Paths.homeSearch);
    });
    await until(() => Boolean(buttonWith(h.container, '清空')), 'the clear button');
    await click(buttonWith(h.container, '清空'));
    expect(text()).toContain('还没有搜索记录');
    expect(localStorage.getItem(StorageKeys.stockSearchHistory)).toBeNull();
  });

  it('opens a category and the other ways to find stock', async () => {
    serve(
      Calls.marketSorts,
      ok([
        ...sortsCatalogue,
        { id: 78, sortName: '沪铝', sortUnit: '元/吨', metal: 'aluminium', physical: false, series: [] },
      ]),
    );
    await render(Paths.homeSearch);
    await until(() => Boolean(buttonWith(h.container, '氧化铝')), 'the categories');
    // No listing names a futures series, so it is no category to look for stock in.
    expect(buttonWith(h.container, '沪铝')).toBeUndefined();
    await click(buttonWith(h.container, '氧化铝'));
    expect(h.router.state.location.search).toBe('?sortId=23');
  });
});
