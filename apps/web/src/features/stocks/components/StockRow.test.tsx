// @vitest-environment happy-dom
import type { TStockSummary } from '@metal/shared';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { setLanguage } from '../../../lib/language';
import { Paths } from '../../../lib/navigation';
import { click, createPageHarness, until } from '../../../test/pageHarness';
import { StockRow } from './StockRow';

const h = createPageHarness();

const summary = (over: Partial<TStockSummary> = {}): TStockSummary => ({
  id: 5,
  rootId: 7,
  companyName: '佛山南海铝材有限公司',
  status: 'sale',
  sortId: 13,
  sortName: 'A00铝',
  productName: '铝锭',
  specifications: '99.70%',
  quantityKg: 30_500,
  brand: '南海',
  manufacturer: '',
  province: '广东省',
  city: '佛山市',
  price: {
    type: 'market',
    unitPriceFen: 2_034_950,
    quoteDate: '2026-11-20',
    seriesId: 1,
    seriesName: '长江A00铝',
    processingFeeFen: -15_050,
    intro: '',
  },
  fixedPrice: false,
  specialSale: true,
  splittable: false,
  freightIncluded: true,
  cover: null,
  distanceKm: 12.3,
  views: 0,
  publishedAt: '2026-11-20T02:00:00Z',
  refreshedAt: '2026-11-20T02:00:00Z',
  isDemo: true,
  ...over,
});

/** Mounts rows at '/' with the detail route beside it, so opening one can be seen. */
async function renderRows(rows: () => ReactNode) {
  await h.render({ '/': () => <>{rows()}</>, [Paths.stockDetail]: () => <p>detail</p> }, '/');
}

const row = () => h.container.querySelector('[data-testid="stock-row"]');
const rowText = () => row()?.textContent ?? '';

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
});
afterEach(() => h.cleanup());

describe('StockRow', () => {
  it('shows what every list shows: product, category, spec, brand, marks, price, tons, basis, place, time, demo', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-20T05:00:00Z'), toFake: ['Date'] });
    await renderRows(() => <StockRow stock={summary()} />);
    vi.useRealTimers();
    expect(row()?.querySelector('strong')?.textContent).toBe('铝锭');
    expect(row()?.querySelector('.mm-demo-tag')?.textContent).toBe('演示');
    expect(row()?.querySelector('.mm-stock-row-spec')?.textContent).toBe('A00铝 · 99.70% · 南海');
    expect([...(row()?.querySelectorAll('.mm-stock-row-mark') ?? [])].map((m) => m.textContent)).toEqual([
      '特价',
      '含运费',
    ]);
    expect(row()?.querySelector('[data-testid="stock-price"]')?.textContent).toBe('¥20349.50元/吨');
    expect(rowText()).toContain('30.5 吨');
    expect(rowText()).toContain('长江A00铝 -150.50');
    expect(row()?.querySelector('.mm-stock-row-company')?.textContent).toBe('佛山南海铝材有限公司');
    expect(row()?.querySelector('.mm-stock-row-place')?.textContent).toBe('佛山市');
    expect(row()?.querySelector('[data-testid="distance"]')?.textContent).toBe('12 km');
    expect(row()?.querySelector('.mm-stock-row-when')?.textContent).toBe('3小时前');
  });

  it('colours a listed price neither red nor green: a summary has no change, so its tone is neutral', async () => {
    await renderRows(() => <StockRow stock={summary()} />);
    const price = row()?.querySelector('[data-testid="stock-price"]');
    expect(price?.classList.contains('mm-tone-neutral')).toBe(true);
    expect(price?.classList.contains('mm-tone-up')).toBe(false);
    expect(price?.classList.contains('mm-tone-down')).toBe(false);
  });

  it('shows a fixed price without a basis, and says when a market price has no quote yet', async () => {
    const fixed = summary({
      id: 6,
      price: { ...summary().price, type: 'fixed', unitPriceFen: 2_080_000, seriesName: '', processingFeeFen: null },
      fixedPrice: true,
    });
    const unquoted = summary({ id: 7, price: { ...summary().price, unitPriceFen: null } });
    await renderRows(() => (
      <>
        <StockRow stock={fixed} />
        <StockRow stock={unquoted} />
      </>
    ));
    const [first, second] = [...h.container.querySelectorAll('[data-testid="stock-row"]')];
    expect(first?.textContent).toContain('一口价');
    expect(first?.textContent).toContain('¥20800元/吨');
    expect(first?.querySelector('.mm-stock-row-follows')).toBeNull();
    expect(second?.textContent).toContain('暂无报价');
    expect(second?.querySelector('[data-testid="stock-price"]')).toBeNull();
  });

  it("leaves the company out of a shop's own list", async () => {
    await renderRows(() => <StockRow stock={summary()} showCompany={false} />);
    expect(row()?.querySelector('.mm-stock-row-company')).toBeNull();
    expect(row()?.querySelector('.mm-stock-row-where')?.textContent).toBe('佛山市');
  });

  it('opens the listing by default', async () => {
    await renderRows(() => <StockRow stock={summary()} />);
    await click(row()?.querySelector('.mm-stock-row-open'));
    expect(h.router.state.location.pathname).toBe(Paths.stockDetail);
    expect(h.router.state.location.search).toBe('?id=5');
  });

  it("takes the manager's variant by props: a lead, actions under it, its own opening and a flag", async () => {
    const onOpen = vi.fn();
    await renderRows(() => (
      <StockRow
        stock={summary()}
        testId="managed-stock"
        lead={<input type="checkbox" aria-label="select" />}
        onOpen={onOpen}
        flagged
      >
        <button type="button">刷新</button>
      </StockRow>
    ));
    const managed = h.container.querySelector('[data-testid="managed-stock"]');
    expect(managed?.classList.contains('is-flagged')).toBe(true);
    expect(managed?.firstElementChild?.getAttribute('aria-label')).toBe('select');
    expect(managed?.querySelector('.mm-stock-row-content > button:last-child')?.textContent).toBe('刷新');
    expect(managed?.textContent).toContain('¥20349.50元/吨');
    await click(managed?.querySelector('.mm-stock-row-open'));
    expect(onOpen).toHaveBeenCalledOnce();
    expect(h.router.state.location.pathname).toBe('/');
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    await renderRows(() => <StockRow stock={summary({ isDemo: false })} />);
    expect(rowText()).toContain('Special sale');
    expect(rowText()).toContain('yuan/t');
    expect(rowText()).toContain('30.5 t');
    expect(row()?.querySelector('.mm-demo-tag')).toBeNull();
  });

  it("marks a listing without a picture with its metal in the reader's language, whatever the category's", async () => {
    const mark = () => row()?.querySelector('.mm-stock-row-cover')?.textContent;
    setLanguage('en-US');
    await renderRows(() => <StockRow stock={summary({ sortName: 'A00铝' })} />);
    expect(mark()).toBe('Al');
    await h.cleanup();
    h.install();
    await renderRows(() => <StockRow stock={summary({ sortName: '1#电解铜', productName: '' })} />);
    expect(mark()).toBe('Cu');
    await h.cleanup();
    h.install();
    setLanguage('zh-CN');
    await renderRows(() => <StockRow stock={summary({ sortName: 'A00 aluminium' })} />);
    expect(mark()).toBe('铝');
    await h.cleanup();
    h.install();
    await renderRows(() => <StockRow stock={summary({ sortName: '锌锭' })} />);
    expect(mark()).toBe('锌锭');
  });

  it("names the place in the reader's language, keeping the Chinese for Chinese readers", async () => {
    setLanguage('en-US');
    await renderRows(() => <StockRow stock={summary()} />);
    // The English names arrive in their own chunk the first time.
    await until(() => rowText().includes('Foshan'), 'the English place');
    expect(rowText()).not.toContain('佛山市');
    await h.cleanup();
    h.install();
    setLanguage('zh-CN');
    await renderRows(() => <StockRow stock={summary()} />);
    expect(rowText()).toContain('佛山市');
  });
});
