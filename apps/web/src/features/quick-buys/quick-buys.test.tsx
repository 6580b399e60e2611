// @vitest-environment happy-dom
import {
  type CallResponse,
  Calls,
  CodeFlag,
  type TInquirySummary,
  type TQuickBuyMatch,
  type TQuickBuyMatchPage,
  type TQuickBuySubscription,
  type TStockSummary,
} from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile, stockSummary } from '../../test/fixtures';
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
import { owner } from '../companies/fixtures';
import QuickBuyBadgeIcon from './components/QuickBuyBadgeIcon';
import QuickBuyTab from './components/QuickBuyTab';
import QuickBuySetAddPage from './pages/QuickBuySetAddPage';
import QuickBuySetPage from './pages/QuickBuySetPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const stock = (id: number): TStockSummary =>
  stockSummary({
    id,
    rootId: 3,
    productName: '6063铝棒',
    specifications: '6063 T5 Φ90',
    brand: '',
    fixedPrice: true,
    splittable: false,
    publishedAt: '2026-11-20T02:00:00.000Z',
    refreshedAt: '2026-11-20T02:00:00.000Z',
  });
const inquiry = (id: number): TInquirySummary => ({
  id,
  rootId: 4,
  status: 'open',
  visibility: 'public',
  sortId: 13,
  sortName: 'A00铝',
  title: '6063铝棒 Φ178mm T5',
  specCount: 2,
  totalQuantityKg: 120_500,
  province: '河南省',
  city: '郑州市',
  buyerCompanyName: '郑州采购有限公司',
  quoteDeadline: '2099-11-27T09:00:00.000Z',
  quoteCount: 1,
  views: 5,
  createdAt: '2026-11-20T02:00:00.000Z',
  reason: '',
  supplierState: null,
});
const subscription = { sortName: 'A00铝', specification: '6063 T5', province: '' };
const stockMatch = (id: number, read = false): TQuickBuyMatch => ({
  id,
  kind: 'stock',
  itemId: 100 + id,
  matchedAt: '2026-11-20T02:00:00.000Z',
  read,
  subscription,
  stock: stock(100 + id),
  inquiry: null,
});
const inquiryMatch = (id: number): TQuickBuyMatch => ({
  id,
  kind: 'inquiry',
  itemId: 200 + id,
  matchedAt: '2026-11-20T01:00:00.000Z',
  read: true,
  subscription,
  stock: null,
  inquiry: inquiry(200 + id),
});
const feed = (list: TQuickBuyMatch[], over: Partial<TQuickBuyMatchPage> = {}): TQuickBuyMatchPage => ({
  list,
  page: 1,
  hasMore: false,
  unread: list.filter((m) => !m.read).length,
  subscriptions: 1,
  ...over,
});
const held = (id: number, over: Partial<TQuickBuySubscription> = {}): TQuickBuySubscription => ({
  id,
  sortId: 13,
  sortName: 'A00铝',
  specification: '6063 T5',
  province: '广东省',
  createdAt: '2026-11-20T02:00:00.000Z',
  ...over,
});
const sorts: CallResponse<typeof Calls.marketSorts> = [
  { id: 13, sortName: 'A00铝', sortUnit: 'CNY/t', metal: 'aluminium', physical: true, series: [] },
  { id: 78, sortName: '沪铝', sortUnit: 'CNY/t', metal: 'aluminium', physical: false, series: [] },
];

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.root]: QuickBuyTab,
      [Paths.quickBuySet]: QuickBuySetPage,
      [Paths.quickBuySetAdd]: QuickBuySetAddPage,
      [Paths.stockDetail]: Stub,
      [Paths.inquiryDetail]: Stub,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const matches = () => [...h.container.querySelectorAll('[data-testid="quick-buy-match"]')];
const rows = () => [...h.container.querySelectorAll('[data-testid="quick-buy-subscription"]')];
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
});
afterEach(() => h.cleanup());

describe('the quick-buy tab', () => {
  it('asks a visitor to log in and calls nothing', async () => {
    await render(Paths.root);
    await until(() => text().includes('登录后订阅您关注的品类和规格'), 'the login prompt');
    expect(h.calls(Calls.quickBuyMatches)).toEqual([]);
  });

  it('offers to subscribe when the user holds no subscription', async () => {
    setSession(owner);
    h.serve(Calls.quickBuyMatches, ok(feed([], { subscriptions: 0 })));
    await render(Paths.root);
    await until(() => text().includes('还没有订阅的规格'), 'the empty state');
    await click(buttonWith(h.container, '添加订阅'));
    expect(h.router.state.location.pathname).toBe(Paths.quickBuySetAdd);
  });

  it('says when subscriptions found nothing yet', async () => {
    setSession(owner);
    h.serve(Calls.quickBuyMatches, ok(feed([])));
    await render(Paths.root);
    await until(() => text().includes('暂无匹配的现货或询价'), 'the empty feed');
  });

  it('shows stock and inquiry matches page by page, marks the new ones seen and opens one', async () => {
    layOutForInfiniteScroll();
    setSession(owner);
    h.serve(
      Calls.quickBuyMatches,
      ok(feed([stockMatch(1), inquiryMatch(2)], { hasMore: true })),
      ok(feed([stockMatch(3, true)], { page: 2, unread: 0 })),
    );
    h.serve(Calls.quickBuyRead, ok({ unread: 0 }));
    await render(Paths.root);
    await until(() => matches().length >= 2, 'the matches');
    const [first, second] = matches();
    expect(first?.textContent).toContain('现货');
    expect(first?.textContent).toContain('匹配订阅：A00铝 · 6063 T5');
    expect(first?.textContent).toContain('新');
    expect(first?.textContent).toContain('佛山南海铝材有限公司');
    expect(first?.querySelector('[data-testid="stock-price"]')?.textContent).toContain('20500');
    expect(second?.textContent).toContain('询价');
    expect(second?.textContent).toContain('郑州采购有限公司');
    expect(second?.querySelector('.mm-qb-new')).toBeNull();
    expect(text()).toContain('1 条新匹配');
    await until(() => h.calls(Calls.quickBuyRead).length === 1, 'the read mark');
    expect(JSON.parse(h.calls(Calls.quickBuyRead)[0]!.ids!)).toEqual([1]);
    await until(() => matches().length === 3, 'the second page');
    expect(h.calls(Calls.quickBuyMatches).map((c) => c.page)).toEqual(['1', '2']);
    expect(h.calls(Calls.quickBuyRead)).toHaveLength(1);
    await click(second?.querySelector('[data-testid="inquiry-row"]'));
    expect(h.router.state.location.pathname).toBe(Paths.inquiryDetail);
    expect(h.router.state.location.search).toBe('?id=202');
  });

  it('opens the subscriptions from its header, and retries after a failure', async () => {
    setSession(owner);
    h.serve(Calls.quickBuyMatches, fail(CodeFlag.serverFault, 'boom'), ok(feed([stockMatch(1, true)])));
    h.serve(Calls.quickBuyList, ok([]));
    await render(Paths.root);
    await until(() => text().includes('服务器开小差了'), 'the error');
    await click(buttonWith(h.container, '重试'));
    await until(() => matches().length === 1, 'the match');
    await click(matches()[0]?.querySelector('[data-testid="stock-row"] .mm-stock-row-open'));
    expect(h.router.state.location.search).toBe('?id=101');
  });
});

describe('the quick-buy tab icon', () => {
  it('counts the matches not seen yet, and clears once the feed has shown them', async () => {
    setSession(owner);
    h.serve(Calls.quickBuyMatches, ok(feed([stockMatch(1), stockMatch(2)])));
    h.serve(Calls.quickBuyRead, ok({ unread: 0 }));
    // The icon on another tab first; then the quick-buy tab opens beside it.
    await h.render(
      {
        [Paths.root]: QuickBuyBadgeIcon,
        [Paths.quickBuySet]: () => (
          <>
            <QuickBuyBadgeIcon />
            <QuickBuyTab />
          </>
        ),
      },
      Paths.root,
    );
    await until(() => h.container.querySelector('.adm-badge-content')?.textContent === '2', 'the count');
    await act(async () => {
      await h.router.navigate(Paths.quickBuySet);
    });
    await until(() => h.calls(Calls.quickBuyRead).length === 1, 'the read mark');
    await until(() => h.container.querySelector('.adm-badge-content') === null, 'no count');
  });
});

describe('quick_buy_set', () => {
  it('lists the subscriptions and deletes one after confirming', async () => {
    setSession(owner);
    h.serve(
      Calls.quickBuyList,
      ok([held(1), held(2, { specification: '', province: '', sortName: '电解铜' })]),
      ok([held(2, { specification: '', province: '', sortName: '电解铜' })]),
    );
    h.serve(Calls.quickBuyDelete, ok(null));
    await render(Paths.quickBuySet);
    await until(() => rows().length === 2, 'the subscriptions');
    expect(rows()[0]?.textContent).toContain('A00铝6063 T5广东省');
    expect(rows()[1]?.textContent).toContain('电解铜全部规格全国');
    expect(text()).toContain('最多可订阅 20 条（已订阅 2 条）');
    await click(buttonWith(rows()[0]!, '删除'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    expect(document.body.textContent).toContain('删除订阅「A00铝 · 6063 T5 · 广东省」？');
    await click(newest('.adm-dialog-button', '取消'));
    expect(h.calls(Calls.quickBuyDelete)).toEqual([]);
    await click(buttonWith(rows()[0]!, '删除'));
    await until(() => newest('.adm-dialog-button', '删除') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '删除'));
    await until(() => h.calls(Calls.quickBuyDelete).length === 1, 'the deletion');
    expect(h.calls(Calls.quickBuyDelete)[0]).toMatchObject({ id: '1' });
    expect(showSuccess).toHaveBeenCalledWith('已删除');
    await until(() => rows().length === 1, 'the list without it');
  });

  it('shows an empty state that leads to adding, and stops adding at the cap', async () => {
    setSession(owner);
    h.serve(Calls.quickBuyList, ok([]));
    await render(Paths.quickBuySet);
    await until(() => text().includes('还没有订阅'), 'the empty state');
    await click(buttonWith(h.container.querySelector('.adm-empty, .mm-empty') ?? h.container, '添加订阅'));
    expect(h.router.state.location.pathname).toBe(Paths.quickBuySetAdd);
    await h.cleanup();
    h.install();
    h.serve(Calls.quickBuyList, ok(Array.from({ length: 20 }, (_, i) => held(i + 1, { specification: `s${i}` }))));
    await render(Paths.quickBuySet);
    await until(() => rows().length === 20, 'a full list');
    await click(h.container.querySelector('[data-testid="quick-buy-add"]'));
    expect(showFail).toHaveBeenCalledWith('已达订阅上限，请先删除不需要的订阅');
    expect(h.router.state.location.pathname).toBe(Paths.quickBuySet);
  });

  it('asks a visitor to log in', async () => {
    await render(Paths.quickBuySet);
    await until(() => text().includes('登录后订阅您关注的品类和规格'), 'the login prompt');
    expect(h.calls(Calls.quickBuyList)).toEqual([]);
  });
});

describe('quick_buy_set_add', () => {
  it('refuses empty information, asks for a category, and keeps what was typed', async () => {
    setSession(owner);
    h.serve(Calls.marketSorts, ok(sorts));
    await render(Paths.quickBuySetAdd);
    await until(() => h.container.querySelector('[data-testid="quick-buy-submit"]') !== null, 'the form');
    await click(h.container.querySelector('[data-testid="quick-buy-submit"]'));
    expect(showFail).toHaveBeenLastCalledWith('不能添加空信息！');
    await typeInto(h.container.querySelector('input[name="specification"]'), '6063 T5');
    await click(h.container.querySelector('[data-testid="quick-buy-submit"]'));
    expect(showFail).toHaveBeenLastCalledWith('请先选择品类');
    expect(h.container.querySelector('[role="alert"]')?.textContent).toBe('请先选择品类');
    expect(h.calls(Calls.quickBuyAdd)).toEqual([]);
    expect(h.container.querySelector<HTMLInputElement>('input[name="specification"]')?.value).toBe('6063 T5');
  });

  it('subscribes and returns to the list; an already subscribed spec leaves the form as it was', async () => {
    setSession(owner);
    h.serve(Calls.marketSorts, ok(sorts));
    h.serve(Calls.quickBuyAdd, fail(CodeFlag.conflict, '该规格已订阅！'), ok(held(3)));
    h.serve(Calls.quickBuyList, ok([held(3)]));
    await render(Paths.quickBuySetAdd);
    await until(() => h.container.querySelector('[data-testid="sort-picker"]') !== null, 'the form');
    await click(h.container.querySelector('[data-testid="sort-picker"]'));
    await until(() => buttonWith(document.body, 'A00铝') !== undefined, 'the categories');
    const sheet = document.querySelector('[data-testid="sort-sheet"]')!;
    // Subscriptions wait for listings and inquiries, which never name a futures series.
    expect([...sheet.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['A00铝']);
    await click(buttonWith(sheet, 'A00铝'));
    await typeInto(h.container.querySelector('input[name="specification"]'), '6063 T5');
    await click(h.container.querySelector('[data-testid="quick-buy-submit"]'));
    await until(() => h.calls(Calls.quickBuyAdd).length === 1, 'the first try');
    expect(showFail).toHaveBeenCalledWith('该规格已订阅！');
    expect(h.router.state.location.pathname).toBe(Paths.quickBuySetAdd);
    expect(h.container.querySelector<HTMLInputElement>('input[name="specification"]')?.value).toBe('6063 T5');
    await click(h.container.querySelector('[data-testid="quick-buy-submit"]'));
    await until(() => h.calls(Calls.quickBuyAdd).length === 2, 'the second try');
    expect(h.calls(Calls.quickBuyAdd)[1]).toMatchObject({ sortId: '13', specification: '6063 T5', province: '' });
    expect(showSuccess).toHaveBeenCalledWith('已订阅');
    await until(() => rows().length === 1, 'quick_buy_set');
  });

  it('speaks English in en-US', async () => {
    setLanguage('en-US');
    setSession(owner);
    h.serve(Calls.marketSorts, ok(sorts));
    await render(Paths.quickBuySetAdd);
    await until(() => h.container.querySelector('[data-testid="quick-buy-submit"]') !== null, 'the form');
    expect(text()).toContain('Add subscription');
    await click(h.container.querySelector('[data-testid="quick-buy-submit"]'));
    expect(showFail).toHaveBeenLastCalledWith('Cannot add empty information!');
  });
});

describe('quick buys for an employee', () => {
  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)(
    "offers the subscribe form's submit to one %s 'inquiry' opening it by link, or says why not",
    async (_, permissions, shown) => {
      setSession(owner);
      h.serve(Calls.info, ok(employeeProfile([...permissions])));
      h.serve(Calls.marketSorts, ok(sorts));
      await render(Paths.quickBuySetAdd);
      await until(
        () => !!h.container.querySelector('input[name="specification"]') && h.calls(Calls.info).length > 0,
        'the form and the profile',
      );
      await until(
        () => !!h.container.querySelector('[data-testid="quick-buy-submit"]') === shown,
        'the submit settled',
      );
      expect(!!h.container.querySelector('[data-testid="no-permission-inquiry"]')).toBe(!shown);
    },
  );

  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)(
    "shows one %s 'inquiry' the add and delete of subscriptions accordingly",
    async (_, permissions, shown) => {
      setSession(owner);
      h.serve(Calls.info, ok(employeeProfile([...permissions])));
      h.serve(Calls.quickBuyList, ok([held(1)]));
      await render(Paths.quickBuySet);
      await until(() => rows().length === 1 && h.calls(Calls.info).length > 0, 'the subscriptions and the profile');
      await until(() => !!h.container.querySelector('[data-testid="quick-buy-add"]') === shown, 'the add settled');
      expect(!!h.container.querySelector('[data-testid="quick-buy-delete"]')).toBe(shown);
    },
  );

  it.each([
    ['without', ['quote'], false],
    ['with', ['inquiry'], true],
  ] as const)("offers one %s 'inquiry' to subscribe from the tab accordingly", async (_, permissions, shown) => {
    setSession(owner);
    h.serve(Calls.info, ok(employeeProfile([...permissions])));
    h.serve(Calls.quickBuyMatches, ok(feed([], { subscriptions: 0 })));
    await render(Paths.root);
    await until(() => text().includes('还没有订阅的规格') && h.calls(Calls.info).length > 0, 'the empty state');
    await until(() => (buttonWith(h.container, '添加订阅') !== undefined) === shown, 'the subscribe settled');
  });
});
