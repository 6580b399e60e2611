// @vitest-environment happy-dom
import { Calls, type TMarketDetail, type TMarketPriceRow } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { createPageHarness, ok, until } from '../../test/pageHarness';
import MarketDetailPage from './pages/MarketDetailPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

/**
 * lightweight-charts draws on a canvas happy-dom cannot give it; this stand-in keeps what the page asks
 * of it (options, series colours, the crosshair handler and position) so the page's use of it is tested.
 */
const drawn = vi.hoisted(() => ({
  chartOptions: [] as unknown[],
  seriesOptions: [] as Record<string, unknown>[],
  crosshair: undefined as ((event: unknown) => void) | undefined,
  positions: [] as unknown[][],
}));
vi.mock('lightweight-charts', () => ({
  AreaSeries: 'Area',
  ColorType: { Solid: 'solid' },
  createChart: (_box: HTMLElement, options: unknown) => {
    drawn.chartOptions.push(options);
    return {
      applyOptions: (more: unknown) => drawn.chartOptions.push(more),
      addSeries: () => ({
        applyOptions: (options: Record<string, unknown>) => drawn.seriesOptions.push(options),
        setData: () => {},
      }),
      // Ten pixels per day: x = 21 is nearest the third point.
      timeScale: () => ({ fitContent: () => {}, coordinateToLogical: (x: number) => x / 10 }),
      subscribeCrosshairMove: (handler: (event: unknown) => void) => {
        drawn.crosshair = handler;
      },
      unsubscribeCrosshairMove: () => {
        drawn.crosshair = undefined;
      },
      setCrosshairPosition: (...args: unknown[]) => drawn.positions.push(args),
      remove: () => {},
    };
  },
}));

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
    price: '22360',
    range: '22319-22402',
    upDown: '-91',
    lastUpDown: '3',
    rmbPrice: null,
    date: '2026-11-26',
    time: 0,
    addTime: '2026-11-26 15:00:00',
    today: true,
    homeDate: '11-26',
    isDemo: false,
    ...over,
  };
}

const detail = (upDown: string | null, prices: string[]): TMarketDetail => ({
  latest: row({ upDown, price: prices[prices.length - 1]! }),
  points: prices.map((price, i) => ({ date: `2026-11-${10 + i}`, price })),
  rows: [],
});

const h = createPageHarness();
const { serve } = h;
const render = () => h.render({ [Paths.marketDetail]: MarketDetailPage }, `${Paths.marketDetail}?aliasId=1`);
const chart = () => h.container.querySelector('[data-testid="price-chart"]');
const readout = () => h.container.querySelector('[data-testid="chart-readout"]');
const lastLineColour = () => drawn.seriesOptions.findLast((options) => 'lineColor' in options)?.lineColor;

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  drawn.chartOptions = [];
  drawn.seriesOptions = [];
  drawn.crosshair = undefined;
  drawn.positions = [];
});

afterEach(() => h.cleanup());

describe('series chart', () => {
  it('draws the line in the headline tone, not the trend: a month that rose but fell today is green', async () => {
    serve(Calls.marketDetail, ok(detail('-91', ['21000', '22451', '22360'])));
    await render();
    await until(() => lastLineColour() !== undefined, 'the line');
    expect(h.container.querySelector('.mm-detail-price strong')?.className).toBe('mm-tone-down');
    expect(chart()?.getAttribute('data-tone')).toBe('down');
    expect(lastLineColour()).toBe('#11a05a');
  });

  it('draws an unchanged price in the text colour and a rise in red', async () => {
    serve(Calls.marketDetail, ok(detail('0', ['22500', '22360', '22360'])), ok(detail('12', ['22500', '22372'])));
    await render();
    await until(() => lastLineColour() !== undefined, 'the line');
    expect(lastLineColour()).toBe('#1b2330');
    await act(() => h.router.navigate(`${Paths.marketDetail}?aliasId=1&period=7d`));
    await until(() => chart()?.getAttribute('data-points') === '2', 'the next period');
    await until(() => lastLineColour() === '#e5322d', 'the red line');
    expect(chart()?.getAttribute('data-tone')).toBe('up');
  });

  it('leaves the library logo out of the plot', async () => {
    serve(Calls.marketDetail, ok(detail('-91', ['22451', '22360'])));
    await render();
    await until(() => drawn.chartOptions.length > 0, 'the chart');
    expect(drawn.chartOptions[0]).toMatchObject({ layout: { attributionLogo: false } });
  });

  it('reads out the day under the pointer, and the hint again when it leaves', async () => {
    serve(Calls.marketDetail, ok(detail('-91', ['22000', '22104', '22100'])));
    await render();
    await until(() => drawn.crosshair !== undefined, 'the crosshair');
    expect(readout()?.textContent).toBe('点按或左右滑动走势图，查看每日价格和涨跌');

    await act(async () => drawn.crosshair?.({ point: { x: 12, y: 40 }, logical: 1, sourceEvent: {} }));
    expect(readout()?.textContent).toBe('2026-11-1122104+104 +0.47%');
    expect(readout()?.querySelector('strong')?.className).toBe('mm-tone-up');

    await act(async () => drawn.crosshair?.({ point: undefined, logical: undefined, sourceEvent: undefined }));
    expect(readout()?.textContent).toBe('2026-11-1122104+104 +0.47%');
    await act(async () => drawn.crosshair?.({ point: undefined, logical: undefined, sourceEvent: {} }));
    expect(readout()?.textContent).toBe('点按或左右滑动走势图，查看每日价格和涨跌');
  });

  it('puts the crosshair on the day a finger touches, and keeps it read out', async () => {
    serve(Calls.marketDetail, ok(detail('-91', ['22000', '22104', '22100'])));
    await render();
    await until(() => drawn.crosshair !== undefined, 'the crosshair');
    const canvas = h.container.querySelector('.mm-chart-canvas');
    await act(async () => {
      canvas?.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', clientX: 21, bubbles: true }));
    });
    expect(readout()?.textContent).toBe('2026-11-1222100-4 -0.02%');
    expect(readout()?.querySelector('strong')?.className).toBe('mm-tone-down');
    expect(drawn.positions).toEqual([[22100, '2026-11-12', expect.anything()]]);

    // The library's own crosshair events after a touch do not take the day away.
    await act(async () => drawn.crosshair?.({ point: undefined, logical: undefined, sourceEvent: {} }));
    expect(readout()?.textContent).toBe('2026-11-1222100-4 -0.02%');
  });
});
