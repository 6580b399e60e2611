// @vitest-environment happy-dom
import { Calls, CodeFlag, type TCheckPrice, type TCheckPriceBase, type TCheckPricePage } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { employeeProfile } from '../../test/fixtures';
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
import HomeTab from '../home/components/HomeTab';
import AddCheckPricePage from './pages/AddCheckPricePage';
import CheckPriceDetailPage from './pages/CheckPriceDetailPage';
import CheckPricePage from './pages/CheckPricePage';
import MeCheckPricePage from './pages/MeCheckPricePage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const check = (id: number, over: Partial<TCheckPrice> = {}): TCheckPrice => ({
  id,
  userId: 9,
  nickName: 'seller',
  companyName: '佛山南海铝材有限公司',
  createdAt: '2026-11-20T02:00:00.000Z',
  mine: false,
  items: [
    {
      id: id * 10,
      specification: '6063-T5',
      seriesId: 1,
      seriesName: '长江A00铝',
      premiumCents: 35000,
      basePriceCents: 2093000,
      baseDate: '2026-11-20',
      priceCents: 2128000,
    },
    {
      id: id * 10 + 1,
      specification: 'ADC12',
      seriesId: 2,
      seriesName: 'SMM A00铝',
      premiumCents: -12050,
      basePriceCents: null,
      baseDate: null,
      priceCents: null,
    },
  ],
  ...over,
});
const page = (list: TCheckPrice[], over: Partial<TCheckPricePage> = {}): TCheckPricePage => ({
  list,
  page: 1,
  hasMore: false,
  ...over,
});
const bases: TCheckPriceBase[] = [
  { seriesId: 1, name: '长江A00铝', priceCents: 2093000, date: '2026-11-20' },
  { seriesId: 2, name: 'SMM A00铝', priceCents: null, date: null },
];

const h = createPageHarness();
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.checkPrice]: CheckPricePage,
      [Paths.checkPriceDetail]: CheckPriceDetailPage,
      [Paths.meCheckPrice]: MeCheckPricePage,
      [Paths.addCheckPrice]: AddCheckPricePage,
      [Paths.login]: Stub,
    },
    path,
  );
const text = () => h.container.textContent ?? '';
const cards = () => [...h.container.querySelectorAll('[data-testid="check-price-card"]')];
const rows = () => [...h.container.querySelectorAll('[data-testid="check-price-row"]')];
const field = (name: string) => h.container.querySelector<HTMLInputElement>(`[name="${name}"]`);
const alerts = () => [...h.container.querySelectorAll('[role="alert"]')].map((a) => a.textContent);
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
async function choose(name: string, value: string) {
  const select = h.container.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  if (!select) throw new Error(`no select ${name}`);
  await act(async () => {
    select.value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
  sessionStorage.clear();
});
afterEach(() => h.cleanup());

describe('check_price', () => {
  it('opens from the home’s check price tile', async () => {
    await h.render({ [Paths.root]: HomeTab, [Paths.checkPrice]: Stub }, Paths.root);
    await click(buttonWith(h.container, '查价'));
    expect(h.router.state.location.pathname).toBe(Paths.checkPrice);
  });

  it('lists the market’s quotes with base plus premium and the price in red, page by page', async () => {
    layOutForInfiniteScroll();
    h.serve(Calls.checkPriceList, ok(page([check(1), check(2)], { hasMore: true })), ok(page([check(3)], { page: 2 })));
    await render(Paths.checkPrice);
    await until(() => cards().length >= 2, 'the cards');
    const first = cards()[0]!;
    expect(first.textContent).toContain('佛山南海铝材有限公司');
    expect(first.textContent).toContain('6063-T5');
    expect(first.textContent).toContain('长江A00铝 + 350');
    expect(first.textContent).toContain('SMM A00铝 − 120.50');
    expect(first.textContent).toContain('暂无行情');
    const price = first.querySelector('[data-testid="check-price-price"]');
    expect(price?.textContent).toBe('21280元/吨');
    expect(price?.classList.contains('mm-cp-price')).toBe(true);
    await until(() => cards().length === 3, 'the second page');
    expect(h.calls(Calls.checkPriceList).map((c) => c.page)).toEqual(['1', '2']);
    await until(() => text().includes('没有更多了'), 'the end of the list');
  });

  it('searches by specification and says when nothing matches', async () => {
    h.serve(Calls.checkPriceList, ok(page([])));
    await render(`${Paths.checkPrice}?keyword=7075`);
    await until(() => text().includes('没有找到相关规格'), 'the empty search');
    expect(h.calls(Calls.checkPriceList)[0]).toMatchObject({ keyword: '7075' });
  });

  it('shows an error with retry, and sends a visitor who wants to publish to login', async () => {
    h.serve(Calls.checkPriceList, fail(CodeFlag.serverFault, 'boom'), ok(page([])));
    await render(Paths.checkPrice);
    await until(() => text().includes('服务器开小差了'), 'the error');
    await click(buttonWith(h.container, '重试'));
    await until(() => text().includes('暂无查价'), 'the empty list');
    await click(h.container.querySelector('[data-testid="check-price-add"]'));
    await until(() => text().includes('elsewhere'), 'the login page');
  });
});

describe('check_price_detail', () => {
  it('shows each entry’s base quote, premium and price; the author withdraws it after confirming', async () => {
    setSession(owner);
    h.serve(Calls.checkPriceDetail, ok(check(4, { mine: true })));
    h.serve(Calls.checkPriceDelete, ok(null));
    h.serve(Calls.checkPriceMine, ok(page([])));
    await render(`${Paths.checkPriceDetail}?id=4`);
    await until(() => text().includes('第 1 条'), 'the entries');
    expect(text()).toContain('长江A00铝 209302026-11-20');
    expect(text()).toContain('−120.50 元/吨');
    expect(text()).toContain('SMM A00铝（暂无行情）');
    expect(h.container.querySelector('[data-testid="check-price-price"]')?.textContent).toBe('21280元/吨');
    await click(h.container.querySelector('[data-testid="check-price-withdraw"]'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(h.calls(Calls.checkPriceDelete)).toEqual([]);
    await click(h.container.querySelector('[data-testid="check-price-withdraw"]'));
    await until(() => newest('.adm-dialog-button', '撤回') !== undefined, 'the question again');
    await click(newest('.adm-dialog-button', '撤回'));
    await until(() => h.calls(Calls.checkPriceDelete).length === 1, 'the withdrawal');
    expect(h.calls(Calls.checkPriceDelete)[0]).toMatchObject({ id: '4' });
    expect(showSuccess).toHaveBeenCalledWith('已撤回');
    await until(() => text().includes('您还没有发布查价'), 'me_check_price');
  });

  it('offers no withdrawal on another user’s quote, and says when one is gone', async () => {
    h.serve(Calls.checkPriceDetail, ok(check(5)), fail(CodeFlag.notFound, '内容不存在或已删除'));
    await render(`${Paths.checkPriceDetail}?id=5`);
    await until(() => text().includes('第 1 条'), 'the entries');
    expect(h.container.querySelector('[data-testid="check-price-withdraw"]')).toBeNull();
    await h.cleanup();
    h.install();
    h.serve(Calls.checkPriceDetail, fail(CodeFlag.notFound, '内容不存在或已删除'));
    await render(`${Paths.checkPriceDetail}?id=6`);
    await until(() => text().includes('该查价已撤回或不存在'), 'the gone state');
  });
});

describe('me_check_price', () => {
  it('lists one’s own quotes and asks a visitor to log in', async () => {
    h.serve(Calls.checkPriceMine, ok(page([check(7, { mine: true })])));
    await render(Paths.meCheckPrice);
    await until(() => text().includes('登录后查看我的查价'), 'the login prompt');
    expect(h.calls(Calls.checkPriceMine)).toEqual([]);
    await h.cleanup();
    h.install();
    setSession(owner);
    h.serve(Calls.checkPriceMine, ok(page([check(7, { mine: true })])));
    await render(Paths.meCheckPrice);
    await until(() => cards().length === 1, 'my card');
  });
});

describe('add_check_price', () => {
  it('checks each entry in the user’s language before sending, then publishes and opens the detail', async () => {
    setSession(owner);
    h.serve(Calls.checkPriceBases, ok(bases));
    h.serve(Calls.checkPriceAdd, ok(check(8, { mine: true })));
    h.serve(Calls.checkPriceDetail, ok(check(8, { mine: true })));
    await render(Paths.addCheckPrice);
    await until(() => rows().length === 1, 'the form');
    await typeInto(field('specification-0'), '6063铝棒');
    await typeInto(field('premium-0'), 'abc');
    await click(h.container.querySelector('[data-testid="check-price-submit"]'));
    expect(alerts()).toEqual(['规格不能包含中文', '请选择基准价', '请输入数字']);
    expect(h.calls(Calls.checkPriceAdd)).toEqual([]);

    await typeInto(field('specification-0'), '6063-T5');
    await choose('seriesId-0', '1');
    await typeInto(field('premium-0'), '-120.5');
    expect(h.container.querySelector('[data-testid="check-price-preview"]')?.textContent).toBe(
      '按最新行情：20809.50 元/吨',
    );
    await click(h.container.querySelector('[data-testid="check-price-submit"]'));
    await until(() => h.calls(Calls.checkPriceAdd).length === 1, 'the publish');
    expect(JSON.parse(h.calls(Calls.checkPriceAdd)[0]!.items!)).toEqual([
      { specification: '6063-T5', seriesId: 1, premium: '-120.5' },
    ]);
    expect(showSuccess).toHaveBeenCalledWith('已发布');
    await until(() => text().includes('查价详情') && text().includes('第 1 条'), 'the detail');
  });

  it('adds entries up to 7 and confirms removing a filled one', async () => {
    setSession(owner);
    h.serve(Calls.checkPriceBases, ok(bases));
    await render(Paths.addCheckPrice);
    await until(() => rows().length === 1, 'the form');
    for (let n = 2; n <= 7; n++) {
      await click(h.container.querySelector('[data-testid="check-price-add-row"]'));
      expect(rows()).toHaveLength(n);
    }
    expect(h.container.querySelector('[data-testid="check-price-add-row"]')).toBeNull();
    await typeInto(field('specification-6'), '1060');
    await click(buttonWith(rows()[6]!, '删除'));
    await until(() => newest('.adm-dialog-button', '取消') !== undefined, 'the question');
    await click(newest('.adm-dialog-button', '取消'));
    expect(rows()).toHaveLength(7);
    await click(buttonWith(rows()[5]!, '删除'));
    expect(rows()).toHaveLength(6);
    expect(h.container.querySelector('[data-testid="check-price-add-row"]')?.textContent).toBe('添加一条（6/7）');
  });

  it('speaks English in en-US', async () => {
    setLanguage('en-US');
    setSession(owner);
    h.serve(Calls.checkPriceBases, ok(bases));
    await render(Paths.addCheckPrice);
    await until(() => rows().length === 1, 'the form');
    await typeInto(field('specification-0'), '铝');
    await click(h.container.querySelector('[data-testid="check-price-submit"]'));
    expect(alerts()).toEqual([
      'The specification must not contain Chinese characters',
      'Please choose a base price',
      'Please enter numbers',
    ]);
  });
});

describe('price checks for an employee', () => {
  it.each([
    ['without', ['inquiry'], false],
    ['with', ['quote'], true],
  ] as const)(
    "offers the publish form's submit to one %s 'quote' opening it by link, or says why not",
    async (_, permissions, shown) => {
      setSession(owner);
      h.serve(Calls.info, ok(employeeProfile([...permissions])));
      h.serve(Calls.checkPriceBases, ok(bases));
      await render(Paths.addCheckPrice);
      await until(() => rows().length === 1 && h.calls(Calls.info).length > 0, 'the form and the profile');
      await until(
        () => !!h.container.querySelector('[data-testid="check-price-submit"]') === shown,
        'the submit settled',
      );
      expect(!!h.container.querySelector('[data-testid="no-permission-quote"]')).toBe(!shown);
    },
  );

  it.each([
    ['without', ['inquiry'], false],
    ['with', ['quote'], true],
  ] as const)("shows one %s 'quote' the publish and withdraw actions accordingly", async (_, permissions, shown) => {
    setSession(owner);
    h.serve(Calls.info, ok(employeeProfile([...permissions])));
    h.serve(Calls.checkPriceList, ok(page([check(1)])));
    await render(Paths.checkPrice);
    await until(() => cards().length === 1 && h.calls(Calls.info).length > 0, 'the list and the profile');
    await until(() => !!h.container.querySelector('[data-testid="check-price-add"]') === shown, 'the add settled');

    h.serve(Calls.checkPriceDetail, ok(check(4, { mine: true })));
    await h.router.navigate(`${Paths.checkPriceDetail}?id=4`);
    await until(() => text().includes('第 1 条'), 'the entries');
    expect(!!h.container.querySelector('[data-testid="check-price-withdraw"]')).toBe(shown);
  });
});
