// @vitest-environment happy-dom
import { Calls, CodeFlag, type TVisitorDetail, type TVisitorPage, type TVisitorRow } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, fail, ok, typeInto, until } from '../../test/pageHarness';
import AttentionPage from './pages/AttentionPage';
import ShopcartPage from './pages/ShopcartPage';
import ShopcartSearchPage from './pages/ShopcartSearchPage';
import VisitorDetailPage from './pages/VisitorDetailPage';
import VisitorPage from './pages/VisitorPage';
import VisitorSearchPage from './pages/VisitorSearchPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const masked = (n: number): TVisitorRow => ({
  key: `p1-${n}`,
  visitor: {
    userId: null,
    nickName: '李**',
    companyName: '南海****公司',
    phone: '139****5678',
    head: '',
    masked: true,
  },
  count: 3,
  lastAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  lastStock: { id: 11, productName: '铝棒', sortName: 'A00铝', specifications: '6063', status: 'sale' },
  isDemo: false,
});
const named = (userId: number): TVisitorRow => ({
  key: `u${userId}`,
  visitor: {
    userId,
    nickName: '李四',
    companyName: '南海采购铜业有限公司',
    phone: '13912345678',
    head: '',
    masked: false,
  },
  count: 1,
  lastAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
  lastStock: { id: 12, productName: '铝锭', sortName: 'A00铝', specifications: '', status: 'sale' },
  isDemo: false,
});
const page = (list: TVisitorRow[], certified: boolean, over: Partial<TVisitorPage> = {}): TVisitorPage => ({
  list,
  page: 1,
  hasMore: false,
  total: list.length,
  actions: list.reduce((sum, row) => sum + row.count, 0),
  certified,
  ...over,
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.visitor]: VisitorPage,
      [Paths.shopcart]: ShopcartPage,
      [Paths.attention]: AttentionPage,
      [Paths.visitorSearch]: VisitorSearchPage,
      [Paths.shopcartSearch]: ShopcartSearchPage,
      [Paths.visitorDetail]: VisitorDetailPage,
      [Paths.login]: Stub,
      [Paths.openVip]: Stub,
      '/pages/stock_detail/stock_detail': Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const bodyText = () => document.body.textContent ?? '';
const logIn = () =>
  setSession({ account: 'seller01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  logIn();
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('visitor lists', () => {
  it('shows masked visitors with counts and times, and offers the membership instead of the detail', async () => {
    serve(Calls.visitorList, ok(page([masked(0), masked(1)], false)));
    await render(Paths.visitor);
    await until(() => text().includes('南海****公司'), 'the rows');
    expect(calls(Calls.visitorList)[0]).toMatchObject({ kind: 'view', page: '1' });
    expect(text()).toContain('共 2 位访客，浏览 6 次');
    expect(text()).toContain('李**');
    expect(text()).toContain('139****5678');
    expect(text()).toContain('浏览 3 次');
    expect(text()).toContain('5分钟前');
    expect(text()).toContain('最近浏览：铝棒 6063');
    expect(text()).toContain('开通认证供应商，看清每一位访客');
    expect(text()).toContain('4999元/半年 · 8800元/年');

    await click(h.container.querySelector('[data-testid="visitor-row"]'));
    await until(() => bodyText().includes('访客详情为认证供应商专享'), 'the offer');
    expect(h.router.state.location.pathname).toBe(Paths.visitor);
    await click([...document.body.querySelectorAll('button')].filter((b) => b.textContent === '立即开通').at(-1));
    // The membership is bought on open_vip, whose success page leads back to this list.
    expect(h.router.state.location.pathname).toBe(Paths.openVip);
    expect(h.router.state.location.search).toBe(`?next=${encodeURIComponent(Paths.visitor)}`);
  });

  it("opens a certified supplier's visitor detail, and switches between views, cart adds and followers", async () => {
    serve(Calls.visitorList, ok(page([named(42)], true)), ok(page([], true)));
    await render(Paths.visitor);
    await until(() => text().includes('南海采购铜业有限公司'), 'the rows');
    expect(text()).not.toContain('开通认证供应商');
    await click([...h.container.querySelectorAll('[role="tab"]')].find((tab) => tab.textContent === '加购'));
    await until(() => text().includes('暂无加购客户'), 'the cart page');
    expect(h.router.state.location.pathname).toBe(Paths.shopcart);
    expect(calls(Calls.visitorList)[1]).toMatchObject({ kind: 'cart' });
  });

  it('opens the detail of a named visitor', async () => {
    serve(Calls.visitorList, ok(page([named(42)], true)));
    serve(Calls.visitorDetail, fail(CodeFlag.notFound, ''));
    await render(Paths.attention);
    await until(() => text().includes('李四'), 'the rows');
    expect(calls(Calls.visitorList)[0]).toMatchObject({ kind: 'attention' });
    await click(h.container.querySelector('[data-testid="visitor-row"]'));
    expect(h.router.state.location.search).toBe('?userId=42');
  });

  it('searches within one kind only once a keyword is given', async () => {
    serve(Calls.visitorList, ok(page([named(42)], true)));
    await render(Paths.shopcartSearch);
    await until(() => text().includes('可按现货名称、品类、规格搜索'), 'the hint');
    expect(calls(Calls.visitorList)).toEqual([]);
    await typeInto(h.container.querySelector('.mm-search-field input'), '南海');
    await click(buttonWith(h.container, '搜索'));
    await until(() => text().includes('李四'), 'the results');
    expect(calls(Calls.visitorList)[0]).toMatchObject({ kind: 'cart', keyword: '南海' });
  });

  it('says when a search finds nobody, and a failed load offers retry', async () => {
    setLanguage('en-US');
    serve(
      Calls.visitorList,
      ok(page([], false)),
      fail(CodeFlag.serverFault, 'Server busy'),
      ok(page([masked(0)], false)),
    );
    await render(Paths.visitorSearch);
    await typeInto(h.container.querySelector('.mm-search-field input'), 'Wang');
    await click(buttonWith(h.container, 'Search'));
    await until(() => text().includes('No matching visitors'), 'the empty result');
    expect(text()).toContain('Certified suppliers can also search by nickname, company or phone');
    await typeInto(h.container.querySelector('.mm-search-field input'), 'rod');
    await click(buttonWith(h.container, 'Search'));
    await until(() => text().includes('Something went wrong on our side'), 'the error');
    await click(buttonWith(h.container, 'Retry'));
    await until(() => text().includes('南海****公司'), 'the results');
    expect(calls(Calls.visitorList).map((call) => call.keyword)).toEqual(['Wang', 'rod', 'rod']);
  });
});

describe('visitor detail', () => {
  it('shows what the membership opens when the server answers codeFlag 9, without a toast', async () => {
    serve(Calls.visitorDetail, fail(CodeFlag.vipRequired, '访客详情为认证供应商专享，开通后可查看访客身份与浏览记录'));
    await render(`${Paths.visitorDetail}?userId=42`);
    await until(() => text().includes('访客详情为认证供应商专享，开通后可查看访客身份与浏览记录'), 'the lock');
    expect(text()).toContain('查看每位访客浏览、加购、关注的完整记录');
    expect(showFail).not.toHaveBeenCalled();
  });

  it('shows the visitor, their counts and their actions by day', async () => {
    const detail: TVisitorDetail = {
      visitor: {
        userId: 42,
        nickName: '赵六',
        companyName: '明细采购有限公司',
        phone: '13912345678',
        head: '',
        masked: false,
      },
      isDemo: false,
      counts: { view: 2, cart: 1, attention: 1 },
      following: true,
      firstAt: '2026-11-18T02:00:00.000Z',
      actions: {
        list: [
          { id: 4, kind: 'attention', at: '2026-11-20T03:00:00.000Z', stock: null },
          {
            id: 3,
            kind: 'view',
            at: '2026-11-20T02:30:00.000Z',
            stock: { id: 12, productName: '铝棒', sortName: 'A00铝', specifications: '', status: 'deleted' },
          },
          {
            id: 2,
            kind: 'cart',
            at: '2026-11-18T02:10:00.000Z',
            stock: { id: 11, productName: '铝锭', sortName: 'A00铝', specifications: '', status: 'sale' },
          },
        ],
        page: 1,
        hasMore: false,
        total: 3,
      },
    };
    serve(Calls.visitorDetail, ok(detail));
    await render(`${Paths.visitorDetail}?userId=42`);
    await until(() => text().includes('赵六'), 'the visitor');
    expect(calls(Calls.visitorDetail)[0]).toMatchObject({ userId: '42', page: '1' });
    expect(text()).toContain('明细采购有限公司');
    expect(h.container.querySelector('a[href="tel:13912345678"]')).not.toBeNull();
    expect(text()).toContain('已关注');
    expect(text()).toContain('首次访问：2026-11-18 10:00');
    const days = [...h.container.querySelectorAll('.mm-visitor-day h3')].map((day) => day.textContent);
    expect(days).toEqual(['2026-11-20', '2026-11-18']);
    expect(text()).toContain('关注了您的店铺');
    expect(text()).toContain('铝棒（已删除）');
    await click(buttonWith(h.container, '铝锭'));
    expect(h.router.state.location.search).toBe('?id=11');
  });

  it('says so for a person who never visited', async () => {
    serve(Calls.visitorDetail, fail(CodeFlag.notFound, '内容不存在或已删除'));
    await render(`${Paths.visitorDetail}?userId=5`);
    await until(() => text().includes('该访客没有访问过您的现货或店铺'), 'the empty state');
    expect(showFail).not.toHaveBeenCalled();
  });
});
