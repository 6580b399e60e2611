/**
 * Chat wire constants (PROTOCOL.md "Chat WebSocket", SPEC §3 chat message and content types, §4
 * chat message status), shared by the server's `/chat/ws` and every client. The names and values are
 * the same as those the chat server branch declares in schemas/chat.ts, so either copy can go at merge.
 */

/** The `type` of a WebSocket frame that is not a chat message's content type. */
export const ChatFrameType = {
  /** Client → server, first frame: `info` is `{"uuid": <session id>, "clientType": <platform>}` as JSON text. */
  identify: -1,
  /** Both ways: the client's heartbeat and the server's answer. */
  heartbeat: 0,
  /** Server → client: `info` is the stored message as JSON text. */
  message: 1,
  /** Server → client: `info` is the uuid of the message now durably stored. */
  ack: 4,
  /** Server → client: `uuid` (optional) was read by `sendUserId`; without `uuid`, all messages to that reader. */
  read: 6,
} as const;

/** SPEC §3 chat content types: the `type` of a sent message and of a stored one. */
export const ChatContentType = {
  /** `{mesg}` */
  text: 1,
  /** `{imgUrl}` */
  image: 2,
  /** `{urlPath}` */
  file: 3,
  /** `{filePath, duration}` */
  voice: 4,
  /** `{address, lat, lgt}` */
  location: 5,
  redPacket: 6,
  /** `{proType, proInfo, sendOrShare, proId}` */
  productLink: 7,
  /** `{id, newsType, title, intro, image_path}` */
  news: 8,
  /** `{actionType, actionInfo}` with a ChatActionType */
  action: 9,
  /** `{orderId}`: replaces the earlier quote message for the same stock order. */
  stockOrderQuote: 10,
  /** `{inquiryId}`: replaces the earlier quote message for the same inquiry. */
  inquiryQuote: 11,
} as const;
export type ChatContentTypeValue = (typeof ChatContentType)[keyof typeof ChatContentType];

/** SPEC §3 action types: `actionType` of an action message (content type 9). */
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

/** SPEC §4 chat message status: 1 sending (client only), 2 stored (acknowledged), 4 read; 3 is not used. */
export const ChatMessageStatus = { sending: 1, stored: 2, read: 4 } as const;

/** PROTOCOL.md: the close code of a connection that did not identify in time or named an unknown session. */
export const CHAT_CLOSE_UNIDENTIFIED = 4001;

/** PROTOCOL.md: the conversation of two users is `"<smaller userId>_<larger userId>"`. */
export function chatIdOf(userA: number, userB: number): string {
  return userA < userB ? `${userA}_${userB}` : `${userB}_${userA}`;
}
