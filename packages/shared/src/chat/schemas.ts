import { z } from 'zod';
import { bigintId, formInt, INT_ID_MAX, intId } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import {
  CHAT_HISTORY_PAGE_MAX,
  CHAT_INFO_MAX,
  CHAT_TEXT_MAX,
  CHAT_UUID_MAX,
  CHAT_VOICE_MAX_SECONDS,
  CHAT_VOICE_MIN_SECONDS,
  ChatActionType,
  ChatContentType,
  type ChatContentTypeValue,
  ChatNewsType,
  ChatProductType,
} from './constants';

export * from './constants';

/**
 * What a product link (type 7) shows, worded in the sender's language (SPEC's `proInfo`), made by the
 * server when the message is stored so the card needs no further calls and outlives the listing.
 * `priceFen` is per ton (stock), `picture` an address or ''. `companyName` names the company behind it.
 * Beside it the server stores `proCard` (chat/product-card.ts), the same facts with catalogue names in
 * both languages, from which the web app words the card in the reader's language.
 */
export const ZChatProductInfo = z.object({
  title: z.string(),
  summary: z.string(),
  priceFen: z.number().nullable(),
  picture: z.string(),
  companyName: z.string(),
});
export type TChatProductInfo = z.infer<typeof ZChatProductInfo>;

/** The conversation id of two users: "<smaller userId>_<larger userId>". */
export function chatIdOf(a: number, b: number): string {
  return a < b ? `${a}_${b}` : `${b}_${a}`;
}

const invalid = 'chat.infoInvalid';
const nonEmpty = () => z.string({ error: invalid }).trim().min(1, { error: invalid }).max(1000, { error: invalid });
const someId = () => z.union([z.number().int().positive(), z.string().trim().min(1).max(64)], { error: invalid });

/** Content fields per type (SPEC §3); extra fields a newer client adds are kept. */
export const CHAT_CONTENT_SCHEMAS = {
  [ChatContentType.text]: z.looseObject({
    mesg: z
      .string({ error: invalid })
      .min(1, { error: 'chat.textEmpty' })
      .max(CHAT_TEXT_MAX, { error: 'chat.textTooLong' }),
  }),
  [ChatContentType.image]: z.looseObject({ imgUrl: nonEmpty() }),
  [ChatContentType.file]: z.looseObject({ urlPath: nonEmpty() }),
  [ChatContentType.voice]: z.looseObject({
    filePath: nonEmpty(),
    duration: z
      .number({ error: 'chat.voiceDuration' })
      .min(CHAT_VOICE_MIN_SECONDS, { error: 'chat.voiceDuration' })
      .max(CHAT_VOICE_MAX_SECONDS, { error: 'chat.voiceDuration' }),
  }),
  [ChatContentType.location]: z.looseObject({
    address: z
      .string({ error: 'chat.locationInvalid' })
      .trim()
      .min(1, { error: 'chat.locationInvalid' })
      .max(500, { error: 'chat.locationInvalid' }),
    lat: z
      .number({ error: 'chat.locationInvalid' })
      .min(-90, { error: 'chat.locationInvalid' })
      .max(90, { error: 'chat.locationInvalid' }),
    lgt: z
      .number({ error: 'chat.locationInvalid' })
      .min(-180, { error: 'chat.locationInvalid' })
      .max(180, { error: 'chat.locationInvalid' }),
  }),
  // SPEC names the red packet type without its fields: any JSON object.
  [ChatContentType.redPacket]: z.looseObject({}),
  [ChatContentType.productLink]: z.looseObject({
    proType: z.union(
      Object.values(ChatProductType).map((v) => z.literal(v)),
      { error: invalid },
    ),
    proId: someId(),
    proInfo: z.unknown().optional(),
    sendOrShare: z.unknown().optional(),
  }),
  [ChatContentType.news]: z.looseObject({
    id: someId(),
    newsType: z.union(
      Object.values(ChatNewsType).map((v) => z.literal(v)),
      { error: invalid },
    ),
    title: nonEmpty(),
    intro: z.string({ error: invalid }).max(1000, { error: invalid }).optional(),
    image_path: z.string({ error: invalid }).max(1000, { error: invalid }).optional(),
  }),
  [ChatContentType.action]: z.looseObject({
    actionType: z.union(
      Object.values(ChatActionType).map((v) => z.literal(v)),
      { error: invalid },
    ),
    actionInfo: z.unknown().optional(),
  }),
  [ChatContentType.stockOrderQuote]: z.looseObject({ orderId: someId() }),
  [ChatContentType.inquiryQuote]: z.looseObject({ inquiryId: someId() }),
} satisfies Record<ChatContentTypeValue, z.ZodType>;

/**
 * A message's uuid, the client's own name for it: taken exactly as sent, never trimmed, since the ack, error
 * and read frames name it and the client matches them to its messages by it. One with surrounding spaces
 * is refused (chat.uuidSpaces) rather than taken for another.
 */
const messageUuid = () =>
  z
    .string({ error: 'chat.uuidInvalid' })
    .min(1, { error: 'chat.uuidInvalid' })
    .max(CHAT_UUID_MAX, { error: 'chat.uuidInvalid' })
    .refine((uuid) => uuid.trim() === uuid, { error: 'chat.uuidSpaces' });

/** A message frame as the client sends it (before its content is checked against its type). */
export const ZChatSendFrame = z.object({
  type: z.union(
    Object.values(ChatContentType).map((v) => z.literal(v)),
    { error: 'chat.typeInvalid' },
  ),
  chatId: z.string({ error: 'chat.chatIdInvalid' }).max(40, { error: 'chat.chatIdInvalid' }),
  info: z.string({ error: invalid }).max(CHAT_INFO_MAX, { error: 'chat.textTooLong' }),
  // A user id: past the integer column's range no user exists (and the database would fault on it).
  receiveUserId: z
    .number({ error: 'chat.receiverInvalid' })
    .int()
    .positive({ error: 'chat.receiverInvalid' })
    .max(INT_ID_MAX, { error: 'chat.receiverInvalid' }),
  uuid: messageUuid(),
  sendDate: z.number({ error: invalid }).int({ error: invalid }).nonnegative({ error: invalid }).optional(),
});
export type TChatSendFrame = z.infer<typeof ZChatSendFrame>;

/** A stored message as pushed (JSON text in a type 1 frame) and as listed by relation/history. */
export const ZChatMessage = z.object({
  id: z.number(),
  chatId: z.string(),
  info: z.string(),
  notice: z.string(),
  sendDate: z.number(),
  sendUserId: z.number(),
  receiveUserId: z.number(),
  type: z.number(),
  uuid: z.string(),
  status: z.number(),
  /** The sender recalled it: `info` is '{}' and clients show it as recalled. */
  recalled: z.boolean(),
  /** A newer quote message (type 10/11) of the same order or inquiry in this conversation replaced it. */
  replaced: z.boolean(),
});
export type TChatMessage = z.infer<typeof ZChatMessage>;

const peerId = () => intId('chat.peerInvalid');

export const ZChatReadRequest = z.object({
  userId: peerId(),
  uuid: messageUuid().optional(),
});
/** How many messages the call marked read. */
export const ZChatReadResult = z.object({ marked: z.number() });

export const ZChatPeerRequest = z.object({ userId: peerId() });
export const ZChatPeerPhone = z.object({ phone: z.string() });

const messageId = () => bigintId();
export const ZChatHistoryRequest = z
  .object({
    userId: peerId(),
    /** Older than this message id (newest first); neither id: the newest page. */
    beforeId: messageId().optional(),
    /** Newer than this message id (oldest first), to catch up after reconnecting. */
    afterId: messageId().optional(),
    pageSize: formInt()
      .pipe(
        z
          .number()
          .int()
          .min(1, { error: 'common.invalidInput' })
          .max(CHAT_HISTORY_PAGE_MAX, { error: 'common.invalidInput' }),
      )
      .optional(),
  })
  .refine((r) => r.beforeId === undefined || r.afterId === undefined, {
    error: 'chat.historyBothBounds',
    path: ['afterId'],
  });

export const ZChatHistory = z.object({ list: z.array(ZChatMessage), hasMore: z.boolean() });
export type TChatHistory = z.infer<typeof ZChatHistory>;

export const ZConversationsRequest = ZPageRequest;
export const ZConversation = z.object({
  userId: z.number(),
  chatId: z.string(),
  nickName: z.string(),
  headImage: z.string(),
  /** Summary text of the last message (localized for non-text types). */
  message: z.string(),
  lastType: z.number(),
  unreadSize: z.number(),
  sendDate: z.number(),
});
export type TConversation = z.infer<typeof ZConversation>;
export const ZConversationPage = z.object({ list: z.array(ZConversation), page: z.number(), hasMore: z.boolean() });
export type TConversationPage = z.infer<typeof ZConversationPage>;

const userIdOf = () =>
  z.number({ error: invalid }).int({ error: invalid }).positive({ error: invalid }).max(INT_ID_MAX, { error: invalid });

/**
 * The actionInfo of each action type (SPEC §3 action types). Clients send 1-5 and 7-10; 6 and 11-17
 * are made by the server only (transfer done by the transfer flow, trade actions by the procurement
 * and order modules through chat.trade-actions.ts, 17 as a notice line).
 */
export const ZChatTransferInfo = z.object({
  /** The outside user whose conversation is handed to a colleague (5 requested, 9 accepted). */
  peerId: userIdOf(),
});
export const ZChatTransferDoneInfo = z.object({
  /** The staff member who served the peer before. */
  fromUserId: userIdOf(),
  /** The colleague who serves the peer from now on (the message's sender). */
  toUserId: userIdOf(),
  /** Why: a transfer (5, 9) or a switch of contact (10). */
  reason: z.enum(['transfer', 'switch']),
});
export const ZChatSwitchContactInfo = z.object({
  /** The colleague who serves the peer from now on. */
  contactUserId: userIdOf(),
  /** The contact being replaced; only the company owner may name someone other than themselves. */
  fromUserId: userIdOf().optional(),
});
/**
 * 11 proxy-picked spot goods: the selection the seller made for the buyer (`order/proxy_pick`, which the
 * buyer confirms with `order/proxy_confirm`), its lots, and the agent purchase request it answers, if any.
 */
export const ZChatProxyPickedInfo = z.object({
  proxyId: someId(),
  stockIds: z.array(someId()).min(1).max(50),
  agentBuyId: someId().optional(),
});
/** 12 proxy-filled purchase order: the purchase order (a priced selection) filled in for the buyer, and the agent request it answers, if any. */
export const ZChatProxyOrderInfo = z.object({ proxyId: someId(), agentBuyId: someId().optional() });
/** 13 buyer agreed stock quote: the stock order whose quote the buyer agreed to. */
export const ZChatStockQuoteAgreedInfo = z.object({ orderId: someId() });
/** 16 notify designated inquiry supplier: the inquiry. */
export const ZChatInquiryInfo = z.object({ inquiryId: someId() });
/** 14 notify supplier to quote: the inquiry, or the stock order waiting for the seller's quote. */
export const ZChatQuoteWantedInfo = z.union([ZChatInquiryInfo, z.object({ orderId: someId() })]);
/** 15 buyer agreed inquiry quote: the inquiry and the agreed quote. */
export const ZChatInquiryQuoteAgreedInfo = z.object({ inquiryId: someId(), quoteId: someId() });
/** 17 text notice: the line shown to both sides. */
export const ZChatTextNoticeInfo = z.string().trim().min(1).max(500);

export const CHAT_ACTION_INFO_SCHEMAS = {
  [ChatActionType.requestPhoneExchange]: z.unknown(),
  [ChatActionType.acceptPhoneExchange]: z.unknown(),
  [ChatActionType.refusePhoneExchange]: z.unknown(),
  [ChatActionType.addToBlacklist]: z.unknown(),
  [ChatActionType.transferRequested]: ZChatTransferInfo,
  [ChatActionType.transferDone]: ZChatTransferDoneInfo,
  /** The uuid of the sender's own message being recalled. */
  [ChatActionType.recallMessage]: z.string({ error: invalid }).min(1, { error: invalid }).max(CHAT_UUID_MAX),
  [ChatActionType.markedNotInterested]: z.unknown(),
  [ChatActionType.transferAccepted]: ZChatTransferInfo,
  [ChatActionType.switchChatContact]: ZChatSwitchContactInfo,
  [ChatActionType.proxyPickedSpotGoods]: ZChatProxyPickedInfo,
  [ChatActionType.proxyFilledPurchaseOrder]: ZChatProxyOrderInfo,
  [ChatActionType.buyerAgreedStockQuote]: ZChatStockQuoteAgreedInfo,
  [ChatActionType.notifySupplierToQuote]: ZChatQuoteWantedInfo,
  [ChatActionType.buyerAgreedInquiryQuote]: ZChatInquiryQuoteAgreedInfo,
  [ChatActionType.notifyDesignatedInquirySupplier]: ZChatInquiryInfo,
  [ChatActionType.textNotice]: ZChatTextNoticeInfo,
} satisfies Record<(typeof ChatActionType)[keyof typeof ChatActionType], z.ZodType>;

/** Actions only the server sends; a client frame carrying one is refused. */
export const CHAT_SERVER_ONLY_ACTIONS: readonly number[] = [
  ChatActionType.transferDone,
  ChatActionType.proxyPickedSpotGoods,
  ChatActionType.proxyFilledPurchaseOrder,
  ChatActionType.buyerAgreedStockQuote,
  ChatActionType.notifySupplierToQuote,
  ChatActionType.buyerAgreedInquiryQuote,
  ChatActionType.notifyDesignatedInquirySupplier,
  ChatActionType.textNotice,
];

/** A trade action (11-16) or text notice (17) as the procurement and order modules send it, typed per action. */
export type TChatServerAction =
  | { type: typeof ChatActionType.proxyPickedSpotGoods; info: z.infer<typeof ZChatProxyPickedInfo> }
  | { type: typeof ChatActionType.proxyFilledPurchaseOrder; info: z.infer<typeof ZChatProxyOrderInfo> }
  | { type: typeof ChatActionType.buyerAgreedStockQuote; info: z.infer<typeof ZChatStockQuoteAgreedInfo> }
  | { type: typeof ChatActionType.notifySupplierToQuote; info: z.infer<typeof ZChatQuoteWantedInfo> }
  | { type: typeof ChatActionType.buyerAgreedInquiryQuote; info: z.infer<typeof ZChatInquiryQuoteAgreedInfo> }
  | { type: typeof ChatActionType.notifyDesignatedInquirySupplier; info: z.infer<typeof ZChatInquiryInfo> }
  | { type: typeof ChatActionType.textNotice; info: z.infer<typeof ZChatTextNoticeInfo> };

/** A colleague: another user of the caller's company (same rootId). */
export const ZChatColleague = z.object({
  userId: z.number(),
  nickName: z.string(),
  headImage: z.string(),
  /** The company owner (userId = rootId). */
  owner: z.boolean(),
});
export const ZChatColleagues = z.object({ list: z.array(ZChatColleague) });
export type TChatColleague = z.infer<typeof ZChatColleague>;

/** What chat_page needs to offer the right actions with one peer. */
export const ZChatPeerState = z.object({
  /** I blacklisted the peer (action 4); relation/unblock lifts it. */
  blocked: z.boolean(),
  /** The conversation's phone exchange (actions 1-3). */
  phoneExchange: z.enum(['none', 'requested', 'accepted', 'refused']),
  /** Who asked for the exchange, when there is one. */
  phoneRequestedBy: z.number().nullable(),
  /** The peer works for my company (transfer and switch are for outside peers only). */
  colleague: z.boolean(),
  /** I am the company owner (userId = rootId): I may switch any colleague's contact. */
  owner: z.boolean(),
  /** Outside users whose conversations this colleague (the peer) asked me to take over, still pending. */
  transfersToMe: z.array(z.number()),
  /** I marked the peer not interested and nothing was said since. */
  notInterested: z.boolean(),
  /** When the peer now talks to another colleague of mine (transfer or switch): that colleague. */
  handedTo: z.number().nullable(),
});
export type TChatPeerState = z.infer<typeof ZChatPeerState>;
