// @vitest-environment happy-dom
import { Calls, Paths, type TMarketPriceRow, type TStockDetail } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketKeys, quotesCall } from '../features/markets/quotes.api';
import { stockDetailCall, stockKeys } from '../features/stocks/detail.api';
import { queryClient } from '../lib/queryClient';
import { clearSession, setSession } from '../lib/session';
import { createPageHarness, ok } from '../test/pageHarness';
import { opensOnHome, preloadDeepLink, preloadHome } from './preloadStart';

vi.mock('../lib/feedback', async () => (await import('../test/pageHarness')).feedbackMock);

const h = createPageHarness();
beforeEach(() => {
  h.install();
  queryClient.clear();
  clearSession();
});
afterEach(() => h.cleanup());

const quote = { id: 7, alias: '长江A00铝', price: '22085', upDown: '104', isDemo: true } as TMarketPriceRow;

describe('opensOnHome', () => {
  it('is true for the entry route and the shell on its home tab, and false for every other page', () => {
    for (const hash of ['', '#', '#/', `#${Paths.root}`, `#${Paths.root}?tab=home`])
      expect(opensOnHome(hash)).toBe(true);
    for (const hash of [
      `#${Paths.root}?tab=market`,
      `#${Paths.root}?tab=me`,
      `#${Paths.stockDetail}?id=3`,
      `#${Paths.privacy}`,
    ]) {
      expect(opensOnHome(hash)).toBe(false);
    }
  });
});

describe('preloadHome', () => {
  it('calls market/quotes by its contract path', () => {
    expect(quotesCall.path).toBe(Calls.quotes.path);
  });

  it("asks for a visitor's quotes at once and keeps them under the key the home card reads", async () => {
    h.serve(Calls.quotes, ok([quote]));
    await preloadHome();
    expect(queryClient.getQueryData(marketKeys.quotes(0, 'zh-CN', 0))).toEqual([quote]);
    expect(h.calls(Calls.quotes)).toEqual([expect.objectContaining({ groupId: '0' })]);
  });

  it("keys a logged-in user's quotes by the user, as their groups are their own", async () => {
    setSession({ account: '13800000001', rootId: 3, userId: 42, sessionId: 's-42', lastLoginDate: '2026-11-20' });
    h.serve(Calls.quotes, ok([quote]));
    await preloadHome();
    expect(queryClient.getQueryData(marketKeys.quotes(42, 'zh-CN', 0))).toEqual([quote]);
    expect(h.calls(Calls.quotes)[0]).toMatchObject({ groupId: '0', session_id: 's-42' });
  });
});

describe('preloadDeepLink', () => {
  const listing = { id: 31, productName: '演示铝锭' } as TStockDetail;

  it('calls stock/detail by its contract path', () => {
    expect(stockDetailCall.path).toBe(Calls.stockDetail.path);
  });

  it('asks for a shared listing at once and keeps it under the key its page reads (so the view counts once)', async () => {
    h.serve(Calls.stockDetail, ok(listing));
    await preloadDeepLink(`#${Paths.stockDetail}?id=31`);
    expect(queryClient.getQueryData([...stockKeys.detail(31, 0, 'zh-CN'), null, null])).toEqual(listing);
    expect(h.calls(Calls.stockDetail)).toEqual([expect.objectContaining({ id: '31' })]);
  });

  it('asks for nothing on other links, or on a listing link without a usable id', async () => {
    for (const hash of [
      `#${Paths.stockDetail}`,
      `#${Paths.stockDetail}?id=abc`,
      `#${Paths.stockDetail}?id=-4`,
      `#${Paths.root}?tab=me`,
      `#${Paths.privacy}`,
    ]) {
      await preloadDeepLink(hash);
    }
    expect(h.calls(Calls.stockDetail)).toHaveLength(0);
    expect(h.calls(Calls.quotes)).toHaveLength(0);
  });
});
