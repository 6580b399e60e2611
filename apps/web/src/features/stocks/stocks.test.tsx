// @vitest-environment happy-dom

import {
  type CallResponse,
  Calls,
  CodeFlag,
  type TShopDetail,
  type TStockPriceSeries,
  type TStockSummary,
  type TStockSummaryPage,
  translate,
} from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import { stockDetail as detail, employeeProfile } from '../../test/fixtures';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import CompanyPage from '../shops/pages/CompanyPage';
import InputStockPage from './pages/InputStockPage';
import StockDetailPage from './pages/StockDetailPage';
import StockSameSpecPage from './pages/StockSameSpecPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.inputStock]: InputStockPage,
      [Paths.stockDetail]: StockDetailPage,
      [Paths.stockSameSpec]: StockSameSpecPage,
      [Paths.company]: CompanyPage,
      [Paths.login]: Stub,
      [Paths.userCenter]: Stub,
      [Paths.companyDetail]: Stub,
      [Paths.root]: Stub,
      [Paths.chatPage]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const testId = (id: string) => h.container.querySelector(`[data-testid="${id}"]`);
const field = (name: string) => h.container.querySelector(`[data-field="${name}"]`);
const input = (name: string) => h.container.querySelector(`[name="${name}"]`);
const location = () => h.router.state.location;
const logIn = (userId = 7) =>
  setSession({ account: 'seller01', rootId: userId, userId, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });

const sorts: CallResponse<typeof Calls.marketSorts> = [
  { id: 13, sortName: 'A00铝', sortUnit: '元/吨', metal: 'aluminium', physical: true, series: [] },
  { id: 12, sortName: '1#电解铜', sortUnit: '元/吨', metal: 'copper', physical: true, series: [] },
  { id: 78, sortName: '沪铝', sortUnit: '元/吨', metal: 'aluminium', physical: false, series: [] },
];
const priceSeries: TStockPriceSeries[] = [
  { id: 1, name: '长江A00铝', marketName: '长江现货', sortId: 13, quoteFen: 2_050_000, quoteDate: '2026-11-20' },
  { id: 2, name: 'SMM A00铝', marketName: '上海有色', sortId: 13, quoteFen: null, quoteDate: null },
];

const summary = (id: number, over: Partial<TStockSummary> = {}): TStockSummary => ({
  id,
  rootId: 42,
  companyName: '佛山南海铝材有限公司',
  status: 'sale',
  sortId: 13,
  sortName: 'A00铝',
  productName: `铝锭${id}`,
  specifications: 'AL99.70',
  quantityKg: 12_000,
  brand: '',
  manufacturer: '',
  province: '广东省',
  city: '佛山市',
  price: {
    type: 'fixed',
    unitPriceFen: 2_100_000 + id,
    quoteDate: null,
    seriesId: null,
    seriesName: '',
    processingFeeFen: null,
    intro: '',
  },
  fixedPrice: true,
  specialSale: false,
  splittable: false,
  freightIncluded: false,
  cover: null,
  distanceKm: null,
  views: 0,
  publishedAt: '2026-11-19T02:00:00.000Z',
  refreshedAt: '2026-11-19T02:00:00.000Z',
  isDemo: false,
  ...over,
});
const page = (list: TStockSummary[], more = false): TStockSummaryPage => ({
  list,
  page: 1,
  hasMore: more,
  total: list.length,
});

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});
afterEach(() => h.cleanup());

/** What the form asks for; a test serves its other calls after. */
const formServer = () => {
  serve(Calls.marketSorts, ok(sorts));
  serve(Calls.stockPriceSeries, ok(priceSeries));
  serve(Calls.hasCompanyInfo, ok(null));
};

async function chooseSort(name: string) {
  await click(testId('sort-picker'));
  await until(() => !!buttonWith(document.body, name), 'the category sheet');
  await click(buttonWith(document.body, name));
}

async function chooseSeries(name: string) {
  await click(testId('series-picker'));
  const item = () =>
    [...document.body.querySelectorAll('[data-testid="series-sheet"] .adm-list-item')].find((el) =>
      el.textContent?.includes(name),
    );
  await until(() => !!item(), 'the series sheet');
  await click(item());
}

describe('input_stock', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['stock'], true],
  ] as const)("offers the submit to an employee %s 'stock', or says why not", async (_, permissions, shown) => {
    logIn();
    formServer();
    serve(Calls.info, ok(employeeProfile([...permissions])));
    await render(Paths.inputStock);
    await until(() => !!testId('sort-picker') && calls(Calls.info).length > 0, 'the form and the profile');
    await until(() => !!testId('stock-submit') === shown, 'the submit settled');
    expect(!!testId('no-permission-stock')).toBe(!shown);
  });

  it('sends a visitor to login', async () => {
    formServer();
    await render(Paths.inputStock);
    await until(() => location().pathname === Paths.login, 'login');
  });

  it('offers physical products as categories, never a futures series', async () => {
    logIn();
    formServer();
    await render(Paths.inputStock);
    await until(() => !!testId('sort-picker'), 'the form');
    await click(testId('sort-picker'));
    await until(() => !!buttonWith(document.body, 'A00铝'), 'the category sheet');
    const sheet = document.body.querySelector('[data-testid="sort-sheet"]');
    const offered = [...(sheet?.querySelectorAll('button') ?? [])].map((b) => b.textContent);
    expect(offered).toEqual(['A00铝', '1#电解铜']);
  });

  it('checks the form with the shared rules before sending, showing each message by its field', async () => {
    logIn();
    formServer();
    await render(Paths.inputStock);
    await until(() => !!testId('stock-submit'), 'the form');
    await click(testId('stock-submit'));
    expect(showFail).toHaveBeenCalledWith('请先选择品类');
    expect(field('sortId')?.textContent).toContain('请先选择品类');
    expect(field('quantity')?.textContent).toContain(translate('stock.quantityRequired', 'zh-CN'));
    expect(field('pieceWeight')?.textContent).toContain(translate('stock.pieceWeightRequired', 'zh-CN'));
    expect(field('seriesId')?.textContent).toContain(translate('stock.seriesRequired', 'zh-CN'));
    expect(field('processingFee')?.textContent).toContain(translate('stock.processingFeeRequired', 'zh-CN'));

    await chooseSort('A00铝');
    expect(field('sortId')?.textContent).not.toContain('请先选择品类');
    await typeInto(input('quantity'), '1.2345');
    await typeInto(input('pieceWeight'), '0.025');
    await typeInto(input('grossWeight'), '1');
    await typeInto(input('pieces'), '2.5');
    await typeInto(input('paymentDays'), '0');
    await click(testId('price-type-fixed'));
    await typeInto(input('price'), '20880.555');
    await click(testId('stock-submit'));
    expect(field('quantity')?.textContent).toContain(translate('stock.quantityRequired', 'zh-CN'));
    expect(field('pieces')?.textContent).toContain('只能输入正整数');
    expect(field('paymentDays')?.textContent).toContain('只能输入正整数');
    expect(field('price')?.textContent).toContain('请输入数字');
    expect(field('pieceWeight')?.textContent).not.toContain(translate('stock.pieceWeightRequired', 'zh-CN'));
    // A count that is not a whole number stops the cross-field rules until it is fixed.
    await typeInto(input('quantity'), '2');
    await typeInto(input('pieces'), '3');
    await click(testId('stock-submit'));
    expect(field('grossWeight')?.textContent).toContain(translate('stock.grossBelowNet', 'zh-CN'));
    expect(calls(Calls.stockSave)).toHaveLength(0);
    expect(calls(Calls.hasCompanyInfo)).toHaveLength(0);
  });

  it('words the same rules in English', async () => {
    setLanguage('en-US');
    logIn();
    formServer();
    await render(Paths.inputStock);
    await until(() => !!testId('stock-submit'), 'the form');
    await click(testId('stock-submit'));
    expect(showFail).toHaveBeenCalledWith('Please select a category first');
    expect(field('quantity')?.textContent).toContain(translate('stock.quantityRequired', 'en-US'));
    expect(text()).toContain('Submit for review');
  });

  it('works out the price from today’s quote as the fee is typed, and posts the listing for review', async () => {
    logIn();
    formServer();
    serve(Calls.stockSave, ok({ id: 77, status: 'review' }));
    serve(Calls.stockDetail, ok(detail({ id: 77 })));
    await render(Paths.inputStock);
    await until(() => !!testId('stock-submit'), 'the form');
    await chooseSort('A00铝');
    await typeInto(input('productName'), 'A00铝锭');
    await typeInto(input('specifications'), 'AL99.70');
    await typeInto(input('quantity'), '30.5');
    await typeInto(input('pieceWeight'), '0.025');
    expect(testId('price-preview')?.textContent).toContain('选择行情并填写加工费后');
    await chooseSeries('长江A00铝');
    await typeInto(input('processingFee'), '-150.5');
    await until(() => testId('price-preview')?.textContent?.includes('20349.50') ?? false, 'the preview');
    expect(testId('price-preview')?.textContent).toContain('长江A00铝 20500（2026-11-20）-150.50');
    await click(testId('toggle-splittable'));
    await click(testId('stock-submit'));
    await until(() => !!testId('stock-submitted'), 'the result');
    expect(text()).toContain('已提交审核');
    expect(calls(Calls.stockSave)[0]).toMatchObject({
      sortId: '13',
      productName: 'A00铝锭',
      quantity: '30.5',
      pieceWeight: '0.025',
      priceType: 'market',
      seriesId: '1',
      processingFee: '-150.5',
      price: '',
      splittable: '1',
      fixedPrice: '0',
      images: '[]',
    });
    await click(buttonWith(h.container, '查看现货'));
    expect(location().pathname).toBe(Paths.stockDetail);
    expect(location().search).toBe('?id=77');
  });

  it('asks an incomplete company to complete its info instead of sending', async () => {
    logIn();
    formServer();
    serve(Calls.hasCompanyInfo, fail(CodeFlag.companyInfoIncomplete, translate('companyInfo.incomplete', 'zh-CN')));
    await render(Paths.inputStock);
    await until(() => !!testId('stock-submit'), 'the form');
    await chooseSort('A00铝');
    await typeInto(input('quantity'), '30');
    await typeInto(input('pieceWeight'), '1');
    await click(testId('price-type-fixed'));
    await typeInto(input('price'), '21000');
    await click(testId('stock-submit'));
    await until(() => document.body.textContent?.includes('您的公司信息不完善') ?? false, 'the gate dialog');
    expect(calls(Calls.stockSave)).toHaveLength(0);
  });

  it("shows the server's reasons beside their fields and keeps what was typed", async () => {
    logIn();
    formServer();
    serve(
      Calls.stockSave,
      fail(CodeFlag.invalidInput, translate('stock.seriesNotYuan', 'zh-CN'), {
        errors: { seriesId: translate('stock.seriesNotYuan', 'zh-CN') },
      }),
    );
    await render(Paths.inputStock);
    await until(() => !!testId('stock-submit'), 'the form');
    await chooseSort('A00铝');
    await typeInto(input('quantity'), '30');
    await typeInto(input('pieceWeight'), '1');
    await chooseSeries('长江A00铝');
    await typeInto(input('processingFee'), '100');
    await click(testId('stock-submit'));
    await until(() => field('seriesId')?.textContent?.includes('请选择以人民币报价的行情') ?? false, 'the error');
    expect((input('quantity') as HTMLInputElement).value).toBe('30');
    expect(testId('stock-submitted')).toBeNull();
  });

  it('changes an own listing: the form comes filled in, kept pictures go with it, and it goes back to review', async () => {
    logIn(42);
    formServer();
    serve(Calls.stockDetail, ok(detail({ isOwn: true, status: 'rejected', reason: '图片不清晰' })));
    serve(Calls.stockSave, ok({ id: 5, status: 'review' }));
    await render(`${Paths.inputStock}?id=5`);
    await until(() => !!testId('stock-submit'), 'the form');
    expect(text()).toContain('修改现货');
    expect(text()).toContain('修改后需要重新审核');
    expect((input('quantity') as HTMLInputElement).value).toBe('30.5');
    expect((input('pieceWeight') as HTMLInputElement).value).toBe('0.025');
    expect((input('processingFee') as HTMLInputElement).value).toBe('-150.50');
    // The category's name comes with the sort catalogue, which may arrive after the listing.
    await until(() => testId('sort-picker')?.textContent?.includes('A00铝') ?? false, 'the category name');
    expect(testId('storage-picker')?.textContent).toContain('广东省 佛山市 南海区');
    const kept = testId('kept-pictures');
    expect(kept?.querySelectorAll('img')).toHaveLength(2);
    await click(kept?.querySelector('button'));
    await click(testId('stock-submit'));
    await until(() => !!testId('stock-submitted'), 'the result');
    expect(calls(Calls.stockSave)[0]).toMatchObject({
      id: '5',
      quantity: '30.5',
      seenQuantityKg: '30500',
      seriesId: '1',
      processingFee: '-150.50',
      paymentDays: '7',
      province: '广东省',
      district: '南海区',
      specialSale: '1',
      images: JSON.stringify(['/files/b.png']),
    });
  });

  it('says when orders took tons while the seller edited, and saves with what is left once checked', async () => {
    logIn(42);
    formServer();
    serve(Calls.stockDetail, ok(detail({ isOwn: true, status: 'sale' })));
    const changed = '您打开后这条库存有订单成交，剩余25.5吨（打开时30.5吨），请核对库存数量后再保存';
    serve(
      Calls.stockSave,
      fail(CodeFlag.conflict, changed, { data: { quantityKg: 25_500 } }),
      ok({ id: 5, status: 'review' }),
    );
    await render(`${Paths.inputStock}?id=5`);
    await until(() => !!testId('stock-submit'), 'the form');
    await click(testId('stock-submit'));
    await until(() => field('quantity')?.textContent?.includes(changed) ?? false, 'the reason beside the quantity');
    const dialog = () =>
      [...document.body.querySelectorAll('.adm-dialog')].find((d) => d.textContent?.includes(changed));
    await until(() => dialog() !== undefined, 'the dialog');
    expect(testId('stock-submitted')).toBeNull();
    expect(calls(Calls.stockSave)[0]).toMatchObject({ quantity: '30.5', seenQuantityKg: '30500' });
    await click(buttonWith(dialog() as HTMLElement, '确定'));

    await typeInto(input('quantity'), '25.5');
    await click(testId('stock-submit'));
    await until(() => !!testId('stock-submitted'), 'the result');
    expect(calls(Calls.stockSave)[1]).toMatchObject({ quantity: '25.5', seenQuantityKg: '25500' });
  });

  it("refuses to edit another company's listing", async () => {
    logIn(7);
    formServer();
    serve(Calls.stockDetail, ok(detail({ isOwn: false })));
    await render(`${Paths.inputStock}?id=5`);
    await until(() => text().includes('只能修改本公司的现货'), 'the refusal');
    expect(testId('stock-submit')).toBeNull();
  });
});

describe('stock_detail', () => {
  it('shows a visitor the listing, its price and change, the shop, and a masked phone with a login prompt', async () => {
    serve(Calls.stockDetail, ok(detail({ isDemo: true })));
    serve(Calls.shopDetail, fail(CodeFlag.notFound, ''));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    expect(calls(Calls.stockDetail)[0]).toMatchObject({ id: '5' });
    expect(testId('stock-price')?.textContent).toContain('20349.50元/吨');
    expect(testId('stock-price')?.textContent).toContain('特价');
    expect(text()).toContain('跟随长江A00铝 -150.50');
    expect(testId('stock-change')?.className).toContain('mm-tone-down');
    expect(testId('stock-price')?.querySelector('strong')?.className).toBe('mm-tone-down');
    expect(testId('stock-change')?.textContent).toContain('-120');
    expect(h.container.querySelector('.mm-demo-tag')?.textContent).toBe('演示');
    // The first picture shows with the listing; the carousel with all of them follows in its own chunk.
    const pictures = () => [...h.container.querySelectorAll('[data-testid="stock-gallery"] img')];
    expect(pictures()[0]?.getAttribute('src')).toBe('/files/a.png');
    await until(() => pictures().some((img) => img.getAttribute('src') === '/files/b.png'), 'the carousel');
    expect(testId('stock-fields')?.textContent).toContain('库存数量30.5 吨');
    expect(testId('stock-fields')?.textContent).toContain('件重0.025 吨');
    expect(testId('stock-fields')?.textContent).toContain('货到 7 天内付款');
    expect(testId('stock-fields')?.textContent).toContain('广东省 佛山市 南海区 里水仓库');
    expect(testId('stock-shop')?.textContent).toContain('佛山南海铝材有限公司');
    expect(testId('stock-shop')?.textContent).toContain('已开店');
    expect(testId('stock-shop')?.textContent).toContain('执照已认证');
    expect(testId('stock-phone')?.textContent).toBe('139****5678');
    expect(text()).toContain('登录后查看完整电话');
    expect(h.container.querySelector('a[href^="tel:"]')).toBeNull();
    expect(testId('stock-status')).toBeNull();
    expect(testId('stock-same-spec')?.textContent).toContain('3 条');
    await click(testId('stock-shop-link'));
    expect(location().pathname).toBe(Paths.company);
    expect(location().search).toBe('?id=42');
  });

  it("opens the chat with the seller's company owner, offering this listing to send, and sends a visitor to login", async () => {
    serve(Calls.stockDetail, ok(detail({})));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    await click(testId('stock-chat'));
    expect(location().pathname).toBe(Paths.login);

    await h.cleanup();
    h.install();
    logIn();
    serve(Calls.stockDetail, ok(detail({ contact: { linkName: '张三', phone: '13912345678', masked: false } })));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    expect(testId('stock-chat')?.textContent).toBe('聊天');
    await click(testId('stock-chat'));
    expect(location().pathname).toBe(Paths.chatPage);
    expect(location().search).toBe('?userId=42&proType=1&proId=5');
  });

  it('lets a logged-in buyer call, and leads to same-specification stock', async () => {
    logIn();
    serve(Calls.stockDetail, ok(detail({ contact: { linkName: '张三', phone: '13912345678', masked: false } })));
    serve(Calls.stockSameSpec, ok(page([summary(8), summary(9, { isDemo: true })])));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    expect(testId('stock-call')?.getAttribute('href')).toBe('tel:13912345678');
    expect(testId('stock-phone')?.textContent).toBe('13912345678');
    await click(testId('stock-same-spec'));
    await until(() => h.container.querySelectorAll('[data-testid="stock-row"]').length === 2, 'the same-spec list');
    expect(calls(Calls.stockSameSpec)[0]).toMatchObject({ id: '5', page: '1' });
    expect(testId('same-spec-of')?.textContent).toBe('A00铝 · AL99.70');
    expect(text()).toContain('21000.08元/吨');
    expect(h.container.querySelectorAll('.mm-demo-tag')).toHaveLength(1);
    // One view was counted, on the detail page.
    expect(calls(Calls.stockDetail)).toHaveLength(1);
    await click(h.container.querySelector('[data-testid="stock-row"] .mm-stock-row-open'));
    expect(location().search).toBe('?id=8');
  });

  it('shows the owner where a rejected listing stands, why, and the way to change it', async () => {
    logIn(42);
    serve(Calls.stockDetail, ok(detail({ isOwn: true, status: 'rejected', reason: '价格明显不实' })));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => !!testId('stock-status'), 'the banner');
    expect(testId('stock-status')?.textContent).toContain('审核未通过：价格明显不实');
    expect(buttonWith(h.container, '刷新上架')).toBeUndefined();
    await click(testId('stock-edit'));
    expect(location().pathname).toBe(Paths.inputStock);
    expect(location().search).toBe('?id=5');
  });

  it('lets the owner refresh an expired listing', async () => {
    logIn(42);
    serve(Calls.stockDetail, ok(detail({ isOwn: true, status: 'expired' })), ok(detail({ isOwn: true })));
    serve(Calls.stockRefresh, ok(summary(5)));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => testId('stock-status')?.textContent?.includes('已过期') ?? false, 'the banner');
    expect(testId('stock-status')?.textContent).not.toContain('审核中');
    await click(buttonWith(h.container, '刷新上架'));
    await until(() => calls(Calls.stockRefresh).length === 1, 'the refresh');
    expect(calls(Calls.stockRefresh)[0]).toMatchObject({ id: '5' });
    await until(() => vi.mocked(showSuccess).mock.calls.length === 1, 'the confirmation');
    expect(showSuccess).toHaveBeenCalledWith('已刷新');
  });

  it.each([
    ['without', ['orders'], false],
    ['with', ['stock'], true],
  ] as const)(
    "shows an employee %s 'stock' the edit and refresh of the company's listing accordingly",
    async (_, permissions, shown) => {
      logIn(42);
      serve(Calls.info, ok(employeeProfile([...permissions])));
      serve(Calls.stockDetail, ok(detail({ isOwn: true, status: 'expired' })));
      await render(`${Paths.stockDetail}?id=5`);
      await until(() => !!testId('stock-status') && calls(Calls.info).length === 1, 'the banner and the profile');
      await until(() => !!testId('stock-edit') === shown, 'the actions settled');
      expect(testId('stock-status')?.textContent).toContain('已过期');
      expect(buttonWith(h.container, '刷新上架') !== undefined).toBe(shown);
    },
  );

  it('shows a price that did not move, or a fixed price, in plain text: neither red nor green', async () => {
    serve(Calls.stockDetail, ok(detail({ priceChangeFen: 0 })));
    serve(Calls.shopDetail, fail(CodeFlag.notFound, ''));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    expect(testId('stock-price')?.querySelector('strong')?.className).toBe('mm-tone-neutral');
    expect(testId('stock-change')?.className).toContain('mm-tone-neutral');
  });

  it('says so when the listing is not there (or not public)', async () => {
    serve(Calls.stockDetail, fail(CodeFlag.notFound, '内容不存在或已删除'));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('现货不存在或已下架'), 'not found');
    expect(showFail).not.toHaveBeenCalled();
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serve(Calls.stockDetail, ok(detail({ priceChangeFen: 5_000 })));
    await render(`${Paths.stockDetail}?id=5`);
    await until(() => text().includes('A00铝锭'), 'the listing');
    expect(testId('stock-change')?.className).toContain('mm-tone-up');
    expect(testId('stock-price')?.querySelector('strong')?.className).toBe('mm-tone-up');
    expect(text()).toContain('Log in to see the full number');
    expect(testId('stock-fields')?.textContent).toContain('Quantity30.5 t');
  });
});

describe("the shop page's stock tab", () => {
  const shop = (stock: number): TShopDetail => ({
    rootId: 42,
    name: '佛山南海铝材有限公司',
    brand: '',
    businessModel: 'producer',
    sellProducts: [],
    buyProducts: [],
    address: { province: '广东省', city: '佛山市', district: '南海区', detail: '1号', lng: 113.14, lat: 23.03 },
    distanceKm: null,
    contact: {
      linkName: '张三',
      linkPhone: '138****8000',
      phones: [],
      faxes: [],
      qq: '',
      wechat: '',
      webUrl: '',
      masked: true,
    },
    marks: { licence: true, realName: true, certified: false, shopOpen: true },
    counts: { stock, capacity: 0, followers: 3 },
    followed: false,
    mine: false,
    ownerUserId: 42,
    isDemo: false,
  });

  it("lists the company's stock for sale, and opens a listing", async () => {
    serve(Calls.shopDetail, ok(shop(2)));
    serve(Calls.stockCompanyList, ok(page([summary(1), summary(2)])));
    serve(Calls.stockDetail, ok(detail({ id: 1 })));
    await render(`${Paths.company}?id=42`);
    await until(() => h.container.querySelectorAll('[data-testid="stock-row"]').length === 2, 'the stock');
    expect(calls(Calls.stockCompanyList)[0]).toMatchObject({ rootId: '42', page: '1' });
    expect(text()).toContain('铝锭1');
    await click(h.container.querySelector('[data-testid="stock-row"] .mm-stock-row-open'));
    expect(location().pathname).toBe(Paths.stockDetail);
  });

  it('says the shop has no stock without asking when it counts none', async () => {
    serve(Calls.shopDetail, ok(shop(0)));
    await render(`${Paths.company}?id=42`);
    await until(() => text().includes('暂无现货'), 'the empty tab');
    expect(calls(Calls.stockCompanyList)).toHaveLength(0);
  });
});
