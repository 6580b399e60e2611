// @vitest-environment happy-dom
import { Calls, DEFAULT_GROUP_ID, type TMarketPriceRow } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { ApiError, NETWORK_CODE_FLAG } from '../../lib/api';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession } from '../../lib/session';
import { StorageKeys, storage } from '../../lib/storage';
import { createPageHarness, fail, ok, until } from '../../test/pageHarness';
import MyQuotesCard from './components/MyQuotesCard';
import { offlineQuotes, readLastQuotes, saveLastQuotes } from './lastQuotes';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

const row = (id: number, alias: string, price: string): TMarketPriceRow => ({
  id,
  aliasId: id,
  alias,
  marketId: 1,
  marketName: '长江现货',
  sortId: 13,
  sortName: 'A00铝',
  sortUnit: '元/吨',
  currency: 'CNY',
  price,
  range: `${price}-${price}`,
  upDown: '10',
  lastUpDown: '0',
  rmbPrice: null,
  date: '2026-11-20',
  time: 0,
  addTime: '2026-11-20 15:00:00',
  today: false,
  homeDate: '11-20',
  isDemo: false,
});

const h = createPageHarness();
const renderCard = () => h.render({ [Paths.root]: MyQuotesCard }, Paths.root);
const prices = () => [...h.container.querySelectorAll('.mm-home-quotes-price')].map((node) => node.textContent);
const notice = () => h.container.querySelector('[data-testid="quotes-offline"]')?.textContent;
/** Every call fails as a phone without signal fails it: fetch rejects. */
const goOffline = () => h.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

beforeEach(() => {
  h.install();
  storage.remove(StorageKeys.lastQuotes);
  clearSession();
  setLanguage('zh-CN');
});
afterEach(() => h.cleanup());

describe('the home quotes card offline', () => {
  it('shows the last quotes it saw, with the offline notice, when the network is gone', async () => {
    h.serve(Calls.quotes, ok([row(1, '长江A00铝', '22085'), row(2, '1#电解铜', '86420')]));
    await renderCard();
    await until(() => prices().length === 2, 'the quotes online');
    expect(notice()).toBeUndefined();
    await h.cleanup();

    h.install();
    goOffline();
    await renderCard();
    await until(() => notice() !== undefined, 'the offline notice');
    expect(notice()).toBe('离线 · 显示上次行情');
    expect(prices()).toEqual(['22085', '86420']);
    expect(h.container.textContent).not.toContain('加载失败');
  });

  it('says it in English for an English reader, whose quotes were saved in English', async () => {
    setLanguage('en-US');
    saveLastQuotes(0, 'en-US', DEFAULT_GROUP_ID, [row(1, 'Changjiang A00 aluminium', '22085')]);
    saveLastQuotes(0, 'zh-CN', DEFAULT_GROUP_ID, [row(1, '长江A00铝', '21000')]);
    goOffline();
    await renderCard();
    await until(() => notice() !== undefined, 'the offline notice');
    expect(notice()).toBe('Offline · showing last quotes');
    expect(h.container.querySelector('.mm-home-quotes-alias')?.textContent).toBe('Changjiang A00 aluminium');
    expect(prices()).toEqual(['22085']);
  });

  it('offline with nothing saved, says the quotes could not load; a server error is not taken for offline', async () => {
    goOffline();
    await renderCard();
    await until(() => h.container.querySelector('.mm-home-quotes-empty') !== null, 'the failure');
    expect(notice()).toBeUndefined();
    await h.cleanup();

    saveLastQuotes(0, 'zh-CN', DEFAULT_GROUP_ID, [row(1, '长江A00铝', '22085')]);
    h.install();
    h.serve(Calls.quotes, fail(2, '参数错误'));
    await renderCard();
    await until(() => h.container.querySelector('.mm-home-quotes-empty') !== null, 'the failure');
    expect(notice()).toBeUndefined();
    expect(prices()).toEqual([]);
  });
});

describe('lastQuotes', () => {
  const network = new ApiError(NETWORK_CODE_FLAG, 'network');

  it('keeps one answer per user, language and group, the newest few', () => {
    for (let group = 1; group <= 8; group++) saveLastQuotes(7, 'zh-CN', group, [row(group, `g${group}`, '1')], group);
    expect(readLastQuotes(7, 'zh-CN', 8)?.rows[0]?.alias).toBe('g8');
    expect(readLastQuotes(7, 'zh-CN', 1)).toBeUndefined();
    expect(readLastQuotes(8, 'zh-CN', 8)).toBeUndefined();
    saveLastQuotes(7, 'zh-CN', 8, [row(9, 'newer', '2')], 99);
    expect(readLastQuotes(7, 'zh-CN', 8)).toMatchObject({ savedAt: 99, rows: [{ alias: 'newer' }] });
  });

  it('is shown only without an answer: after a network failure, or while the browser says it is offline', () => {
    saveLastQuotes(0, 'zh-CN', 0, [row(1, 'a', '1')]);
    const state = (over: Partial<Parameters<typeof offlineQuotes>[0]>) => ({
      data: undefined,
      isError: false,
      error: null,
      ...over,
    });
    expect(offlineQuotes(state({ isError: true, error: network }), 0, 'zh-CN', 0, true)).toBeDefined();
    expect(offlineQuotes(state({}), 0, 'zh-CN', 0, false)).toBeDefined();
    expect(offlineQuotes(state({}), 0, 'zh-CN', 0, true)).toBeUndefined();
    expect(offlineQuotes(state({ data: [row(2, 'b', '2')] }), 0, 'zh-CN', 0, false)).toBeUndefined();
    expect(
      offlineQuotes(state({ isError: true, error: new ApiError(2, 'bad') }), 0, 'zh-CN', 0, false),
    ).toBeUndefined();
  });

  it('ignores what it cannot read', () => {
    storage.set(StorageKeys.lastQuotes, '{not json');
    expect(readLastQuotes(0, 'zh-CN', 0)).toBeUndefined();
    storage.set(StorageKeys.lastQuotes, JSON.stringify([{ key: '0:zh-CN:0', rows: 'x' }]));
    expect(readLastQuotes(0, 'zh-CN', 0)).toBeUndefined();
  });
});
