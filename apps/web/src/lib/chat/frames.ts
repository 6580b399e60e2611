import { ChatContentType, type ChatContentTypeValue, ChatFrameType, ChatMessageStatus } from '@metal/shared';

/** SPEC §4: 1 sending, 2 stored (acknowledged), 4 read. */
export type ChatMessageStatusValue = (typeof ChatMessageStatus)[keyof typeof ChatMessageStatus];

/**
 * A chat message as SPEC §3 describes it and the server stores it: `info` is the content as JSON text
 * (its fields depend on `type`), `sendDate` Unix seconds.
 */
export interface ChatMessage {
  chatId: string;
  info: string;
  notice?: string;
  sendDate: number;
  sendUserId: number;
  receiveUserId: number;
  type: ChatContentTypeValue;
  uuid: string;
  status: ChatMessageStatusValue;
}

/** A status change the connection reports: one message, or every message sent to one reader. */
export type ChatStatusChange =
  | { uuid: string; status: ChatMessageStatusValue; stored?: StoredStamp }
  | { readerUserId: number; status: typeof ChatMessageStatus.read };

/** Where the server put a message it acknowledged: its id and the server's sendDate (Unix seconds). */
export interface StoredStamp {
  id: number;
  sendDate: number;
}

/** A frame from the server the connection understands; others are ignored (PROTOCOL.md). */
export type IncomingFrame =
  | { type: typeof ChatFrameType.heartbeat }
  | { type: typeof ChatFrameType.message; message: ChatMessage }
  | { type: typeof ChatFrameType.ack; uuid: string; stored: StoredStamp | null }
  | { type: typeof ChatFrameType.read; uuid: string | null; readerUserId: number }
  | { type: typeof ChatFrameType.error; uuid: string | null; mesg: string }
  | { type: typeof ChatFrameType.notice; category: string }
  | { type: typeof ChatFrameType.cart; count: number };

export function identifyFrame(sessionId: string, clientType: number): string {
  return JSON.stringify({ type: ChatFrameType.identify, info: JSON.stringify({ uuid: sessionId, clientType }) });
}

export const HEARTBEAT_FRAME = JSON.stringify({ type: ChatFrameType.heartbeat });

/** The send frame of PROTOCOL.md: the message's own fields, without the sender (the session names it) or status. */
export function messageFrame(message: ChatMessage): string {
  const { type, chatId, info, receiveUserId, uuid, sendDate } = message;
  return JSON.stringify({ type, chatId, info, receiveUserId, uuid, sendDate });
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const CONTENT_TYPES = new Set<number>(Object.values(ChatContentType));

/** A stored message from the server, checked by hand (zod stays out of the client's chat code). */
export function toChatMessage(value: unknown): ChatMessage | null {
  if (!isObject(value)) return null;
  const { chatId, info, notice, sendDate, sendUserId, receiveUserId, type, uuid, status } = value;
  if (
    typeof chatId !== 'string' ||
    typeof info !== 'string' ||
    typeof sendDate !== 'number' ||
    typeof sendUserId !== 'number' ||
    typeof receiveUserId !== 'number' ||
    typeof type !== 'number' ||
    !CONTENT_TYPES.has(type) ||
    typeof uuid !== 'string' ||
    uuid === ''
  ) {
    return null;
  }
  const knownStatus = status === 1 || status === 2 || status === 4 ? status : ChatMessageStatus.stored;
  return {
    chatId,
    info,
    ...(typeof notice === 'string' ? { notice } : {}),
    sendDate,
    sendUserId,
    receiveUserId,
    type: type as ChatContentTypeValue,
    uuid,
    status: knownStatus,
  };
}

/** Reads one server frame; null for malformed frames and types this client does not know. */
export function parseIncomingFrame(data: unknown): IncomingFrame | null {
  if (typeof data !== 'string') return null;
  const frame = parseJson(data);
  if (!isObject(frame)) return null;
  switch (frame.type) {
    case ChatFrameType.heartbeat:
      return { type: ChatFrameType.heartbeat };
    case ChatFrameType.message: {
      const message = typeof frame.info === 'string' ? toChatMessage(parseJson(frame.info)) : null;
      return message ? { type: ChatFrameType.message, message } : null;
    }
    case ChatFrameType.ack: {
      if (typeof frame.info !== 'string' || frame.info === '') return null;
      // A server that sends only the uuid (PROTOCOL.md's minimum) leaves the message where the phone put it.
      const stored =
        Number.isInteger(frame.id) && Number.isInteger(frame.sendDate)
          ? { id: frame.id as number, sendDate: frame.sendDate as number }
          : null;
      return { type: ChatFrameType.ack, uuid: frame.info, stored };
    }
    case ChatFrameType.read: {
      const readerUserId = Number(frame.sendUserId);
      if (!Number.isInteger(readerUserId) || readerUserId <= 0) return null;
      const uuid = typeof frame.uuid === 'string' && frame.uuid !== '' ? frame.uuid : null;
      return { type: ChatFrameType.read, uuid, readerUserId };
    }
    case ChatFrameType.error: {
      const uuid = typeof frame.uuid === 'string' && frame.uuid !== '' ? frame.uuid : null;
      return { type: ChatFrameType.error, uuid, mesg: typeof frame.mesg === 'string' ? frame.mesg : '' };
    }
    case ChatFrameType.notice:
      return { type: ChatFrameType.notice, category: typeof frame.category === 'string' ? frame.category : '' };
    case ChatFrameType.cart: {
      const count = Number(frame.count);
      return Number.isInteger(count) && count >= 0 ? { type: ChatFrameType.cart, count } : null;
    }
    default:
      return null;
  }
}

/** The stock order or inquiry a quote message (content type 10 or 11) is about, e.g. `10:123`; null otherwise. */
export function quoteSubject(message: ChatMessage): string | null {
  if (message.type !== ChatContentType.stockOrderQuote && message.type !== ChatContentType.inquiryQuote) return null;
  const content = parseJson(message.info);
  if (!isObject(content)) return null;
  const id = message.type === ChatContentType.stockOrderQuote ? content.orderId : content.inquiryId;
  if (typeof id !== 'string' && typeof id !== 'number') return null;
  return `${message.type}:${id}`;
}

/**
 * A conversation's messages (oldest first) with one more, for the conversation store: a message it
 * already holds (same uuid) is updated in place, and a quote message replaces the earlier quote for
 * the same stock order or inquiry in its chat (SPEC §4), so each quote shows once, at its latest.
 */
export function mergeChatMessage(messages: readonly ChatMessage[], incoming: ChatMessage): ChatMessage[] {
  const known = messages.findIndex((message) => message.uuid === incoming.uuid);
  if (known >= 0) return messages.map((message, index) => (index === known ? incoming : message));
  const subject = quoteSubject(incoming);
  const earlierQuote = (message: ChatMessage) =>
    subject !== null && message.chatId === incoming.chatId && quoteSubject(message) === subject;
  return [...messages.filter((message) => !earlierQuote(message)), incoming];
}

/**
 * Applies a status change to a conversation's messages; a reader's "all read" marks only the messages
 * sent to that reader. Status never goes back (a late ack does not undo a read).
 */
export function applyStatusChange(messages: readonly ChatMessage[], change: ChatStatusChange): ChatMessage[] {
  return messages.map((message) => {
    const matches = 'uuid' in change ? message.uuid === change.uuid : message.receiveUserId === change.readerUserId;
    if (!matches) return message;
    const stamped = 'stored' in change && change.stored ? { ...message, ...change.stored } : message;
    return stamped.status < change.status ? { ...stamped, status: change.status } : stamped;
  });
}
