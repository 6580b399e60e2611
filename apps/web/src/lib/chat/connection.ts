import {
  CHAT_CLOSE_UNIDENTIFIED,
  CHAT_RECONNECT_MAX,
  CHAT_RECONNECT_MS,
  type ChatContentTypeValue,
  ChatFrameType,
  ChatMessageStatus,
  chatIdOf,
  Platform,
} from '@metal/shared';
import { showFail, showSuccess } from '../feedback';
import { i18next } from '../i18n';
import { storage as appStorage, StorageKeys } from '../storage';
import {
  type ChatMessage,
  type ChatStatusChange,
  HEARTBEAT_FRAME,
  type IncomingFrame,
  identifyFrame,
  messageFrame,
  parseIncomingFrame,
  toChatMessage,
} from './frames';
import './locale';
import { watchForTips } from './tip-watch';

/**
 * The chat connection of SPEC §4 and PROTOCOL.md "Chat WebSocket": one WebSocket to `/chat/ws` that
 * identifies with the session, keeps every sent message pending (in localStorage, per user) until the
 * server acknowledges it, resends the pending ones after each (re)connect, keeps itself alive with
 * heartbeats, and reconnects every 3 s, at most 20 times, while it is still wanted. Not for start-up
 * code: it brings its own locale namespace, and pages load it lazily.
 */
export type ChatConnectionState = 'idle' | 'connecting' | 'connected' | 'closed';

export interface ChatSession {
  sessionId: string;
  userId: number;
}

/** What a page sends: the receiver, the content type and its fields (SPEC §3), e.g. `{mesg}` for text. */
export interface ChatDraft {
  receiveUserId: number;
  type: ChatContentTypeValue;
  content: Record<string, unknown>;
}

/** The part of the browser's WebSocket this module uses (tests hand in a fake). */
export interface ChatSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
}

export interface ChatStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface ChatConnectionOptions {
  /** The WebSocket address; by default `/chat/ws` on this page's host, wss: under https:. */
  url?: () => string;
  createSocket?: (url: string) => ChatSocket;
  storage?: ChatStorage;
  /** How often a heartbeat goes out while connected. */
  heartbeatMs?: number;
  /** How long the server may take to answer anything after a heartbeat before the connection counts as dead. */
  heartbeatTimeoutMs?: number;
}

export interface ChatConnection {
  readonly state: ChatConnectionState;
  /** Connects as this session's user (again if another user was connected) and keeps connecting while wanted. */
  open(session: ChatSession): void;
  /** Disconnects and stops reconnecting (logout, or the user leaving chat for good); resets the attempt count. */
  close(): void;
  /** Creates a message (status 1, sending), keeps it pending until acknowledged, and sends it if connected. */
  send(draft: ChatDraft): ChatMessage;
  /** The current user's messages not yet acknowledged, oldest first (copies). */
  pending(): ChatMessage[];
  /** New chat messages from the server, each uuid once. */
  onMessage(listener: (message: ChatMessage) => void): () => void;
  /** Acknowledgements (status 2) and read receipts (status 4). */
  onStatus(listener: (change: ChatStatusChange) => void): () => void;
  onStateChange(listener: (state: ChatConnectionState) => void): () => void;
  /** A notice was recorded for the user (its list: trade, activity or function); counts are worth fetching again. */
  onNotice(listener: (category: string) => void): () => void;
  /** SPEC §4's cart-update event: the company's cart changed and holds `count` lines now. */
  onCart(listener: (count: number) => void): () => void;
}

/** How often the client sends `{type: 0}` while connected, and how long it waits for the server's word after one. */
export const CHAT_HEARTBEAT_MS = 25_000;
export const CHAT_HEARTBEAT_TIMEOUT_MS = 10_000;

/** Incoming uuids remembered for de-duplication (the server re-sends after reconnects). */
const SEEN_LIMIT = 2000;

function defaultUrl(): string {
  const scheme = globalThis.location?.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${globalThis.location?.host ?? 'localhost'}/chat/ws`;
}

/**
 * A random (version 4) uuid. `crypto.randomUUID` exists only on https: and localhost pages; a phone
 * opening the app over plain http: on a LAN still has `crypto.getRandomValues`.
 */
export function newMessageUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const pendingKey = (userId: number) => `${StorageKeys.chatPending}.${userId}`;

function readPending(storage: ChatStorage, userId: number): ChatMessage[] {
  const raw = storage.get(pendingKey(userId));
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => {
      const message = toChatMessage(item);
      return message && message.sendUserId === userId ? [message] : [];
    });
  } catch {
    return [];
  }
}

function writePending(storage: ChatStorage, userId: number, pending: readonly ChatMessage[]): void {
  if (pending.length === 0) storage.remove(pendingKey(userId));
  else storage.set(pendingKey(userId), JSON.stringify(pending));
}

export function createChatConnection(options: ChatConnectionOptions = {}): ChatConnection {
  const url = options.url ?? defaultUrl;
  const createSocket = options.createSocket ?? ((address: string) => new WebSocket(address));
  const storage = options.storage ?? appStorage;
  const heartbeatMs = options.heartbeatMs ?? CHAT_HEARTBEAT_MS;
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? CHAT_HEARTBEAT_TIMEOUT_MS;

  let state: ChatConnectionState = 'idle';
  let session: ChatSession | null = null;
  let pending: ChatMessage[] = [];
  let socket: ChatSocket | null = null;
  /** Whether the user still wants a connection: only then is a lost one replaced. */
  let wanted = false;
  let attempts = 0;
  /** Set when a connection failed or dropped, so the next success says "connection successful". */
  let recovering = false;
  /** Whether the current socket's identify frame has been settled by the server (see connect). */
  let identified = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let heartbeatTimer: ReturnType<typeof setInterval> | undefined;
  let heartbeatDeadline: ReturnType<typeof setTimeout> | undefined;
  const seen = new Set<string>();

  const messageListeners = new Set<(message: ChatMessage) => void>();
  const statusListeners = new Set<(change: ChatStatusChange) => void>();
  const stateListeners = new Set<(state: ChatConnectionState) => void>();
  const noticeListeners = new Set<(category: string) => void>();
  const cartListeners = new Set<(count: number) => void>();

  function setState(next: ChatConnectionState): void {
    if (state === next) return;
    state = next;
    for (const listener of stateListeners) listener(next);
  }

  function emitStatus(change: ChatStatusChange): void {
    for (const listener of statusListeners) listener(change);
  }

  function savePending(): void {
    if (session) writePending(storage, session.userId, pending);
  }

  function stopTimers(): void {
    clearTimeout(reconnectTimer);
    clearInterval(heartbeatTimer);
    clearTimeout(heartbeatDeadline);
    reconnectTimer = heartbeatTimer = heartbeatDeadline = undefined;
  }

  /** Lets go of the current socket without hearing from it again. */
  function detachSocket(): void {
    if (!socket) return;
    const old = socket;
    socket = null;
    old.onopen = old.onmessage = old.onclose = old.onerror = null;
    try {
      old.close();
    } catch {
      // Already closed.
    }
  }

  function connect(): void {
    if (!session) return;
    const identity = session;
    setState('connecting');
    let created: ChatSocket;
    try {
      created = createSocket(url());
    } catch {
      connectionLost(null);
      return;
    }
    socket = created;
    identified = false;
    created.onopen = () => {
      created.send(identifyFrame(identity.sessionId, Platform.web));
      // The server handles a connection's frames in order, so the answer to this heartbeat means the
      // identify is settled: only then does the server deliver to this socket, and only then may a
      // catch-up over HTTP start without missing a message stored in between.
      heartbeat();
    };
    created.onmessage = (event) => {
      clearTimeout(heartbeatDeadline);
      heartbeatDeadline = undefined;
      const frame = parseIncomingFrame(event.data);
      if (frame) receive(frame);
    };
    created.onclose = (event) => connectionLost(event.code);
    // A close event follows every error; the close decides what happens next.
    created.onerror = () => undefined;
  }

  /** The server has settled the identify frame: the connection is usable. */
  function identifiedNow(): void {
    if (!socket || identified) return;
    identified = true;
    setState('connected');
    attempts = 0;
    for (const message of pending) socket.send(messageFrame(message));
    heartbeatTimer = setInterval(heartbeat, heartbeatMs);
    if (recovering) {
      recovering = false;
      showSuccess(i18next.t('chatConnection:connected'));
    }
  }

  function heartbeat(): void {
    if (!socket) return;
    socket.send(HEARTBEAT_FRAME);
    heartbeatDeadline ??= setTimeout(() => {
      detachSocket();
      connectionLost(null);
    }, heartbeatTimeoutMs);
  }

  function connectionLost(code: number | null): void {
    socket = null;
    stopTimers();
    if (!wanted) {
      setState('closed');
      return;
    }
    recovering = true;
    if (code === CHAT_CLOSE_UNIDENTIFIED || attempts >= CHAT_RECONNECT_MAX) {
      // A bad session will not get better by retrying; after the last attempt SPEC §4 stops.
      wanted = false;
      attempts = 0;
      setState('closed');
      return;
    }
    attempts += 1;
    setState('connecting');
    reconnectTimer = setTimeout(connect, CHAT_RECONNECT_MS);
  }

  function receive(frame: IncomingFrame): void {
    switch (frame.type) {
      case ChatFrameType.heartbeat:
        identifiedNow();
        return;
      case ChatFrameType.message: {
        const { message } = frame;
        if (seen.has(message.uuid)) return;
        seen.add(message.uuid);
        if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
        for (const listener of messageListeners) listener(message);
        return;
      }
      case ChatFrameType.ack:
        settle(frame.uuid);
        emitStatus({
          uuid: frame.uuid,
          status: ChatMessageStatus.stored,
          ...(frame.stored ? { stored: frame.stored } : {}),
        });
        return;
      case ChatFrameType.read:
        if (frame.uuid === null) {
          emitStatus({ readerUserId: frame.readerUserId, status: ChatMessageStatus.read });
        } else {
          // A message that was read was stored, so it no longer needs resending.
          settle(frame.uuid);
          emitStatus({ uuid: frame.uuid, status: ChatMessageStatus.read });
        }
        return;
      case ChatFrameType.error:
        // The server refused a message (too long, a blocked peer, …) and stored nothing: resending it
        // after every reconnect would be refused again, so it fails here, with the server's reason.
        if (frame.uuid !== null) {
          settle(frame.uuid);
          emitStatus({ uuid: frame.uuid, status: ChatMessageStatus.failed });
        }
        if (frame.mesg) showFail(frame.mesg);
        return;
      case ChatFrameType.notice:
        for (const listener of noticeListeners) listener(frame.category);
        return;
      case ChatFrameType.cart:
        for (const listener of cartListeners) listener(frame.count);
        return;
      default:
        return;
    }
  }

  function settle(uuid: string): void {
    const remaining = pending.filter((message) => message.uuid !== uuid);
    if (remaining.length === pending.length) return;
    pending = remaining;
    savePending();
  }

  return {
    get state() {
      return state;
    },

    open(next) {
      const same = session?.sessionId === next.sessionId && session.userId === next.userId;
      if (same && wanted) return;
      stopTimers();
      detachSocket();
      if (!same) {
        session = { ...next };
        pending = readPending(storage, next.userId);
        seen.clear();
      }
      wanted = true;
      attempts = 0;
      recovering = false;
      connect();
    },

    close() {
      wanted = false;
      attempts = 0;
      recovering = false;
      stopTimers();
      detachSocket();
      setState('closed');
    },

    send(draft) {
      if (!session) throw new Error('chat: send before open');
      const message: ChatMessage = {
        chatId: chatIdOf(session.userId, draft.receiveUserId),
        info: JSON.stringify(draft.content),
        sendDate: Math.floor(Date.now() / 1000),
        sendUserId: session.userId,
        receiveUserId: draft.receiveUserId,
        type: draft.type,
        uuid: newMessageUuid(),
        status: ChatMessageStatus.sending,
      };
      pending = [...pending, message];
      savePending();
      if (state === 'connected' && socket) socket.send(messageFrame(message));
      else showFail(i18next.t('chatConnection:notConnected'));
      return { ...message };
    },

    pending() {
      return pending.map((message) => ({ ...message }));
    },

    onMessage(listener) {
      messageListeners.add(listener);
      return () => messageListeners.delete(listener);
    },

    onStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },

    onStateChange(listener) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },

    onNotice(listener) {
      noticeListeners.add(listener);
      return () => noticeListeners.delete(listener);
    },

    onCart(listener) {
      cartListeners.add(listener);
      return () => cartListeners.delete(listener);
    },
  };
}

let shared: ChatConnection | undefined;

/** The app's one chat connection (login and start-up open it; chat pages subscribe to it). */
export function getChatConnection(): ChatConnection {
  if (!shared) {
    shared = createChatConnection();
    watchForTips(shared);
  }
  return shared;
}
