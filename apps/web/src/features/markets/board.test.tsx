// @vitest-environment happy-dom
import { Calls, CodeFlag, type TMarketPriceRow } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession } from '../../lib/session';
import { click, createPageHarness, fail, buttonWith as findButton, ok, until } from '../../test/pageHarness';
import MarketBoardPage from './pages/MarketBoardPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

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
    isDemo: false,
    ...over,
  };
}

/** What `market/board` answers: a market's rows together, markets in board order. */
const board = [
  row({}),
  row({ id: 4, aliasId: 4, alias: '长江1#电解铜', sortId: 12, price: '86050', upDown: '-300' }),
  row({ id: 10, aliasId: 10, alias: '佛山6063铝棒加工费', marketId: 4, marketName: '佛山', price: '450', upDown: '0' }),
  row({
    id: 8,
    aliasId: 8,
    alias: 'LME铝3M',
    marketId: 6,
    marketName: 'LME',
    sortId: 40,
    currency: 'USD',
    price: '2646',
    upDown: '-4',
    sortUnit: '美元/吨',
  }),
];

const h = createPageHarness();
const { serve, calls } = h;
const Detail = () => <p>detail</p>;
const render = () =>
  h.render({ [Paths.marketBoard]: MarketBoardPage, [Paths.marketDetail]: Detail }, Paths.marketBoard);
const sections = () => [...h.container.querySelectorAll('[data-testid="board-market"]')];

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  clearSession();
});

afterEach(() => h.cleanup());

describe('quotes board', () => {
  it('lists every series under its market, in the order the server gives, with the quote rows', async () => {
    serve(Calls.marketBoard, ok(board));
    await render();
    await until(() => sections().length === 3, 'the markets');

    expect(sections().map((s) => s.querySelector('h2 span')?.textContent)).toEqual(['长江现货', '佛山', 'LME']);
    expect(sections().map((s) => s.querySelector('.mm-board-market-count')?.textContent)).toEqual([
      '2个品种',
      '1个品种',
      '1个品种',
    ]);
    expect(
      sections().map((s) =>
        [...s.querySelectorAll('[data-testid="quote-row"] .mm-quote-alias-text')].map((n) => n.textContent),
      ),
    ).toEqual([['长江A00铝', '长江1#电解铜'], ['佛山6063铝棒加工费'], ['LME铝3M']]);
    const [up, down, unchanged] = [...h.container.querySelectorAll('[data-testid="quote-row"]')];
    // The header names the market, so its rows show only the date beside the name.
    expect(up?.querySelector('.mm-quote-meta-text')?.textContent).not.toContain('长江现货');
    expect(up?.querySelector('.mm-quote-meta-text')?.textContent).toContain('11-20');
    expect(up?.querySelector('.mm-change-pill')?.className).toContain('is-up');
    expect(down?.querySelector('.mm-change-pill')?.className).toContain('is-down');
    expect(unchanged?.querySelector('.mm-change-pill')?.className).not.toMatch(/is-(up|down)/);
    // The headers name their section for assistive technology too.
    const first = sections()[0];
    expect(h.container.querySelector(`#${first?.getAttribute('aria-labelledby')}`)?.textContent).toContain('长江现货');
    expect(calls(Calls.marketBoard)).toHaveLength(1);
  });

  it('opens the series detail from a row', async () => {
    serve(Calls.marketBoard, ok(board));
    await render();
    await until(() => sections().length === 3, 'the markets');
    await click(sections()[2]?.querySelector('[data-testid="quote-row"]'));
    expect(h.router.state.location.pathname).toBe(Paths.marketDetail);
    expect(h.router.state.location.search).toBe('?aliasId=8');
  });

  it('says so when no market has a price yet, without a demo note', async () => {
    serve(Calls.marketBoard, ok([]));
    await render();
    await until(() => h.container.textContent?.includes('暂无行情') === true, 'the empty state');
    expect(sections()).toHaveLength(0);
    expect(h.container.querySelector('.mm-quote-note')).toBeNull();
  });

  it('shows the demo note when the rows are demo data', async () => {
    serve(Calls.marketBoard, ok([row({ isDemo: true })]));
    await render();
    await until(() => sections().length === 1, 'the market');
    expect(h.container.querySelector('.mm-demo-tag')).not.toBeNull();
    expect(h.container.querySelector('.mm-quote-note')?.textContent).toBe('演示数据，仅供体验，不构成交易依据');
  });

  it('offers a retry after a failed load, which shows the board', async () => {
    serve(Calls.marketBoard, fail(CodeFlag.serverFault, 'down'), ok(board));
    await render();
    await until(() => findButton(h.container, '重试') !== undefined, 'the error state');
    expect(sections()).toHaveLength(0);
    await click(findButton(h.container, '重试'));
    await until(() => sections().length === 3, 'the markets after the retry');
    expect(calls(Calls.marketBoard)).toHaveLength(2);
  });

  it('names markets in English for an English reader', async () => {
    setLanguage('en-US');
    serve(Calls.marketBoard, ok([row({ marketName: 'Changjiang Spot', alias: 'Changjiang A00 aluminium' })]));
    await render();
    await until(() => sections().length === 1, 'the market');
    expect(sections()[0]?.querySelector('h2')?.textContent).toBe('Changjiang Spot1 series');
    expect(calls(Calls.marketBoard)[0]).toMatchObject({ lang: 'en-US' });
  });
});
