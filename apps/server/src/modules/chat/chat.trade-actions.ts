import { randomUUID } from 'node:crypto';
import {
  CHAT_ACTION_INFO_SCHEMAS,
  ChatContentType,
  ChatMessageStatus,
  chatIdOf,
  type TChatMessage,
  type TChatServerAction,
} from '@metal/shared';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { lockConversation } from './chat.lock';
import { deliverMessageOnCommit, toChatMessage } from './chat.service';
import { chatMessages } from './chat.table';

/**
 * Trade actions (11-16) and text notices (17) are told by the server, never by a client (the socket
 * refuses them): the procurement and order modules call `sendTradeAction` inside their own
 * transaction, so the message is stored exactly when their change commits and is delivered to both
 * sides' connections then (`deliverOnCommit`). Should the process stop between the two, the message
 * is still stored, and the receiver's client fetches it over relation/history when it (re)connects,
 * as with every message that arrives while a user is offline (PROTOCOL.md "Delivery").
 *
 * ```ts
 * await db.transaction(async (tx) => {
 *   // … the inquiry's own changes …
 *   await sendTradeAction(tx, clock, { fromUserId: buyerId, toUserId: supplierId,
 *     action: { type: ChatActionType.buyerAgreedInquiryQuote, info: { inquiryId, quoteId } } });
 * });
 * ```
 */
export async function sendTradeAction(
  tx: Executor,
  clock: Clock,
  input: { fromUserId: number; toUserId: number; action: TChatServerAction },
): Promise<TChatMessage> {
  const { fromUserId, toUserId, action } = input;
  if (fromUserId === toUserId) throw new Error('a chat action needs two different users');
  const actionInfo = CHAT_ACTION_INFO_SCHEMAS[action.type].parse(action.info);
  await lockConversation(tx, chatIdOf(fromUserId, toUserId));
  const [row] = await tx
    .insert(chatMessages)
    .values({
      chatId: chatIdOf(fromUserId, toUserId),
      uuid: `server-${randomUUID()}`,
      sendUserId: fromUserId,
      receiveUserId: toUserId,
      type: ChatContentType.action,
      info: JSON.stringify({ actionType: action.type, actionInfo }),
      sendDate: Math.floor(clock.now().getTime() / 1000),
      status: ChatMessageStatus.stored,
    })
    .returning();
  if (!row) throw new Error('chat action not stored');
  const message = toChatMessage(row);
  await deliverMessageOnCommit(tx, message);
  return message;
}

/**
 * A quote message (content type 11, SPEC §3) from a supplier to a buyer, stored in the quoting
 * transaction like a trade action, that replaces the earlier quote message for the same inquiry in
 * their conversation (SPEC §4), as a client-sent one does; delivered when the transaction commits.
 */
export async function sendInquiryQuoteMessage(
  tx: Executor,
  clock: Clock,
  input: { fromUserId: number; toUserId: number; inquiryId: number; quoteId: number },
): Promise<TChatMessage> {
  const { inquiryId, quoteId } = input;
  return sendQuoteMessage(tx, clock, {
    ...input,
    type: ChatContentType.inquiryQuote,
    info: { inquiryId, quoteId },
    quoteSubject: `inquiry:${inquiryId}`,
  });
}

/**
 * A stock-order quote message (content type 10, SPEC §3) from the seller to the buyer, stored in the
 * order's quoting transaction; it replaces the earlier quote message for the same order (SPEC §4).
 */
export async function sendStockOrderQuoteMessage(
  tx: Executor,
  clock: Clock,
  input: { fromUserId: number; toUserId: number; orderId: number; orderNo: string; version: number; totalFen: number },
): Promise<TChatMessage> {
  const { orderId, orderNo, version, totalFen } = input;
  return sendQuoteMessage(tx, clock, {
    ...input,
    type: ChatContentType.stockOrderQuote,
    // The card names the order as people do (its number) and shows what the quote comes to.
    info: { orderId, orderNo, version, totalFen },
    quoteSubject: `order:${orderId}`,
  });
}

async function sendQuoteMessage(
  tx: Executor,
  clock: Clock,
  input: {
    fromUserId: number;
    toUserId: number;
    type: typeof ChatContentType.inquiryQuote | typeof ChatContentType.stockOrderQuote;
    info: Record<string, number | string>;
    quoteSubject: string;
  },
): Promise<TChatMessage> {
  const { fromUserId, toUserId, quoteSubject } = input;
  const chatId = chatIdOf(fromUserId, toUserId);
  await lockConversation(tx, chatId);
  const [row] = await tx
    .insert(chatMessages)
    .values({
      chatId,
      uuid: `server-${randomUUID()}`,
      sendUserId: fromUserId,
      receiveUserId: toUserId,
      type: input.type,
      info: JSON.stringify(input.info),
      sendDate: Math.floor(clock.now().getTime() / 1000),
      status: ChatMessageStatus.stored,
      quoteSubject,
    })
    .returning();
  if (!row) throw new Error('quote message not stored');
  await tx
    .update(chatMessages)
    .set({ replacedAt: clock.now() })
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        eq(chatMessages.quoteSubject, quoteSubject),
        lt(chatMessages.id, row.id),
        isNull(chatMessages.replacedAt),
      ),
    );
  const message = toChatMessage(row);
  await deliverMessageOnCommit(tx, message);
  return message;
}
