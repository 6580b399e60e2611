import { CHAT_RECONNECT_MAX, CHAT_RECONNECT_MS, ChatContentType, CodeFlag } from '@metal/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showFail, showSuccess } from '../feedback';
import { i18next, loadCore } from '../i18n';
import {
  type ChatConnection,
  type ChatConnectionState,
  type ChatSocket,
  type ChatStorage,
  createChatConnection,
  newMessageUuid,
} from './connection';
import type { ChatMessage, ChatStatusChange } from './frames';

vi.mock('../feedback', () => ({ showFail: vi.fn(), showSuccess: vi.fn() }));

/** A WebSocket the test plays the server of. */
class FakeSocket implements ChatSocket {
  sent: unknown[] = [];
  closedByClient = false;
  onopen: ChatSocket['onopen'] = null;
  onmessage: ChatSocket['onmessage'] = null;
  onclose: ChatSocket['onclose'] = null;
  onerror: ChatSocket['onerror'] = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closedByClient = true;
  }
  /** Opens, and answers the heartbeat that follows the identify frame, as the server does once it is settled. */
  accept(): void {
    this.open();
    this.deliver({ type: 0 });
  }
  /** Opens without answering yet (the server is still looking up the session). */
  open(): void {
    this.onopen?.(new Event('open'));
  }
  deliver(frame: object): void {
    this.onmessage?.({ data: JSON.stringify(frame) } as MessageEvent);
  }
  drop(code = 1006): void {
    this.onerror?.(new Event('error'));
    this.onclose?.({ code } as CloseEvent);
  }
}

function memoryStorage(): ChatStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
  };
}

const me = { sessionId: 'sess-7', userId: 7 };
const peerId = 12;
const text = (mesg: string) => ({ receiveUserId: peerId, type: ChatContentType.text, content: { mesg } });
const IDENTIFY = { type: -1, info: JSON.stringify({ uuid: 'sess-7', clientType: 5 }) };
const HEARTBEAT = { type: 0 };

let sockets: FakeSocket[];
let storage: ReturnType<typeof memoryStorage>;

function manager(): ChatConnection {
  return createChatConnection({
    url: () => 'ws://test/chat/ws',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    storage,
    heartbeatMs: 20_000,
    heartbeatTimeoutMs: 5_000,
  });
}

const latest = () => sockets[sockets.length - 1] as FakeSocket;

function incoming(uuid: string, overrides: Partial<ChatMessage> = {}): object {
  const message = {
    chatId: '7_12',
    info: JSON.stringify({ mesg: 'hello' }),
    sendDate: 1_760_000_000,
    sendUserId: peerId,
    receiveUserId: 7,
    type: 1,
    uuid,
    status: 2,
    ...overrides,
  };
  return { type: 1, info: JSON.stringify(message) };
}

beforeEach(async () => {
  vi.useFakeTimers();
  sockets = [];
  storage = memoryStorage();
  vi.mocked(showFail).mockClear();
  vi.mocked(showSuccess).mockClear();
  await i18next.changeLanguage('zh-CN');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('chat connection', () => {
  it('identifies first, then resends every pending message with its uuid', () => {
    const chat = manager();
    const states: ChatConnectionState[] = [];
    chat.onStateChange((state) => states.push(state));
    chat.open(me);
    const first = chat.send(text('one'));
    const second = chat.send(text('two'));
    expect(first.status).toBe(1);
    expect(first.chatId).toBe('7_12');
    expect(latest().sent).toEqual([]);

    latest().accept();
    expect(latest().url).toBe('ws://test/chat/ws');
    expect(latest().sent).toEqual([
      IDENTIFY,
      HEARTBEAT,
      {
        type: 1,
        chatId: '7_12',
        info: '{"mesg":"one"}',
        receiveUserId: 12,
        uuid: first.uuid,
        sendDate: first.sendDate,
      },
      {
        type: 1,
        chatId: '7_12',
        info: '{"mesg":"two"}',
        receiveUserId: 12,
        uuid: second.uuid,
        sendDate: second.sendDate,
      },
    ]);
    expect(states).toEqual(['connecting', 'connected']);
    expect(chat.state).toBe('connected');
  });

  it('is connected, and resends, only once the server has settled the identify frame', () => {
    const chat = manager();
    chat.open(me);
    const message = chat.send(text('one'));
    latest().open();
    expect(latest().sent).toEqual([IDENTIFY, HEARTBEAT]);
    expect(chat.state).toBe('connecting');
    latest().deliver({ type: 0 });
    expect(chat.state).toBe('connected');
    expect(latest().sent).toEqual([IDENTIFY, HEARTBEAT, expect.objectContaining({ uuid: message.uuid })]);
    latest().deliver({ type: 0 });
    expect(latest().sent).toHaveLength(3);
  });

  it('sends at once when connected; an ack marks it status 2 and ends its pending', () => {
    const chat = manager();
    const changes: ChatStatusChange[] = [];
    chat.onStatus((change) => changes.push(change));
    chat.open(me);
    latest().accept();
    const message = chat.send(text('hi'));
    expect(latest().sent[2]).toMatchObject({ type: 1, uuid: message.uuid });
    expect(chat.pending().map((m) => m.uuid)).toEqual([message.uuid]);
    expect(storage.data.get('metal.chatPending.7')).toContain(message.uuid);

    latest().deliver({ type: 4, info: message.uuid });
    expect(changes).toEqual([{ uuid: message.uuid, status: 2 }]);
    expect(chat.pending()).toEqual([]);
    expect(storage.data.has('metal.chatPending.7')).toBe(false);
    expect(showFail).not.toHaveBeenCalled();
  });

  it("fails a message the server refused, with the server's reason, and does not resend it", () => {
    const chat = manager();
    const changes: ChatStatusChange[] = [];
    chat.onStatus((change) => changes.push(change));
    chat.open(me);
    latest().accept();
    const message = chat.send(text('hi'));
    latest().deliver({ type: 99, uuid: message.uuid, codeFlag: CodeFlag.forbidden, mesg: '对方已将您拉黑' });
    expect(changes).toEqual([{ uuid: message.uuid, status: 3 }]);
    expect(chat.pending()).toEqual([]);
    expect(showFail).toHaveBeenCalledWith('对方已将您拉黑');

    latest().drop();
    vi.advanceTimersByTime(3000);
    latest().accept();
    expect(latest().sent).toEqual([IDENTIFY, HEARTBEAT]);
  });

  it('reports a read receipt for one message, and for every message to a reader', () => {
    const chat = manager();
    const changes: ChatStatusChange[] = [];
    chat.onStatus((change) => changes.push(change));
    chat.open(me);
    latest().accept();
    const message = chat.send(text('hi'));
    latest().deliver({ type: 6, uuid: message.uuid, sendUserId: peerId });
    latest().deliver({ type: 6, sendUserId: peerId });
    expect(changes).toEqual([
      { uuid: message.uuid, status: 4 },
      { readerUserId: peerId, status: 4 },
    ]);
    expect(chat.pending()).toEqual([]);
  });

  it('delivers each incoming message once, even when the server sends it again after a reconnect', () => {
    const chat = manager();
    const received: ChatMessage[] = [];
    chat.onMessage((message) => received.push(message));
    chat.open(me);
    latest().accept();
    latest().deliver(incoming('m-1'));
    latest().deliver(incoming('m-1'));
    latest().deliver({ type: 99, info: 'a type this client does not know' });
    latest().drop();
    vi.advanceTimersByTime(CHAT_RECONNECT_MS);
    latest().accept();
    latest().deliver(incoming('m-1'));
    latest().deliver(incoming('m-2'));
    expect(received.map((message) => message.uuid)).toEqual(['m-1', 'm-2']);
    expect(received[0]).toMatchObject({ chatId: '7_12', sendUserId: peerId, type: 1, info: '{"mesg":"hello"}' });
  });

  it('reconnects every 3000 ms after a failure and stops (closed) after 20 tries', () => {
    const chat = manager();
    chat.open(me);
    expect(sockets).toHaveLength(1);
    latest().drop();
    expect(chat.state).toBe('connecting');
    vi.advanceTimersByTime(CHAT_RECONNECT_MS - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    for (let attempt = 2; attempt <= CHAT_RECONNECT_MAX; attempt += 1) {
      latest().drop();
      vi.advanceTimersByTime(CHAT_RECONNECT_MS);
      expect(sockets).toHaveLength(attempt + 1);
    }
    latest().drop();
    expect(chat.state).toBe('closed');
    vi.advanceTimersByTime(CHAT_RECONNECT_MS * 10);
    expect(sockets).toHaveLength(1 + CHAT_RECONNECT_MAX);
  });

  it('counts attempts afresh after a connection succeeds', () => {
    const chat = manager();
    chat.open(me);
    for (let attempt = 1; attempt <= CHAT_RECONNECT_MAX - 1; attempt += 1) {
      latest().drop();
      vi.advanceTimersByTime(CHAT_RECONNECT_MS);
    }
    latest().accept();
    latest().drop();
    for (let attempt = 1; attempt <= CHAT_RECONNECT_MAX - 1; attempt += 1) {
      vi.advanceTimersByTime(CHAT_RECONNECT_MS);
      latest().drop();
    }
    expect(chat.state).toBe('connecting');
  });

  it('stops reconnecting on an explicit close, and counts from zero when opened again', () => {
    const chat = manager();
    chat.open(me);
    latest().accept();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      latest().drop();
      vi.advanceTimersByTime(CHAT_RECONNECT_MS);
    }
    expect(sockets).toHaveLength(6);
    chat.close();
    expect(chat.state).toBe('closed');
    expect(latest().closedByClient).toBe(true);
    vi.advanceTimersByTime(CHAT_RECONNECT_MS * 5);
    expect(sockets).toHaveLength(6);

    chat.open(me);
    for (let attempt = 1; attempt <= CHAT_RECONNECT_MAX; attempt += 1) {
      latest().drop();
      vi.advanceTimersByTime(CHAT_RECONNECT_MS);
    }
    expect(sockets).toHaveLength(6 + 1 + CHAT_RECONNECT_MAX);
    expect(chat.state).toBe('connecting');
    latest().drop();
    expect(chat.state).toBe('closed');
  });

  it('stops reconnecting when the server refuses the session (close code 4001)', () => {
    const chat = manager();
    chat.open(me);
    latest().accept();
    latest().drop(4001);
    expect(chat.state).toBe('closed');
    vi.advanceTimersByTime(CHAT_RECONNECT_MS * 5);
    expect(sockets).toHaveLength(1);
  });

  it('sends heartbeats while connected and treats a missing answer as a dead connection', () => {
    const chat = manager();
    chat.open(me);
    latest().accept();
    vi.advanceTimersByTime(20_000);
    expect(latest().sent.at(-1)).toEqual({ type: 0 });
    latest().deliver({ type: 0 });
    vi.advanceTimersByTime(20_000);
    // The one after the identify frame, then one per interval.
    expect(latest().sent.filter((frame) => JSON.stringify(frame) === '{"type":0}')).toHaveLength(3);
    expect(sockets).toHaveLength(1);

    vi.advanceTimersByTime(5_000);
    expect(sockets[0]?.closedByClient).toBe(true);
    expect(chat.state).toBe('connecting');
    vi.advanceTimersByTime(CHAT_RECONNECT_MS);
    expect(sockets).toHaveLength(2);
  });

  it('keeps pending messages across a reload and resends them from the new page', () => {
    const before = manager();
    before.open(me);
    const message = before.send(text('typed before the reload'));

    const after = manager();
    after.open(me);
    expect(after.pending().map((m) => m.uuid)).toEqual([message.uuid]);
    latest().accept();
    expect(latest().sent).toEqual([
      IDENTIFY,
      HEARTBEAT,
      expect.objectContaining({ uuid: message.uuid, info: message.info }),
    ]);
    after.open({ sessionId: 'sess-9', userId: 9 });
    expect(after.pending()).toEqual([]);
  });

  it("shows 'not connected' when sending offline and keeps the message pending", async () => {
    const chat = manager();
    chat.open(me);
    const message = chat.send(text('offline'));
    expect(showFail).toHaveBeenCalledWith('未连接，消息将在连接后发送');
    expect(chat.pending().map((m) => m.uuid)).toEqual([message.uuid]);

    await loadCore('en-US');
    await i18next.changeLanguage('en-US');
    chat.send(text('offline again'));
    expect(showFail).toHaveBeenLastCalledWith('Not connected; the message will be sent once connected');
    expect(chat.pending()).toHaveLength(2);
  });

  it("says 'connection successful' when it connects after a failure, not on the first connection", () => {
    const chat = manager();
    chat.open(me);
    latest().accept();
    expect(showSuccess).not.toHaveBeenCalled();
    latest().drop();
    vi.advanceTimersByTime(CHAT_RECONNECT_MS);
    latest().accept();
    expect(showSuccess).toHaveBeenCalledWith('连接成功');
  });

  it('makes message uuids without crypto.randomUUID too (plain http: pages lack it)', () => {
    const realCrypto = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: (bytes: Uint8Array) => realCrypto.getRandomValues(bytes) });
    const made = new Set(Array.from({ length: 50 }, newMessageUuid));
    vi.unstubAllGlobals();
    expect(made.size).toBe(50);
    for (const uuid of made)
      expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
