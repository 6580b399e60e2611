// @vitest-environment happy-dom
import { Calls, CodeFlag, type TNotice, type TNoticeUnreadCounts } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatConnectionState } from '../../lib/chat/connection';
import { fail, feedbackMock } from '../../test/pageHarness';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, layOutForInfiniteScroll, ok, until } from '../../test/pageHarness';
import MessagesTab from '../chat/components/MessagesTab';
import UnreadBadgeIcon from '../chat/components/UnreadBadgeIcon';
import { NoticePaths } from './api';
import NoticePages from './pages/NoticePages';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

/** The chat connection, played by the test: only notice frames and state changes matter here. */
const fake = vi.hoisted(() => {
  const noticeListeners = new Set<(category: string) => void>();
  const stateListeners = new Set<(state: ChatConnectionState) => void>();
  return {
    onMessage: () => () => undefined,
    onStatus: () => () => undefined,
    onStateChange: (listener: (state: ChatConnectionState) => void) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onNotice: (listener: (category: string) => void) => {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },
    notice: (category: string) => {
      for (const listener of noticeListeners) listener(category);
    },
    reset: () => {
      noticeListeners.clear();
      stateListeners.clear();
    },
  };
});
vi.mock('../../lib/chat/connection', () => ({ getChatConnection: () => fake }));

/** The router's one entry for the notice pages (app/router.tsx). */
const NOTICE_ROUTE = '/pages/message/:page';
const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const text = () => h.container.textContent ?? '';
const now = () => Math.floor(Date.now() / 1000);

const counts = (trade: number, fn: number, latest = '您的现货「铜板」审核已通过'): TNoticeUnreadCounts => ({
  total: trade + fn,
  categories: [
    { category: 'trade', unread: trade, latest: { title: '现货审核结果', content: latest, createdAt: now() - 120 } },
    { category: 'activity', unread: 0, latest: null },
    {
      category: 'function',
      unread: fn,
      latest: { title: '实名认证', content: '客服已为您实名认证', createdAt: now() - 7200 },
    },
  ],
});

const notice = (id: number, overrides: Partial<TNotice> = {}): TNotice => ({
  id,
  category: 'trade',
  title: '现货审核结果',
  content: `现货「铜板${id}」审核已通过，已上架`,
  createdAt: now() - 30,
  read: false,
  link: `/pages/stock_detail/stock_detail?id=${id}`,
  ...overrides,
});

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
  fake.reset();
  setSession({ account: 'buyer', rootId: 7, userId: 7, sessionId: 's', lastLoginDate: '2026-11-20' });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('messages tab notice entries', () => {
  it('shows trade, activity and function with unread badges and the newest notice, and opens a list', async () => {
    serve(Calls.chatConversations, ok({ list: [], page: 1, hasMore: false }));
    serve(Calls.noticeUnreadCounts, ok(counts(2, 1)));
    await h.render({ [Paths.root]: MessagesTab, [NoticePaths.trade]: Stub }, Paths.root);
    await until(() => text().includes('您的现货「铜板」审核已通过'), 'the entries');
    const entry = (category: string) => h.container.querySelector(`[data-testid="notice-entry-${category}"]`);
    expect(entry('trade')?.textContent).toContain('交易通知');
    expect(entry('trade')?.textContent).toContain('2分钟前');
    expect(entry('trade')?.querySelector('.adm-badge')?.textContent).toBe('2');
    expect(entry('activity')?.textContent).toContain('暂无通知');
    expect(entry('activity')?.querySelector('.adm-badge')).toBeNull();
    expect(entry('function')?.querySelector('.adm-badge')?.textContent).toBe('1');
    await click(entry('trade'));
    expect(h.router.state.location.pathname).toBe(NoticePaths.trade);
  });

  it('the tab badge counts chat and notices, and a notice frame brings the new count', async () => {
    serve(Calls.unreadSize, ok(3));
    serve(Calls.noticeUnreadCounts, ok(counts(2, 1)), ok(counts(3, 1)));
    await h.render({ [Paths.root]: UnreadBadgeIcon }, Paths.root);
    await until(() => h.container.querySelector('.adm-badge')?.textContent === '6', 'chat 3 + notices 3');
    // The icon subscribes once the connection module has loaded.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    await act(async () => fake.notice('trade'));
    await until(() => h.container.querySelector('.adm-badge')?.textContent === '7', 'the count after the frame');
    expect(calls(Calls.noticeUnreadCounts)).toHaveLength(2);
  });
});

describe('notice list pages', () => {
  const render = () => h.render({ [NOTICE_ROUTE]: NoticePages, [Paths.login]: Stub }, NoticePaths.trade);

  it('lists notices with unread dots and relative times, pages on, and opens one', async () => {
    layOutForInfiniteScroll();
    serve(
      Calls.noticeList,
      ok({ list: [notice(1), notice(2, { read: true, createdAt: now() - 3 * 3600 })], page: 1, hasMore: true }),
      ok({ list: [notice(3, { read: true })], page: 2, hasMore: false }),
    );
    serve(Calls.noticeUnreadCounts, ok(counts(1, 0)));
    await render();
    await until(() => text().includes('没有更多了'), 'both pages');
    const rows = [...h.container.querySelectorAll('[data-testid="notice-row"]')];
    expect(rows).toHaveLength(3);
    expect(rows[0]?.querySelector('.mm-notice-dot')).not.toBeNull();
    expect(rows[0]?.textContent).toContain('刚刚');
    expect(rows[1]?.querySelector('.mm-notice-dot')).toBeNull();
    expect(rows[1]?.textContent).toContain('3小时前');
    expect(calls(Calls.noticeList).map((c) => [c.category, c.page])).toEqual([
      ['trade', '1'],
      ['trade', '2'],
    ]);
    await click(rows[0]);
    expect(h.router.state.location.pathname).toBe(NoticePaths.detail);
    expect(h.router.state.location.search).toBe('?id=1');
  });

  it('marks the whole category read', async () => {
    serve(Calls.noticeList, ok({ list: [notice(1)], page: 1, hasMore: false }));
    serve(Calls.noticeUnreadCounts, ok(counts(1, 0)), ok(counts(0, 0)));
    serve(Calls.noticeReadAll, ok({ marked: 1 }));
    await render();
    await until(() => buttonWith(h.container, '全部已读') !== undefined, 'the read-all action');
    await click(buttonWith(h.container, '全部已读'));
    await until(() => calls(Calls.noticeReadAll).length === 1, 'read_all');
    expect(calls(Calls.noticeReadAll)[0]).toMatchObject({ category: 'trade' });
    await until(() => buttonWith(h.container, '全部已读') === undefined, 'no unread left');
    expect(feedbackMock.showSuccess).toHaveBeenCalledWith('已全部标为已读');
  });

  it('serves each category at its own page, and nothing else under message/', async () => {
    serve(Calls.noticeList, ok({ list: [], page: 1, hasMore: false }));
    await h.render({ [NOTICE_ROUTE]: NoticePages, [Paths.login]: Stub }, NoticePaths.activity);
    await until(() => text().includes('平台活动和优惠会出现在这里'), 'the activity list');
    expect(text()).toContain('活动通知');
    expect(calls(Calls.noticeList)[0]).toMatchObject({ category: 'activity' });
    await h.cleanup();
    h.install();
    await h.render({ [NOTICE_ROUTE]: NoticePages, [Paths.login]: Stub }, '/pages/message/anything');
    await until(() => text().includes('页面不存在'), 'not found');
  });

  it('shows the empty state and the load failure with retry', async () => {
    serve(Calls.noticeList, ok({ list: [], page: 1, hasMore: false }));
    await render();
    await until(() => text().includes('暂无通知'), 'the empty state');
    await h.cleanup();
    h.install();
    serve(Calls.noticeList, fail(CodeFlag.serverFault, '服务器繁忙'));
    await render();
    await until(() => text().includes('服务器开小差了'), 'the failure');
    expect(buttonWith(h.container, '重试')).toBeDefined();
  });
});

describe('notice_detail', () => {
  const render = (id: string) =>
    h.render(
      { [NOTICE_ROUTE]: NoticePages, [Paths.stockDetail]: Stub, [Paths.login]: Stub },
      `${NoticePaths.detail}?id=${id}`,
    );

  it('shows the notice and opens what it is about', async () => {
    serve(Calls.noticeDetail, ok(notice(5, { read: true })));
    await render('5');
    await until(() => text().includes('现货「铜板5」审核已通过，已上架'), 'the notice');
    expect(text()).toContain('交易通知');
    expect(calls(Calls.noticeDetail)[0]).toMatchObject({ id: '5' });
    await click(buttonWith(h.container, '查看详情'));
    expect(h.router.state.location.pathname).toBe(Paths.stockDetail);
    expect(h.router.state.location.search).toBe('?id=5');
  });

  it("says so for someone else's notice, and asks nothing for a bad id", async () => {
    serve(Calls.noticeDetail, fail(CodeFlag.forbidden, '无权操作'));
    await render('6');
    await until(() => text().includes('通知不存在或已删除'), 'the refusal');
    expect(buttonWith(h.container, '查看详情')).toBeUndefined();
    await h.cleanup();
    h.install();
    serve(Calls.noticeDetail, ok(notice(7)));
    await render('abc');
    await until(() => text().includes('通知不存在或已删除'), 'the bad id');
    expect(calls(Calls.noticeDetail)).toEqual([]);
  });

  it('reads in English', async () => {
    setLanguage('en-US');
    serve(Calls.noticeDetail, ok(notice(5, { read: true, link: null, content: 'Your stock was approved' })));
    await render('5');
    await until(() => text().includes('Your stock was approved'), 'the notice');
    expect(text()).toContain('Trade notices');
    expect(text()).toContain('just now');
  });
});
