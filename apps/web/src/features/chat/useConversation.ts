import { CHAT_TEXT_MAX, ChatContentType, type ChatContentTypeValue, ChatMessageStatus, chatIdOf } from '@metal/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChatConnection, type ChatConnectionState, getChatConnection } from '../../lib/chat/connection';
import { applyStatusChange, type ChatMessage } from '../../lib/chat/frames';
import { fetchHistory, markConversationRead, type ShownMessage, useRefreshChatCounts } from './conversations';
import { withReplacedQuotes } from './summary';

type Load = 'loading' | 'ready' | 'error';

/**
 * Adds a message, or updates the one with its uuid, keeping the server's id (and recall mark) when the
 * connection reports a message history already listed. Quotes are all kept: withReplacedQuotes marks
 * the earlier ones of an order or inquiry, as the server's `replaced` does, whatever order they came in.
 */
function merge(messages: readonly ShownMessage[], incoming: ShownMessage): ShownMessage[] {
  const index = messages.findIndex((message) => message.uuid === incoming.uuid);
  if (index < 0) return [...messages, incoming];
  const known = messages[index]!;
  return messages.map((message, at) =>
    at === index
      ? {
          ...known,
          ...incoming,
          // A status never goes back: a late history page must not undo a read mark that arrived live.
          status: Math.max(known.status, incoming.status) as ChatMessage['status'],
        }
      : message,
  );
}

/** Oldest first; within one second the server's order, and messages it has not listed yet last. */
const byTime = (a: ShownMessage, b: ShownMessage) =>
  a.sendDate - b.sendDate || (a.id ?? Number.MAX_SAFE_INTEGER) - (b.id ?? Number.MAX_SAFE_INTEGER);

/**
 * One conversation on chat_page: its history from relation/history (newest page first, older pages on
 * demand), the current user's unacknowledged messages, live messages and status changes from the chat
 * connection, a catch-up after every reconnect, and read marks for what the peer sent.
 */
export function useConversation(me: number, peerId: number) {
  const chatId = chatIdOf(me, peerId);
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [load, setLoad] = useState<Load>('loading');
  /** Why the newest page did not load, for the page's error screen. */
  const [loadError, setLoadError] = useState<unknown>(null);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [state, setState] = useState<ChatConnectionState>(() => getChatConnection().state);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;
  const refreshCounts = useRefreshChatCounts();
  const refreshRef = useRef(refreshCounts);
  refreshRef.current = refreshCounts;

  const add = useCallback((incoming: readonly ShownMessage[]) => {
    setMessages((current) => withReplacedQuotes(incoming.reduce(merge, current).sort(byTime)));
  }, []);

  const markRead = useCallback(
    (uuid?: string) => {
      markConversationRead(peerId, uuid)
        .then(() => refreshRef.current())
        .catch(() => undefined);
    },
    [peerId],
  );

  const loadNewest = useCallback(async () => {
    setLoad('loading');
    try {
      const page = await fetchHistory(peerId);
      const pending = getChatConnection()
        .pending()
        .filter((message) => message.chatId === chatId);
      setMessages([]);
      add([...page.messages, ...pending]);
      setHasOlder(page.hasMore);
      setLoad('ready');
      markRead();
    } catch (error) {
      setLoadError(error);
      setLoad('error');
    }
  }, [peerId, chatId, add, markRead]);

  const loadOlder = useCallback(async () => {
    const oldest = messagesRef.current.find((message) => message.id !== undefined)?.id;
    if (oldest === undefined || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const page = await fetchHistory(peerId, { beforeId: oldest });
      add(page.messages);
      setHasOlder(page.hasMore);
    } catch {
      // The button stays; another try may work.
    } finally {
      setLoadingOlder(false);
    }
  }, [peerId, add, loadingOlder]);

  /** After a reconnect: whatever arrived while this page was offline, then read marks for it. */
  const catchUp = useCallback(async () => {
    const ids = messagesRef.current.flatMap((message) => (message.id === undefined ? [] : [message.id]));
    if (ids.length === 0) {
      await loadNewest();
      return;
    }
    let afterId = Math.max(...ids);
    try {
      for (;;) {
        const page = await fetchHistory(peerId, { afterId });
        add(page.messages);
        const last = page.messages.at(-1)?.id;
        if (!page.hasMore || last === undefined) break;
        afterId = last;
      }
      markRead();
    } catch {
      // The next reconnect tries again.
    }
  }, [peerId, add, loadNewest, markRead]);

  useEffect(() => {
    if (me <= 0 || peerId <= 0 || me === peerId) return;
    void loadNewest();
  }, [me, peerId, loadNewest]);

  const catchUpRef = useRef(catchUp);
  catchUpRef.current = catchUp;

  useEffect(() => {
    if (me <= 0 || peerId <= 0 || me === peerId) return;
    const chat: ChatConnection = getChatConnection();
    setState(chat.state);
    const stopMessages = chat.onMessage((message) => {
      if (message.chatId !== chatId) return;
      add([message]);
      if (message.sendUserId === peerId) markRead(message.uuid);
    });
    const stopStatus = chat.onStatus((change) => {
      // An acknowledgement may move the message to the server's time, so the order is worked out again.
      setMessages((current) => (applyStatusChange(current, change) as ShownMessage[]).sort(byTime));
    });
    let wasConnected = chat.state === 'connected';
    const stopState = chat.onStateChange((next) => {
      setState(next);
      if (next === 'connected' && !wasConnected) void catchUpRef.current();
      wasConnected = next === 'connected';
    });
    return () => {
      stopMessages();
      stopStatus();
      stopState();
    };
  }, [me, peerId, chatId, add, markRead]);

  /** Sends a message of any content type through the connection (pending and resent like text). */
  const send = useCallback(
    (type: ChatContentTypeValue, content: Record<string, unknown>) => {
      const message = getChatConnection().send({ receiveUserId: peerId, type, content });
      add([message]);
    },
    [peerId, add],
  );

  /** Sends a text; false when it is empty or too long (nothing was sent). */
  const sendText = useCallback(
    (text: string): boolean => {
      const mesg = text.trim();
      if (mesg === '' || mesg.length > CHAT_TEXT_MAX) return false;
      send(ChatContentType.text, { mesg });
      return true;
    },
    [send],
  );

  /** Sends a failed message's content again as a new message, in its place. */
  const resend = useCallback(
    (failed: ShownMessage) => {
      if (failed.status !== ChatMessageStatus.failed) return;
      let content: Record<string, unknown>;
      try {
        content = JSON.parse(failed.info) as Record<string, unknown>;
      } catch {
        return;
      }
      const message = getChatConnection().send({ receiveUserId: peerId, type: failed.type, content });
      setMessages((current) => [...current.filter((m) => m.uuid !== failed.uuid), message]);
    },
    [peerId],
  );

  /** Sends an action (content type 9, SPEC §3 action types) to the peer and shows it at once. */
  const sendAction = useCallback(
    (actionType: number, actionInfo?: unknown) =>
      send(ChatContentType.action, actionInfo === undefined ? { actionType } : { actionType, actionInfo }),
    [send],
  );

  return {
    chatId,
    messages,
    load,
    loadError,
    hasOlder,
    loadingOlder,
    state,
    loadNewest,
    loadOlder,
    send,
    sendText,
    resend,
    sendAction,
  };
}
