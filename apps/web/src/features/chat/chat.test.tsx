// @vitest-environment happy-dom
import { Calls, type TChatMessage, type TConversation, type TUserCard } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatConnectionState, ChatDraft } from '../../lib/chat/connection';
import type { ChatMessage, ChatStatusChange } from '../../lib/chat/frames';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { buttonWith, click, createPageHarness, ok, typeInto, until } from '../../test/pageHarness';
import MessagesTab from './components/MessagesTab';
import UnreadBadgeIcon from './components/UnreadBadgeIcon';
import ChatPage from './pages/ChatPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

/** The chat connection manager, played by the test: it records sends and lets the test push events. */
const fake = vi.hoisted(() => {
  const messageListeners = new Set<(message: ChatMessage) => void>();
  const statusListeners = new Set<(change: ChatStatusChange) => void>();
  const stateListeners = new Set<(state: ChatConnectionState) => void>();
  let counter = 0;
  const connection = {
    state: 'connected' as ChatConnectionState,
    sent: [] as ChatDraft[],
    pendingList: [] as ChatMessage[],
    send(draft: ChatDraft): ChatMessage {
      connection.sent.push(draft);
      counter += 1;
      return {
        chatId: draft.receiveUserId < 7 ? `${draft.receiveUserId}_7` : `7_${draft.receiveUserId}`,
        info: JSON.stringify(draft.content),
        sendDate: Math.floor(Date.now() / 1000),
        sendUserId: 7,
        receiveUserId: draft.receiveUserId,
        type: draft.type,
        uuid: `sent-${counter}`,
        status: 1,
      };
    },
    pending: () => connection.pendingList,
    onMessage: (listener: (message: ChatMessage) => void) => {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onStatus: (listener: (change: ChatStatusChange) => void) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    onStateChange: (listener: (state: ChatConnectionState) => void) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onNotice: () => () => undefined,
    deliver: (message: ChatMessage) => {
      for (const listener of messageListeners) listener(message);
    },
    report: (change: ChatStatusChange) => {
      for (const listener of statusListeners) listener(change);
    },
    become: (state: ChatConnectionState) => {
      connection.state = state;
      for (const listener of stateListeners) listener(state);
    },
    reset: () => {
      connection.state = 'connected';
      connection.sent = [];
      connection.pendingList = [];
      messageListeners.clear();
      statusListeners.clear();
      stateListeners.clear();
    },
  };
  return connection;
});

vi.mock('../../lib/chat/connection', () => ({ getChatConnection: () => fake }));

const ME = 7;
const PEER = 12;
const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const text = () => h.container.textContent ?? '';
const now = () => Math.floor(Date.now() / 1000);

const conversation = (userId: number, nickName: string, overrides: Partial<TConversation> = {}): TConversation => ({
  userId,
  chatId: `7_${userId}`,
  nickName,
  headImage: '',
  message: '现货还有吗',
  lastType: 1,
  unreadSize: 0,
  sendDate: now() - 120,
  ...overrides,
});

const stored = (id: number, mesg: string, from: number, overrides: Partial<TChatMessage> = {}): TChatMessage => ({
  id,
  chatId: '7_12',
  info: JSON.stringify({ mesg }),
  notice: '',
  sendDate: 1_763_600_000 + id,
  sendUserId: from,
  receiveUserId: from === ME ? PEER : ME,
  type: 1,
  uuid: `m-${id}`,
  status: 2,
  recalled: false,
  replaced: false,
  ...overrides,
});

const bubbles = () => [...h.container.querySelectorAll('.mm-chat-bubble')].map((b) => b.textContent);

const card = ok<TUserCard>({
  userId: PEER,
  head: '',
  signature: '',
  rootId: PEER,
  nickName: '王经理',
  companyName: '佛山南海铝材有限公司',
  isFriend: false,
  remark: '',
  openShop: true,
  account: '139****5678',
  marketList: [],
  realName: false,
  isDemo: false,
});

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
  fake.reset();
  setSession({ account: 'buyer', rootId: ME, userId: ME, sessionId: 's', lastLoginDate: '2026-11-20' });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('messages tab', () => {
  const render = () => h.render({ [Paths.root]: MessagesTab, [Paths.chatPage]: Stub, [Paths.login]: Stub }, Paths.root);

  it('lists conversations with summary, relative time and unread count, and opens one', async () => {
    serve(
      Calls.chatConversations,
      ok({
        list: [
          conversation(PEER, '王经理', { unreadSize: 3 }),
          conversation(15, '', { message: '[图片]', sendDate: now() - 7200 }),
        ],
        page: 1,
        hasMore: false,
      }),
    );
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="conversation"]').length === 2, 'the list');
    const rows = [...h.container.querySelectorAll('[data-testid="conversation"]')];
    expect(rows[0]?.textContent).toContain('王经理');
    expect(rows[0]?.textContent).toContain('现货还有吗');
    expect(rows[0]?.textContent).toContain('2分钟前');
    expect(rows[0]?.querySelector('.adm-badge')?.textContent).toBe('3');
    expect(rows[1]?.textContent).toContain('用户15');
    expect(rows[1]?.textContent).toContain('[图片]');
    expect(rows[1]?.textContent).toContain('2小时前');
    expect(rows[1]?.querySelector('.adm-badge')).toBeNull();
    expect(calls(Calls.chatConversations)[0]).toMatchObject({ page: '1' });

    await click(rows[0]);
    expect(h.router.state.location.pathname).toBe(Paths.chatPage);
    expect(h.router.state.location.search).toBe(`?userId=${PEER}`);
  });

  it('refetches the list and the unread count when a message arrives', async () => {
    serve(
      Calls.chatConversations,
      ok({ list: [conversation(PEER, '王经理')], page: 1, hasMore: false }),
      ok({ list: [conversation(PEER, '王经理', { message: '明天发货', unreadSize: 1 })], page: 1, hasMore: false }),
    );
    await render();
    await until(() => text().includes('现货还有吗'), 'the list');
    // The tab subscribes once the connection module has loaded.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    const { id: _id, recalled: _recalled, replaced: _replaced, ...live } = stored(30, '明天发货', PEER);
    await act(async () => fake.deliver(live as ChatMessage));
    await until(() => text().includes('明天发货'), 'the refreshed list');
    expect(calls(Calls.chatConversations)).toHaveLength(2);
  });

  it('shows the empty state, and asks a visitor to log in', async () => {
    serve(Calls.chatConversations, ok({ list: [], page: 1, hasMore: false }));
    await render();
    await until(() => text().includes('暂无会话'), 'the empty state');
    await h.cleanup();

    clearSession();
    h.install();
    await render();
    expect(calls(Calls.chatConversations)).toHaveLength(0);
    await click(buttonWith(h.container, '登录 / 注册') ?? h.container.querySelector('.adm-button'));
    expect(h.router.state.location.pathname).toBe(Paths.login);
  });

  it('deletes a conversation after a long press and confirmation', async () => {
    serve(
      Calls.chatConversations,
      ok({ list: [conversation(PEER, '王经理'), conversation(15, '李总')], page: 1, hasMore: false }),
      ok({ list: [conversation(15, '李总')], page: 1, hasMore: false }),
    );
    serve(Calls.chatDeleteConversation, ok(null));
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="conversation"]').length === 2, 'the list');
    const first = h.container.querySelector('[data-testid="conversation"]');
    await act(async () => {
      first?.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
    });
    await until(() => (document.body.textContent ?? '').includes('删除与王经理的会话'), 'the confirmation');
    const confirm = [...document.body.querySelectorAll('.adm-dialog-button')].find(
      (b) => b.textContent?.trim() === '删除',
    );
    await click(confirm);
    await until(() => calls(Calls.chatDeleteConversation).length === 1, 'the delete');
    expect(calls(Calls.chatDeleteConversation)[0]).toMatchObject({ userId: String(PEER) });
    await until(() => h.container.querySelectorAll('[data-testid="conversation"]').length === 1, 'the shorter list');
  });
});

describe('unread badge', () => {
  it('refreshes the count when a message arrives', async () => {
    serve(Calls.unreadSize, ok(0), ok(1));
    await h.render({ [Paths.root]: UnreadBadgeIcon }, Paths.root);
    await until(() => calls(Calls.unreadSize).length === 1, 'the first count');
    expect(h.container.querySelector('.adm-badge')).toBeNull();
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    const { id: _id, recalled: _recalled, replaced: _replaced, ...live } = stored(40, '在吗', PEER);
    await act(async () => fake.deliver(live as ChatMessage));
    await until(() => h.container.querySelector('.adm-badge')?.textContent === '1', 'the new count');
  });
});

describe('chat page', () => {
  const render = () =>
    h.render(
      { [Paths.chatPage]: ChatPage, [Paths.login]: Stub, [Paths.root]: Stub },
      `${Paths.chatPage}?userId=${PEER}`,
    );

  it('shows the newest page oldest first, marks it read, and loads older pages', async () => {
    serve(Calls.userCard, card);
    serve(
      Calls.chatHistory,
      ok({ list: [stored(3, '明天发货', PEER), stored(2, '现货还有吗', ME, { status: 4 })], hasMore: true }),
      ok({ list: [stored(1, '你好', PEER, { type: 2, info: '{}' })], hasMore: false }),
    );
    serve(Calls.chatRead, ok({ marked: 1 }));
    await render();
    await until(() => bubbles().length === 2, 'the newest page');
    expect(bubbles()).toEqual(['现货还有吗', '明天发货']);
    expect(text()).toContain('王经理');
    expect(h.container.querySelector('.mm-chat-row.is-own')?.textContent).toContain('已读');
    expect(h.container.querySelector('.mm-chat-row.is-peer [data-testid="chat-status"]')).toBeNull();
    expect(calls(Calls.chatHistory)[0]).toMatchObject({ userId: String(PEER), pageSize: '20' });
    expect(calls(Calls.chatHistory)[0]).not.toHaveProperty('beforeId');
    await until(() => calls(Calls.chatRead).length === 1, 'the read mark');
    expect(calls(Calls.chatRead)[0]).toMatchObject({ userId: String(PEER) });
    expect(calls(Calls.chatRead)[0]).not.toHaveProperty('uuid');

    await click(buttonWith(h.container, '查看更早的消息'));
    await until(() => bubbles().length === 3, 'the older page');
    expect(calls(Calls.chatHistory)[1]).toMatchObject({ userId: String(PEER), pageSize: '20', beforeId: '2' });
    // Content its type's renderer cannot draw shows the type's summary.
    expect(bubbles()).toEqual(['[图片]', '现货还有吗', '明天发货']);
    expect(text()).toContain('没有更早的消息了');
  });

  it('sends a text and follows its status: sending, delivered, read; a failed one is resent', async () => {
    serve(Calls.userCard, card);
    serve(Calls.chatHistory, ok({ list: [], hasMore: false }));
    await render();
    await until(() => text().includes('还没有消息'), 'the empty conversation');
    await typeInto(h.container.querySelector('textarea'), '  有30吨A00铝吗 ');
    await click(buttonWith(h.container, '发送'));
    expect(fake.sent).toEqual([{ receiveUserId: PEER, type: 1, content: { mesg: '有30吨A00铝吗' } }]);
    expect(bubbles()).toEqual(['有30吨A00铝吗']);
    expect(h.container.querySelector('textarea')?.value).toBe('');
    const status = () => h.container.querySelector('.mm-chat-row.is-own .mm-chat-status')?.textContent;
    expect(status()).toBe('发送中');

    await act(async () => fake.report({ uuid: 'sent-1', status: 2 }));
    expect(status()).toBe('已送达');
    await act(async () => fake.report({ readerUserId: PEER, status: 4 }));
    expect(status()).toBe('已读');

    await typeInto(h.container.querySelector('textarea'), '价格多少');
    await click(buttonWith(h.container, '发送'));
    await act(async () => fake.report({ uuid: 'sent-2', status: 3 }));
    const resend = h.container.querySelector('[data-testid="chat-resend"]');
    expect(resend?.textContent).toBe('发送失败 · 重发');
    await click(resend);
    expect(fake.sent.at(-1)).toEqual({ receiveUserId: PEER, type: 1, content: { mesg: '价格多少' } });
    expect(
      [...h.container.querySelectorAll('[data-testid="chat-message"]')].map((m) => m.getAttribute('data-uuid')),
    ).toEqual(['sent-1', 'sent-3']);
    expect(h.container.querySelector('[data-testid="chat-resend"]')).toBeNull();
  });

  it('appends live messages, marks them read, and catches up after a reconnect', async () => {
    serve(Calls.userCard, card);
    serve(
      Calls.chatHistory,
      ok({ list: [stored(5, '在吗', PEER)], hasMore: false }),
      ok({
        list: [stored(6, '有货', PEER), stored(7, '报价发你了', PEER), stored(8, '请查收', PEER)],
        hasMore: false,
      }),
    );
    serve(Calls.chatRead, ok({ marked: 1 }));
    await render();
    await until(() => bubbles().length === 1, 'the history');
    await until(() => calls(Calls.chatRead).length === 1, 'the first read mark');

    // As the connection hands it over: without the server's id.
    const { id: _id, recalled: _recalled, replaced: _replaced, ...live } = stored(6, '有货', PEER);
    await act(async () => fake.deliver(live as ChatMessage));
    // A message of another conversation stays out.
    await act(async () => fake.deliver({ ...live, uuid: 'other', chatId: '7_15', sendUserId: 15 } as ChatMessage));
    expect(bubbles()).toEqual(['在吗', '有货']);
    await until(() => calls(Calls.chatRead).length === 2, 'the live read mark');
    expect(calls(Calls.chatRead)[1]).toMatchObject({ userId: String(PEER), uuid: 'm-6' });

    await act(async () => fake.become('connecting'));
    expect(h.container.querySelector('[data-testid="chat-connection"]')?.textContent).toContain('正在连接');
    await act(async () => fake.become('connected'));
    await until(() => bubbles().length === 4, 'the messages sent while offline');
    expect(calls(Calls.chatHistory)[1]).toMatchObject({ userId: String(PEER), pageSize: '20', afterId: '5' });
    expect(bubbles()).toEqual(['在吗', '有货', '报价发你了', '请查收']);
    expect(h.container.querySelector('[data-testid="chat-connection"]')).toBeNull();
  });

  it('shows messages still waiting to be sent after a reload', async () => {
    fake.pendingList = [
      {
        chatId: '7_12',
        info: '{"mesg":"离线时写的"}',
        sendDate: 1_763_700_000,
        sendUserId: ME,
        receiveUserId: PEER,
        type: 1,
        uuid: 'pending-1',
        status: 1,
      },
    ];
    serve(Calls.userCard, card);
    serve(Calls.chatHistory, ok({ list: [stored(5, '在吗', PEER)], hasMore: false }));
    await render();
    await until(() => bubbles().length === 2, 'history and the pending message');
    expect(bubbles()).toEqual(['在吗', '离线时写的']);
    expect(h.container.querySelector('.mm-chat-row.is-own .mm-chat-status')?.textContent).toBe('发送中');
  });

  it('sends a visitor to login', async () => {
    clearSession();
    await render();
    expect(h.router.state.location.pathname).toBe(Paths.login);
    expect(calls(Calls.chatHistory)).toHaveLength(0);
  });
});
