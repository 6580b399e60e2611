// The chat's constants, apart from its zod schemas (schemas.ts re-exports them): pages that only name a
// product type or an emoticon (a listing's chat button) do not bring zod with them.

/**
 * Frame types on the chat WebSocket (PROTOCOL.md "Chat WebSocket"). Client → server: identify, heartbeat,
 * and a message frame whose `type` is its content type (1..11). Server → client: message, ack, read, error.
 * Other server events (quotes, notices, cart) take types of their own beside these; a client ignores a
 * type it does not know.
 */
export const ChatFrameType = {
  identify: -1,
  heartbeat: 0,
  /** A stored chat message; `info` is the JSON text of it. */
  message: 1,
  /**
   * `info` is the uuid of the sender's message the server has stored; beside it (PROTOCOL.md leaves room)
   * `id` and `sendDate`, the stored id and the server's time, so the sender orders its own message by
   * the server's clock as the receiver does.
   */
  ack: 4,
  /** `uuid` (or, without it, every message to `sendUserId`) was read by `sendUserId`. */
  read: 6,
  /** A frame the server refused: `{type, uuid?, codeFlag, mesg}` with mesg localized; nothing was stored. */
  error: 99,
  /** A notice was recorded for this user (committed): `{type, category}`; the client re-fetches its notice counts. */
  notice: 21,
  /**
   * SPEC §4's internal event "cart update": the company's cart changed (committed): `{type, count}` with
   * the lines it holds now; the client refreshes its cart badge and an open cart page.
   */
  cart: 22,
} as const;

/** SPEC §3 chat content types. */
export const ChatContentType = {
  text: 1,
  image: 2,
  file: 3,
  voice: 4,
  location: 5,
  redPacket: 6,
  productLink: 7,
  news: 8,
  action: 9,
  stockOrderQuote: 10,
  inquiryQuote: 11,
} as const;
export type ChatContentTypeValue = (typeof ChatContentType)[keyof typeof ChatContentType];

/** SPEC §3 action types carried by a content type 9 message. */
export const ChatActionType = {
  requestPhoneExchange: 1,
  acceptPhoneExchange: 2,
  refusePhoneExchange: 3,
  addToBlacklist: 4,
  transferRequested: 5,
  transferDone: 6,
  recallMessage: 7,
  markedNotInterested: 8,
  transferAccepted: 9,
  switchChatContact: 10,
  proxyPickedSpotGoods: 11,
  proxyFilledPurchaseOrder: 12,
  buyerAgreedStockQuote: 13,
  notifySupplierToQuote: 14,
  buyerAgreedInquiryQuote: 15,
  notifyDesignatedInquirySupplier: 16,
  textNotice: 17,
} as const;

/** SPEC §3 product link types and news types. */
export const ChatProductType = { stock: 1, inquiry: 2, agentBuy: 3, capacity: 4, shop: 5 } as const;
export const ChatNewsType = { top: 0, analysis: 1, company: 2, industry: 3 } as const;

/** SPEC §4 message status: 1 sending (client only), 2 stored (acknowledged), 4 read. */
/**
 * SPEC §4 message status: 1 sending, 2 stored (acknowledged), 4 read. 3 is this product's, and only
 * a client's: the server refused the message (an error frame named its uuid), so it was never stored.
 */
export const ChatMessageStatus = { sending: 1, stored: 2, failed: 3, read: 4 } as const;

export const CHAT_TEXT_MAX = 2000;
export const CHAT_UUID_MAX = 64;
/** A message's info as JSON text may be at most this long (a text message's 2000 characters fit easily). */
export const CHAT_INFO_MAX = 8000;
export const CHAT_IDENTIFY_TIMEOUT_MS = 10_000;
/** Close code for a connection that did not identify in time or named an unknown session. */
export const CHAT_CLOSE_UNIDENTIFIED = 4001;
export const CHAT_HISTORY_PAGE_MAX = 100;
/** A sender may recall (action 7) their own message this long after it was stored. */
export const CHAT_RECALL_WINDOW_SECONDS = 120;
/** Message frames one connection may send per window; more get an error frame (a reconnect's resends fit). */
export const CHAT_FRAMES_PER_WINDOW = 60;
export const CHAT_FRAME_WINDOW_MS = 10_000;

/** A voice message lasts this many seconds at least and at most (a hold of the talk button). */
export const CHAT_VOICE_MIN_SECONDS = 1;
export const CHAT_VOICE_MAX_SECONDS = 60;

/**
 * The image emoticons the web app ships (public/emoticons/<name>.svg). A type 2 message with
 * `emoticon: true` names one of them as `/emoticons/<name>.svg`; the conversation list shows it as
 * '[emoji]' (SPEC §9).
 */
export const CHAT_EMOTICONS = [
  'smile',
  'grin',
  'wink',
  'love',
  'cool',
  'thinking',
  'surprised',
  'sweat',
  'sad',
  'cry',
  'angry',
  'thumbs-up',
  'handshake',
  'clap',
  'rose',
  'tea',
] as const;
export type ChatEmoticon = (typeof CHAT_EMOTICONS)[number];
export const emoticonUrl = (name: ChatEmoticon) => `/emoticons/${name}.svg`;
/** The emoticon an image message names, or null when it is not one of the shipped set. */
export function emoticonOf(imgUrl: unknown): ChatEmoticon | null {
  if (typeof imgUrl !== 'string') return null;
  const match = /^\/emoticons\/([a-z-]+)\.svg$/.exec(imgUrl);
  const name = match?.[1];
  return name && (CHAT_EMOTICONS as readonly string[]).includes(name) ? (name as ChatEmoticon) : null;
}
