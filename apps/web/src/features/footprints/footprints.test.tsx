// @vitest-environment happy-dom
import { Calls, shanghaiDate, type TStockSummary } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showSuccess } from '../../lib/feedback';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { click, createPageHarness, ok, until } from '../../test/pageHarness';
import StockFootprintPage from './pages/StockFootprintPage';
import { readFootprints, recordFootprint, resetFootprintCache } from './store';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const USER = 7;
const summary = (id: number, productName: string): TStockSummary => ({
  id,
  rootId: 3,
  companyName: '佛山南海铝材有限公司',
  status: 'sale',
  sortId: 13,
  sortName: 'A00铝',
  productName,
  specifications: '',
  quantityKg: 12_500,
  brand: '',
  manufacturer: '',
  province: '广东省',
  city: '佛山市',
  price: {
    type: 'market',
    unitPriceFen: 2_065_000,
    quoteDate: '2026-11-20',
    seriesId: 1,
    seriesName: '长江A00铝',
    processingFeeFen: 15_000,
    intro: '',
  },
  fixedPrice: false,
  specialSale: false,
  splittable: false,
  freightIncluded: false,
  cover: null,
  distanceKm: null,
  views: 3,
  publishedAt: '2026-11-19T02:00:00.000Z',
  refreshedAt: '2026-11-20T02:00:00.000Z',
  isDemo: false,
});

const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const render = () =>
  h.render(
    {
      [Paths.stockFootprint]: StockFootprintPage,
      [Paths.login]: Stub,
      '/pages/stock_detail/stock_detail': Stub,
    },
    Paths.stockFootprint,
  );
const text = () => h.container.textContent ?? '';
const bodyText = () => document.body.textContent ?? '';
const newest = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const DAY = 24 * 3600 * 1000;

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
  resetFootprintCache();
  setSession({ account: 'buyer', rootId: USER, userId: USER, sessionId: 's', lastLoginDate: '2026-11-20' });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('footprints page', () => {
  it('shows the footprints newest first by day as stock rows, and one no longer available', async () => {
    const now = Date.now();
    recordFootprint({ stockId: 3, sortId: 13 }, new Date(now - 3 * DAY));
    recordFootprint({ stockId: 2, sortId: 13 }, new Date(now - DAY));
    recordFootprint({ stockId: 1, sortId: 13 }, new Date(now - 1000));
    serve(
      Calls.stockSummaries,
      ok([
        { id: 1, available: true, stock: summary(1, '铝锭') },
        { id: 2, available: true, stock: summary(2, '铝棒') },
        { id: 3, available: false, stock: null },
      ]),
    );
    serve(Calls.getAllFoot, ok([]));
    await render();
    await until(() => text().includes('铝棒'), 'the rows');
    expect(calls(Calls.stockSummaries)[0]).toMatchObject({ ids: '[1,2,3]' });
    const days = [...h.container.querySelectorAll('.mm-footprint-date')].map((d) => d.textContent);
    expect(days).toEqual(['今天', '昨天', shanghaiDate(Math.floor((now - 3 * DAY) / 1000))]);
    expect(text()).toContain('¥20650元/吨');
    expect(text()).toContain('长江A00铝 +150');
    expect(text()).toContain('该现货已下架或删除，暂不可查看');

    // Opening the page syncs: the unsynced footprints go up, then everything comes down once.
    await until(() => calls(Calls.getAllFoot).length === 1, 'the sync');
    expect(JSON.parse(calls(Calls.saveFoots)[0]!.data!).map((f: { stockId: number }) => f.stockId)).toEqual([1, 2, 3]);

    await click(h.container.querySelector('[data-testid="footprint-row"] .mm-stock-row-open'));
    expect(h.router.state.location.search).toBe('?id=1');
  });

  it('deletes the selected footprints after a confirmation, here and on the server', async () => {
    recordFootprint({ stockId: 1, sortId: 13 }, new Date(Date.now() - 60_000));
    recordFootprint({ stockId: 2, sortId: 13 });
    serve(
      Calls.stockSummaries,
      ok([
        { id: 2, available: true, stock: summary(2, '铝棒') },
        { id: 1, available: true, stock: summary(1, '铝锭') },
      ]),
    );
    serve(Calls.getAllFoot, ok([]));
    serve(Calls.delFoot, ok({ deleted: 1 }));
    await render();
    await until(() => text().includes('铝锭'), 'the rows');
    await click(h.container.querySelector('[data-testid="toggle-select"]'));
    await click(h.container.querySelectorAll('.mm-sm-check')[0]);
    await click(h.container.querySelector('[data-testid="footprint-delete"]'));
    await until(() => bodyText().includes('确定删除所选 1 条足迹吗？'), 'the confirmation');
    expect(calls(Calls.delFoot)).toEqual([]);
    await click(newest('.adm-dialog-button', '删除'));
    await until(() => calls(Calls.delFoot).length === 1, 'the deletion');
    const key = `${USER}_2_${shanghaiDate(Math.floor(Date.now() / 1000))}`;
    expect(calls(Calls.delFoot)[0]).toMatchObject({ key });
    expect(readFootprints(USER).records.map((r) => r.stockId)).toEqual([1]);
    expect(readFootprints(USER).pendingDeletes).toEqual([]);
    await until(() => !text().includes('铝棒'), 'the row gone');
    expect(showSuccess).toHaveBeenCalledWith('已删除 1 条足迹');
  });

  it('says when there are no footprints yet', async () => {
    serve(Calls.getAllFoot, ok([]));
    await render();
    await until(() => text().includes('暂无足迹'), 'the empty state');
    expect(calls(Calls.stockSummaries)).toEqual([]);
  });
});
