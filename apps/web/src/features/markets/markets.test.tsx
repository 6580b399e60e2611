// @vitest-environment happy-dom
import { Calls, type TMarketGroup, type TMarketPriceRow, translate } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { click, createPageHarness, buttonWith as findButton, ok, until } from '../../test/pageHarness';
import MarketTab from './components/MarketTab';
import BuySortPage from './pages/BuySortPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const sort = (id: number, sortName: string, metal: 'aluminium' | 'copper' = 'aluminium') => ({
  id,
  sortName,
  sortUnit: '元/吨',
  metal,
  physical: ![78, 77, 40, 41].includes(id),
});

const myQuotes: TMarketGroup = {
  id: 0,
  name: '我的行情',
  marketSortIds: [13, 12, 40],
  sortList: [sort(13, 'A00铝'), sort(12, '1#电解铜', 'copper'), sort(40, 'LME铝')],
};

function row(over: Partial<TMarketPriceRow>): TMarketPriceRow {
  return {
    id: 1,
    aliasId: 1,
    alias: '长江A00铝',
    marketId: 1,
    marketName: '长江现货',
    sortId: 13,
    sortName: 'A00铝',
    sortUnit: '元/吨',
    currency: 'CNY',
    price: '22085',
    range: '22055-22115',
    upDown: '104',
    lastUpDown: '208',
    rmbPrice: null,
    date: '2026-11-20',
    time: 0,
    addTime: '2026-11-20 15:00:00',
    today: false,
    homeDate: '11-20',
    isDemo: true,
    ...over,
  };
}

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = (path: string) =>
  h.render(
    {
      [Paths.root]: MarketTab,
      [Paths.buySort]: BuySortPage,
      [Paths.login]: Stub,
      [Paths.groupManage]: Stub,
      [Paths.marketDetail]: Stub,
      [Paths.marketBoard]: Stub,
    },
    path,
  );
const buttonWith = (text: string) => findButton(h.container, text);
const checkbox = (name: string) =>
  [...h.container.querySelectorAll<HTMLLabelElement>('label.mm-picker-sort')]
    .find((label) => label.querySelector('.mm-picker-sort-name')?.textContent === name)
    ?.querySelector('input');

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});

afterEach(() => h.cleanup());

describe('market tab', () => {
  it('lists the group in its sort order, red up, green down, a sort without quotes as such', async () => {
    serve(Calls.marketGroups, ok([myQuotes]));
    serve(
      Calls.quotes,
      ok([
        row({}),
        row({
          id: 2,
          aliasId: 8,
          alias: 'LME铝3M',
          sortId: 40,
          currency: 'USD',
          price: '2646',
          upDown: '-4',
          rmbPrice: '18977.11',
          isDemo: false,
        }),
      ]),
    );
    await render(`${Paths.root}?tab=market`);
    await until(() => h.container.querySelectorAll('[data-testid="quote-row"]').length === 2, 'the rows');

    const names = [...h.container.querySelectorAll('.mm-quote-alias-text')].map((n) => n.textContent);
    expect(names).toEqual(['长江A00铝', '1#电解铜', 'LME铝3M']);
    const [up, down] = [...h.container.querySelectorAll('[data-testid="quote-row"]')];
    expect(up?.querySelector('.mm-change-pill')?.className).toContain('is-up');
    expect(up?.querySelector('.mm-change-pill')?.textContent).toBe('+0.47%');
    expect(up?.querySelector('.mm-quote-price strong')?.className).toBe('mm-tone-up');
    expect(down?.querySelector('.mm-quote-price strong')?.className).toBe('mm-tone-down');
    expect(up?.querySelector('.mm-demo-tag')).not.toBeNull();
    expect(down?.querySelector('.mm-change-pill')?.className).toContain('is-down');
    expect(down?.querySelector('.mm-change-pill')?.textContent).toBe('-0.15%');
    expect(down?.querySelector('.mm-demo-tag')).toBeNull();
    expect(h.container.querySelector('[data-testid="quote-row-empty"]')?.textContent).toContain('暂无报价');
    expect(calls(Calls.quotes)[0]).toMatchObject({ groupId: '0' });

    await click(down);
    expect(h.router.state.location.pathname).toBe(Paths.marketDetail);
    expect(h.router.state.location.search).toBe('?aliasId=8');
  });

  it('offers to add sorts to an empty group, and sends a visitor to log in first', async () => {
    serve(Calls.marketGroups, ok([{ ...myQuotes, marketSortIds: [], sortList: [] }]));
    await render(`${Paths.root}?tab=market`);
    await until(() => buttonWith('添加品种') !== undefined, 'the empty state');
    expect(calls(Calls.quotes)).toHaveLength(0);
    await click(buttonWith('添加品种'));
    expect(h.router.state.location.pathname).toBe(Paths.login);
  });

  it('opens group management from edit for a logged-in user', async () => {
    setSession({ account: 'trader01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });
    serve(Calls.marketGroups, ok([myQuotes]));
    serve(Calls.quotes, ok([]));
    await render(`${Paths.root}?tab=market`);
    await click(h.container.querySelector('[data-testid="market-edit"]'));
    expect(h.router.state.location.pathname).toBe(Paths.groupManage);
  });
});

describe('market tab → quotes board', () => {
  it('opens the board of every market from beside the group tabs', async () => {
    serve(Calls.marketGroups, ok([myQuotes]));
    serve(Calls.quotes, ok([row({})]));
    await render(`${Paths.root}?tab=market`);
    await until(() => h.container.querySelector('[data-testid="market-board-link"]') !== null, 'the link');
    expect(h.container.querySelector('[data-testid="market-board-link"]')?.textContent).toBe('全部行情');
    await click(h.container.querySelector('[data-testid="market-board-link"]'));
    expect(h.router.state.location.pathname).toBe(Paths.marketBoard);
  });
});

describe('buy_sort picker', () => {
  const sorts = [
    { ...sort(13, 'A00铝'), series: [{ id: 1, name: '长江A00铝', marketName: '长江现货' }] },
    { ...sort(40, 'LME铝'), series: [{ id: 8, name: 'LME铝3M', marketName: 'LME' }] },
    { ...sort(12, '1#电解铜', 'copper'), series: [{ id: 4, name: '长江1#电解铜', marketName: '长江现货' }] },
  ];

  beforeEach(() => {
    setSession({ account: 'trader01', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20 08:00:00' });
  });

  it('ticks the group’s sorts, and saves the edited order of the default group with id 0', async () => {
    serve(Calls.marketGroups, ok([{ ...myQuotes, marketSortIds: [13, 12], sortList: myQuotes.sortList.slice(0, 2) }]));
    serve(Calls.marketSorts, ok(sorts));
    serve(Calls.groupUpdate, ok({ ...myQuotes, id: 31 }));
    await render(`${Paths.buySort}?groupId=0`);
    await until(() => checkbox('A00铝') !== undefined, 'the sorts');
    expect(checkbox('A00铝')?.checked).toBe(true);
    expect(checkbox('1#电解铜')?.checked).toBe(true);
    expect(checkbox('LME铝')?.checked).toBe(false);
    expect([...h.container.querySelectorAll('.mm-picker-metal h3')].map((h) => h.textContent)).toEqual(['铝', '铜']);

    await click(checkbox('1#电解铜'));
    await click(checkbox('LME铝'));
    await click(buttonWith('上移 LME铝'));
    await click(h.container.querySelector('[data-testid="picker-save"]'));
    await until(() => calls(Calls.groupUpdate).length === 1, 'the save');
    expect(calls(Calls.groupUpdate)[0]).toMatchObject({ id: '0', sortIds: '[40,13]' });
    await until(() => h.router.state.location.pathname === Paths.root, 'going back');
  });

  it('checks a new group’s name with the shared schema before anything is sent', async () => {
    serve(Calls.marketGroups, ok([myQuotes]));
    serve(Calls.marketSorts, ok(sorts));
    serve(Calls.groupCreate, ok({ ...myQuotes, id: 32, name: '铝' }));
    await render(`${Paths.buySort}?new=1`);
    await until(() => checkbox('A00铝') !== undefined, 'the sorts');
    expect(checkbox('A00铝')?.checked).toBe(false);

    await click(h.container.querySelector('[data-testid="picker-save"]'));
    expect(h.container.querySelector('[role="alert"]')?.textContent).toBe(translate('markets.group.name', 'zh-CN'));

    const input = h.container.querySelector<HTMLInputElement>('input[name="name"]');
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '我的行情');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(h.container.querySelector('[data-testid="picker-save"]'));
    expect(h.container.querySelector('[role="alert"]')?.textContent).toBe(
      translate('markets.group.nameTaken', 'zh-CN'),
    );
    expect(calls(Calls.groupCreate)).toHaveLength(0);
    expect(showFail).not.toHaveBeenCalled();

    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, '铝');
      input?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(checkbox('A00铝'));
    await click(h.container.querySelector('[data-testid="picker-save"]'));
    await until(() => calls(Calls.groupCreate).length === 1, 'the create');
    expect(calls(Calls.groupCreate)[0]).toMatchObject({ name: '铝', sortIds: '[13]' });
  });
});
