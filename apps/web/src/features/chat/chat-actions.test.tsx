// @vitest-environment happy-dom
import { Calls, type TChatMessage, type TChatPeerState, type TUserCard } from '@metal/shared';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatConnectionState, ChatDraft } from '../../lib/chat/connection';
import type { ChatMessage } from '../../lib/chat/frames';
import '../../lib/i18n';
import { setLanguage } from '../../lib/language';
import { Paths } from '../../lib/navigation';
import { clearSession, setSession } from '../../lib/session';
import { click, createPageHarness, feedbackMock, ok, until } from '../../test/pageHarness';
import ChatPage from './pages/ChatPage';

vi.mock('../../lib/feedback', async () => (await import('../../test/pageHarness')).feedbackMock);

/** The chat connection, played by the test: it records what the page sends and lets the test deliver messages. */
const fake = vi.hoisted(() => {
  const messageListeners = new Set<(message: ChatMessage) => void>();
  let counter = 0;
  const connection = {
    state: 'connected' as ChatConnectionState,
    sent: [] as ChatDraft[],
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
    pending: () => [],
    onMessage: (listener: (message: ChatMessage) => void) => {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },
    onStatus: () => () => undefined,
    onStateChange: () => () => undefined,
    deliver: (message: ChatMessage) => {
      for (const listener of messageListeners) listener(message);
    },
    reset: () => {
      connection.sent = [];
      messageListeners.clear();
    },
  };
  return connection;
});

vi.mock('../../lib/chat/connection', () => ({ getChatConnection: () => fake }));

const ME = 7;
const PEER = 12;
const CUSTOMER = 30;
const h = createPageHarness();
const { serve, calls } = h;
const Stub = () => <p>elsewhere</p>;
const now = () => Math.floor(Date.now() / 1000);

const stored = (id: number, from: number, type: number, content: object, extra: Partial<TChatMessage> = {}) => ({
  id,
  chatId: '7_12',
  info: JSON.stringify(content),
  notice: '',
  sendDate: now() - 600 + id,
  sendUserId: from,
  receiveUserId: from === ME ? PEER : ME,
  type,
  uuid: `m-${id}`,
  status: 2,
  recalled: false,
  replaced: false,
  ...extra,
});
const action = (id: number, from: number, actionType: number, actionInfo?: unknown) =>
  stored(id, from, 9, actionInfo === undefined ? { actionType } : { actionType, actionInfo });
const text = (id: number, from: number, mesg: string, extra: Partial<TChatMessage> = {}) =>
  stored(id, from, 1, { mesg }, extra);

/** What user/card answers for this user (served by serveChat, beside the scripted server, so typed here). */
const cardOf = (userId: number, nickName: string) =>
  ok<TUserCard>({
    userId,
    head: '',
    signature: '',
    rootId: userId,
    nickName,
    companyName: '',
    isFriend: false,
    remark: '',
    openShop: false,
    account: '',
    marketList: [],
    realName: false,
    isDemo: false,
  });

const peerState = (overrides: Partial<TChatPeerState> = {}): TChatPeerState => ({
  blocked: false,
  phoneExchange: 'none',
  phoneRequestedBy: null,
  colleague: false,
  owner: false,
  transfersToMe: [],
  notInterested: false,
  handedTo: null,
  ...overrides,
});

/** Answers user/card with the card of the user asked (by userId); the test serves the other calls. */
function serveChat(names: Record<number, string> = {}) {
  const scripted = h.fetchMock.getMockImplementation();
  const all: Record<number, string> = { [PEER]: '王经理', [CUSTOMER]: '李老板', ...names };
  h.fetchMock.mockImplementation(async (url, init) => {
    if (String(url) === `/${Calls.userCard.path}.htmls`) {
      const userId = Number(new URLSearchParams(String(init?.body)).get('userId'));
      return new Response(JSON.stringify(cardOf(userId, all[userId] ?? '')), {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return scripted!(url, init);
  });
}

const lines = () => [...h.container.querySelectorAll('.mm-chat-action-line')].map((line) => line.textContent);
const inBody = (selector: string, label: string) =>
  [...document.body.querySelectorAll(selector)].filter((b) => b.textContent?.trim() === label).at(-1);
const sheetItem = (label: string) => inBody('.adm-action-sheet-button-item', label);

const render = () =>
  h.render({ [Paths.chatPage]: ChatPage, [Paths.login]: Stub, [Paths.root]: Stub }, `${Paths.chatPage}?userId=${PEER}`);

beforeEach(() => {
  h.install();
  setLanguage('zh-CN');
  localStorage.clear();
  fake.reset();
  setSession({ account: 'seller', rootId: ME, userId: ME, sessionId: 's', lastLoginDate: '2026-11-20' });
});
afterEach(async () => {
  await h.cleanup();
  clearSession();
});

describe('action notices (ActionBubble)', () => {
  const history = [
    action(1, ME, 1),
    action(2, PEER, 1),
    action(3, ME, 4),
    action(4, PEER, 8),
    action(5, PEER, 10, { contactUserId: CUSTOMER }),
    action(6, PEER, 17, '订单已发货'),
    action(7, PEER, 15, { inquiryId: 3, quoteId: 9 }),
    text(8, ME, '', { recalled: true, info: '{}' }),
    text(9, PEER, '', { recalled: true, info: '{}' }),
  ];

  it('words each action from the reader’s side, in Chinese and in English', async () => {
    serve(Calls.chatHistory, ok({ list: history, hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState()));
    serveChat();
    await render();
    // Each name arrives with its own user card; the peer's and the new contact's come in separately.
    await until(
      () => lines().length === 9 && lines()[1] === '王经理请求交换电话' && lines()[4] === '今后由李老板为你服务',
      'the notices with both names',
    );
    expect(lines()).toEqual([
      '你请求交换电话',
      '王经理请求交换电话',
      '你已将王经理加入黑名单',
      '王经理暂时不感兴趣',
      '今后由李老板为你服务',
      '订单已发货',
      '王经理已同意你的询价报价',
      '你撤回了一条消息',
      '王经理撤回了一条消息',
    ]);
    // Notices are centered lines without a delivery status.
    expect(h.container.querySelectorAll('.mm-chat-row.is-notice')).toHaveLength(9);
    expect(h.container.querySelector('[data-testid="chat-status"]')).toBeNull();
    expect(h.container.querySelector('a[href*="userId=30"]')?.textContent).toBe('和李老板聊天');

    await act(async () => setLanguage('en-US'));
    await until(() => lines()[0] === 'You asked to exchange phone numbers', 'English');
    expect(lines()).toEqual([
      'You asked to exchange phone numbers',
      '王经理 asks to exchange phone numbers',
      'You added 王经理 to your blacklist',
      '王经理 is not interested for now',
      '李老板 serves you from now on',
      '订单已发货',
      '王经理 agreed to your inquiry quote',
      'You recalled a message',
      '王经理 recalled a message',
    ]);
  });

  it('words a stock order’s notices as the order’s and links each to the order', async () => {
    const orderNotices = [
      action(1, PEER, 14, { orderId: 7 }),
      action(2, ME, 14, { orderId: 7 }),
      action(3, PEER, 13, { orderId: 7 }),
    ];
    serve(Calls.chatHistory, ok({ list: orderNotices, hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState()));
    serveChat();
    await render();
    await until(
      () => lines()[0] === '王经理已下单，请为订单报价' && lines()[1] === '你已下单，等待王经理报价',
      'the notices',
    );
    expect(lines()[2]).toBe('王经理已同意你的现货报价');
    const links = [...h.container.querySelectorAll('[data-testid="chat-open-order"]')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(
      Array(3).fill(['查看订单', '/pagesA/order/order_detail?id=7']),
    );
  });

  it('links a proxy selection to where the buyer orders it, and the seller’s own line to the same page', async () => {
    serve(
      Calls.chatHistory,
      ok({
        list: [action(1, PEER, 11, { proxyId: 5, stockIds: [3] }), action(2, ME, 12, { proxyId: 6 })],
        hasMore: false,
      }),
    );
    serve(Calls.chatPeerState, ok(peerState()));
    serveChat();
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="chat-open-proxy"]').length === 2, 'the links');
    const links = [...h.container.querySelectorAll('[data-testid="chat-open-proxy"]')];
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['查看并下单', '/pagesA/confirm_proxy_order/confirm_proxy_order?proxyId=5'],
      ['查看代选单', '/pagesA/confirm_proxy_order/confirm_proxy_order?proxyId=6'],
    ]);
  });

  it('answers a phone request the reader received, then shows the phone as a tel: link', async () => {
    const history = ok({ list: [action(1, PEER, 1)], hasMore: false });
    serve(Calls.chatHistory, history);
    serve(Calls.chatPeerState, ok(peerState({ phoneExchange: 'requested', phoneRequestedBy: PEER })));
    serveChat();
    await render();
    await until(() => inBody('button', '同意') !== undefined, 'the answer buttons');
    expect(inBody('button', '拒绝')).toBeDefined();
    expect(h.container.querySelector('a[href^="tel:"]')).toBeNull();
    serve(Calls.chatHistory, history);
    serve(Calls.chatPeerState, ok(peerState({ phoneExchange: 'accepted', phoneRequestedBy: PEER })));
    serve(Calls.chatPeerPhone, ok({ phone: '13800000002' }));
    serveChat();
    await click(inBody('button', '同意'));
    expect(fake.sent).toEqual([{ receiveUserId: PEER, type: 9, content: { actionType: 2 } }]);
    await until(() => lines().includes('你已同意交换电话'), 'the acceptance line');
    await until(() => h.container.querySelector('a[href="tel:13800000002"]') !== null, 'the phone');
    expect(inBody('button', '同意')).toBeUndefined();
    expect(calls(Calls.chatPeerPhone)[0]).toMatchObject({ userId: String(PEER) });
  });

  it('offers no buttons on one’s own request or an answered one', async () => {
    serve(Calls.chatHistory, ok({ list: [action(1, ME, 1)], hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState({ phoneExchange: 'requested', phoneRequestedBy: ME })));
    serveChat();
    await render();
    await until(() => lines().length === 1, 'the notice');
    await until(() => calls(Calls.chatPeerState).length > 0, 'the state');
    expect(inBody('button', '同意')).toBeUndefined();
  });

  it('lets the colleague asked take over a transferred conversation', async () => {
    serve(Calls.chatHistory, ok({ list: [action(1, PEER, 5, { peerId: CUSTOMER })], hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState({ colleague: true, transfersToMe: [CUSTOMER] })));
    serveChat();
    await render();
    await until(() => lines()[0] === '王经理请你接手与李老板的会话', 'the request');
    await until(() => inBody('button', '接手') !== undefined, 'the take-over button');
    await click(inBody('button', '接手'));
    expect(fake.sent).toEqual([
      { receiveUserId: PEER, type: 9, content: { actionType: 9, actionInfo: { peerId: 30 } } },
    ]);
    await until(() => lines().includes('你已接手与李老板的会话'), 'the acceptance line');
    expect(h.container.querySelector(`a[href*="userId=${CUSTOMER}"]`)?.textContent).toBe('和李老板聊天');
  });

  it('in a conversation handed over to me, puts the former colleague on my side and names them in their notices', async () => {
    const fromColleague = { chatId: '5_12', sendUserId: 5, receiveUserId: PEER };
    serve(
      Calls.chatHistory,
      ok({
        list: [
          text(1, 5, '您好，有现货', fromColleague),
          { ...action(2, 5, 1), ...fromColleague },
          action(3, ME, 6, { fromUserId: 5, toUserId: ME, reason: 'transfer' }),
        ],
        hasMore: false,
      }),
    );
    serve(Calls.chatPeerState, ok(peerState({ phoneExchange: 'requested', phoneRequestedBy: 5 })));
    serveChat({ 5: '小王' });
    await render();
    await until(() => lines().length === 2 && lines()[0] === '小王请求交换电话', 'the notices');
    expect(lines()[1]).toBe('你已接替小王为该客户服务');
    expect(h.container.querySelector('[data-uuid="m-1"]')?.className).toContain('is-own');
    expect(h.container.querySelector('[data-uuid="m-1"] [data-testid="chat-status"]')).toBeNull();
    expect(inBody('button', '同意')).toBeUndefined();
  });

  it('shows a message recalled live as recalled, without a line for the recall itself', async () => {
    serve(Calls.chatHistory, ok({ list: [text(1, PEER, '报价 20500')], hasMore: false }));
    serveChat();
    await render();
    await until(() => h.container.textContent?.includes('报价 20500') === true, 'the message');
    const { id: _id, recalled: _r, replaced: _p, ...live } = action(2, PEER, 7, 'm-1');
    await act(async () => fake.deliver(live as ChatMessage));
    expect(lines()).toEqual(['王经理撤回了一条消息']);
    expect(h.container.textContent).not.toContain('报价 20500');
  });
});

describe('a peer handed to another colleague', () => {
  it('says so above the conversation and links the new contact', async () => {
    serve(Calls.chatHistory, ok({ list: [text(1, PEER, '在吗')], hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState({ handedTo: 44 })));
    serveChat({ 44: '小陈' });
    await render();
    await until(() => h.container.querySelector('[data-testid="chat-handover"]') !== null, 'the banner');
    const banner = h.container.querySelector('[data-testid="chat-handover"]');
    await until(() => banner?.textContent?.includes('小陈') === true, 'the name');
    expect(banner?.textContent).toBe('该公司已改由小陈为你服务，你在此发的消息将转给小陈和小陈聊天');
    expect(banner?.querySelector('a')?.getAttribute('href')).toContain('userId=44');
  });
});

describe('recall by long press or right-click', () => {
  it('recalls one’s own message within 2 minutes and says why not after', async () => {
    serve(
      Calls.chatHistory,
      ok({
        list: [
          text(1, ME, '太早了', { sendDate: now() - 600 }),
          text(2, PEER, '对方的', { sendDate: now() - 30 }),
          text(3, ME, '发错了', { sendDate: now() - 30 }),
        ],
        hasMore: false,
      }),
    );
    serveChat();
    await render();
    await until(() => h.container.querySelectorAll('[data-testid="chat-message"]').length === 3, 'the messages');
    const row = (uuid: string) => h.container.querySelector(`[data-uuid="${uuid}"]`) as HTMLElement;
    const rightClick = (uuid: string) =>
      act(async () => {
        row(uuid).dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true }));
      });

    // The peer's message offers nothing.
    await rightClick('m-2');
    expect(sheetItem('撤回')).toBeUndefined();

    await rightClick('m-3');
    await until(() => sheetItem('撤回') !== undefined, 'the recall offer');
    await click(sheetItem('撤回'));
    expect(fake.sent).toEqual([{ receiveUserId: PEER, type: 9, content: { actionType: 7, actionInfo: 'm-3' } }]);
    await until(() => lines().includes('你撤回了一条消息'), 'the recalled line');
    expect(h.container.textContent).not.toContain('发错了');

    await rightClick('m-1');
    await until(() => sheetItem('撤回') !== undefined, 'the second offer');
    await click(sheetItem('撤回'));
    expect(feedbackMock.showFail).toHaveBeenCalledWith('只能撤回2分钟内的消息');
    expect(fake.sent).toHaveLength(1);
  });
});

describe('the chat_page "more" menu (ChatMenu)', () => {
  const colleagues = ok({
    list: [
      { userId: 3, nickName: '老板', headImage: '', owner: true },
      { userId: 8, nickName: '小陈', headImage: '', owner: false },
    ],
  });
  const openMenu = async () => {
    await until(() => calls(Calls.chatPeerState).length > 0, 'the peer state');
    await click(h.container.querySelector('[data-testid="chat-menu"]'));
  };

  it('exchanges phones, transfers to a colleague and switches the contact', async () => {
    serve(Calls.chatHistory, ok({ list: [text(1, PEER, '在吗')], hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState()));
    serve(Calls.chatColleagues, colleagues);
    serveChat();
    await render();
    await until(() => calls(Calls.chatColleagues).length > 0, 'the colleagues');
    await openMenu();
    await until(() => sheetItem('交换电话') !== undefined, 'the menu');
    await click(sheetItem('交换电话'));
    expect(fake.sent.at(-1)).toEqual({ receiveUserId: PEER, type: 9, content: { actionType: 1 } });
    await until(() => lines().includes('你请求交换电话'), 'the request line');

    await openMenu();
    await until(() => sheetItem('转给同事') !== undefined, 'the menu again');
    await click(sheetItem('转给同事'));
    await until(() => sheetItem('老板（负责人）') !== undefined, 'the colleagues');
    await click(sheetItem('小陈'));
    expect(fake.sent.at(-1)).toEqual({
      receiveUserId: 8,
      type: 9,
      content: { actionType: 5, actionInfo: { peerId: PEER } },
    });
    expect(feedbackMock.showSuccess).toHaveBeenCalledWith('已向小陈发出请求');

    await openMenu();
    await click(sheetItem('切换联系人'));
    await until(() => sheetItem('小陈') !== undefined, 'the colleagues for the switch');
    await click(sheetItem('小陈'));
    await until(() => inBody('.adm-dialog-button', '确定') !== undefined, 'the confirmation');
    expect(document.body.textContent).toContain('今后由小陈为王经理服务？');
    await click(inBody('.adm-dialog-button', '确定'));
    await until(() => fake.sent.length === 3, 'the switch');
    expect(fake.sent.at(-1)).toEqual({
      receiveUserId: PEER,
      type: 9,
      content: { actionType: 10, actionInfo: { contactUserId: 8 } },
    });
  });

  it('asks before marking not interested or blacklisting; cancelling sends nothing', async () => {
    serve(Calls.chatHistory, ok({ list: [text(1, PEER, '在吗')], hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState()));
    serve(Calls.chatColleagues, ok({ list: [] }));
    serveChat();
    await render();
    await openMenu();
    await until(() => sheetItem('加入黑名单') !== undefined, 'the menu');
    // A company of one has nobody to transfer to.
    expect(sheetItem('转给同事')).toBeUndefined();
    await click(sheetItem('加入黑名单'));
    await until(() => inBody('.adm-dialog-button', '取消') !== undefined, 'the confirmation');
    await click(inBody('.adm-dialog-button', '取消'));
    expect(fake.sent).toEqual([]);

    await openMenu();
    await click(sheetItem('不感兴趣'));
    await until(() => inBody('.adm-dialog-button', '确定') !== undefined, 'the confirmation');
    await click(inBody('.adm-dialog-button', '确定'));
    await until(() => fake.sent.length === 1, 'the mark');
    expect(fake.sent[0]).toEqual({ receiveUserId: PEER, type: 9, content: { actionType: 8 } });

    await openMenu();
    await click(sheetItem('加入黑名单'));
    await until(() => inBody('.adm-dialog-button', '确定') !== undefined, 'the second confirmation');
    await click(inBody('.adm-dialog-button', '确定'));
    await until(() => fake.sent.length === 2, 'the blacklist');
    expect(fake.sent[1]).toEqual({ receiveUserId: PEER, type: 9, content: { actionType: 4 } });
  });

  it('removes a blacklisted peer after confirmation, and offers a colleague no company actions', async () => {
    serve(Calls.chatHistory, ok({ list: [], hasMore: false }));
    serve(Calls.chatPeerState, ok(peerState({ blocked: true })), ok(peerState()));
    serve(Calls.chatUnblock, ok(null));
    serveChat();
    await render();
    await openMenu();
    await until(() => sheetItem('移出黑名单') !== undefined, 'the menu');
    await click(sheetItem('移出黑名单'));
    await until(() => inBody('.adm-dialog-button', '确定') !== undefined, 'the confirmation');
    await click(inBody('.adm-dialog-button', '确定'));
    await until(() => calls(Calls.chatUnblock).length === 1, 'the unblock');
    expect(calls(Calls.chatUnblock)[0]).toMatchObject({ userId: String(PEER) });
    await until(() => (feedbackMock.showSuccess as ReturnType<typeof vi.fn>).mock.calls.length > 0, 'the toast');
    expect(feedbackMock.showSuccess).toHaveBeenCalledWith('已移出黑名单');
  });
});
