import {
  CHAT_CONTENT_SCHEMAS,
  CHAT_RECALL_WINDOW_SECONDS,
  ChatActionType,
  ChatContentType,
  type ChatContentTypeValue,
  ChatFrameType,
  ChatMessageStatus,
  CodeFlag,
  chatIdOf,
  isMessageKey,
  type Language,
  type MessageKey,
  PAGE_SIZE_DEFAULT,
  type TChatHistory,
  type TChatMessage,
  type TChatSendFrame,
  type TConversationPage,
  translate,
} from '@metal/shared';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf } from '../../platform/context';
import { deliverOnCommit } from '../../platform/delivery';
import { AppError } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import {
  applyAction,
  checkClientAction,
  conversationScope,
  listedFor,
  routedFrame,
  sameServedConversation,
} from './chat.actions';
import { completeContent, contentSummary } from './chat.content';
import { lockConversation } from './chat.lock';
import type { ProductLinkCheckers } from './chat.product-links';
import { chatBlocks, chatConversationStates, chatMessages, chatPhoneExchanges } from './chat.table';

type MessageRow = typeof chatMessages.$inferSelect;

const refused = (key: MessageKey) => new AppError(CodeFlag.invalidInput, key);

export function toChatMessage(row: MessageRow): TChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    info: row.info,
    notice: row.notice,
    sendDate: row.sendDate,
    sendUserId: row.sendUserId,
    receiveUserId: row.receiveUserId,
    type: row.type,
    uuid: row.uuid,
    status: row.status,
    recalled: row.recalledAt !== null,
    replaced: row.replacedAt !== null,
    ...(row.recalledAt ? { info: '{}' } : {}),
  };
}

/** The content of a message frame checked against its type's fields (SPEC §3); the first problem's key otherwise. */
function checkContent(type: ChatContentTypeValue, info: string): Record<string, unknown> {
  let content: unknown;
  try {
    content = JSON.parse(info);
  } catch {
    throw refused('chat.infoInvalid');
  }
  if (!content || typeof content !== 'object' || Array.isArray(content)) throw refused('chat.infoInvalid');
  const parsed = CHAT_CONTENT_SCHEMAS[type].safeParse(content);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message;
    throw refused(message && isMessageKey(message) ? message : 'chat.infoInvalid');
  }
  return parsed.data;
}

/**
 * Stores a message from `senderId` (PROTOCOL.md: store, then acknowledge). A uuid the sender already
 * used is not stored again: the stored message comes back with `duplicate` so it is only acknowledged.
 * `serverMade` are messages the server stored with it (action 6 after a transfer or switch of contact),
 * to be delivered as well.
 */
export async function storeMessage(input: {
  db: Database;
  clock: Clock;
  senderId: number;
  frame: TChatSendFrame;
  /** For content that refers to files and listings (chat.content.ts). */
  links: Pick<FileLinks, 'publicUrl'>;
  productLinks: ProductLinkCheckers;
  lang: Language;
  /**
   * Queues the message's push in the transaction that stores it (the socket's, for a receiver it holds no
   * connection of), so no commit leaves a message without its push; answers how many were queued.
   */
  queuePush?: (tx: Executor, message: TChatMessage) => Promise<number>;
}): Promise<{ message: TChatMessage; duplicate: boolean; pushesQueued: number }> {
  const { db, clock, senderId } = input;
  let { frame } = input;
  const existing = await findByUuid(db, senderId, frame.uuid);
  if (existing) return { message: toChatMessage(existing), duplicate: true, pushesQueued: 0 };

  if (frame.receiveUserId === senderId) throw refused('chat.receiverInvalid');
  if (frame.chatId !== chatIdOf(senderId, frame.receiveUserId)) throw refused('chat.chatIdInvalid');
  const content = checkContent(frame.type, frame.info);
  if (frame.type === ChatContentType.action) checkClientAction(content);
  frame = await routedFrame(db, senderId, frame);
  const action = frame.type === ChatContentType.action ? content.actionType : undefined;
  const recalled =
    action === ChatActionType.recallMessage ? await recallable({ db, clock }, { senderId, frame, content }) : undefined;
  // A recall goes where the message it names is: after a hand-over, the peer's message to the former
  // contact was stored in the conversation with the colleague serving them now, who is told of it.
  if (recalled && recalled.chatId !== frame.chatId) {
    frame = { ...frame, chatId: recalled.chatId, receiveUserId: recalled.receiveUserId };
  }
  const [receiver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, frame.receiveUserId), eq(users.status, 'active')));
  if (!receiver) throw refused('chat.receiverInvalid');
  const completed = await completeContent(
    { db, clock, links: input.links, productLinks: input.productLinks, lang: input.lang, senderId },
    frame.type,
    content,
  );
  const info = completed ? JSON.stringify(completed) : frame.info;
  const blocksReceiver = action === ChatActionType.addToBlacklist;

  const quoteSubject =
    frame.type === ChatContentType.stockOrderQuote
      ? `order:${String(content.orderId)}`
      : frame.type === ChatContentType.inquiryQuote
        ? `inquiry:${String(content.inquiryId)}`
        : null;

  const stored = await db.transaction(async (tx) => {
    await lockConversation(tx, frame.chatId);
    // Under the conversation's lock, which a blacklisting (action 4) holds too: a message sent while
    // the receiver blacklists the sender is either stored before it or refused.
    const [block] = await tx
      .select({ userId: chatBlocks.userId })
      .from(chatBlocks)
      .where(and(eq(chatBlocks.userId, frame.receiveUserId), eq(chatBlocks.blockedUserId, senderId)));
    if (block) throw new AppError(CodeFlag.forbidden, 'chat.blocked');
    const [row] = await tx
      .insert(chatMessages)
      .values({
        chatId: frame.chatId,
        uuid: frame.uuid,
        sendUserId: senderId,
        receiveUserId: frame.receiveUserId,
        type: frame.type,
        info,
        sendDate: Math.floor(clock.now().getTime() / 1000),
        status: ChatMessageStatus.stored,
        quoteSubject,
      })
      .onConflictDoNothing({ target: [chatMessages.sendUserId, chatMessages.uuid] })
      .returning();
    if (row && quoteSubject) {
      await tx
        .update(chatMessages)
        .set({ replacedAt: clock.now() })
        .where(
          and(
            eq(chatMessages.chatId, row.chatId),
            eq(chatMessages.quoteSubject, quoteSubject),
            lt(chatMessages.id, row.id),
            isNull(chatMessages.replacedAt),
          ),
        );
    }
    if (row && recalled) {
      await tx
        .update(chatMessages)
        .set({ recalledAt: clock.now() })
        .where(and(eq(chatMessages.id, recalled.id), isNull(chatMessages.recalledAt)));
    }
    if (row && action !== undefined) await applyPhoneExchange({ db: tx, clock }, { senderId, frame, action });
    const serverMade = row && action !== undefined ? await applyAction({ db: tx, clock }, { row, content }) : [];
    for (const made of serverMade) await deliverMessageOnCommit(tx, toChatMessage(made));
    if (row && blocksReceiver) {
      await tx
        .insert(chatBlocks)
        .values({ userId: senderId, blockedUserId: frame.receiveUserId })
        .onConflictDoNothing();
    }
    if (!row) return undefined;
    const message = toChatMessage(row);
    return { message, pushesQueued: input.queuePush ? await input.queuePush(tx, message) : 0 };
  });
  if (stored) return { ...stored, duplicate: false };
  // The same uuid came in on another connection at the same moment: that one stored it (and queued its push).
  const raced = await findByUuid(db, senderId, frame.uuid);
  if (!raced) throw new Error('chat message neither stored nor found');
  return { message: toChatMessage(raced), duplicate: true, pushesQueued: 0 };
}

const PHONE_ANSWERS: Partial<Record<number, 'accepted' | 'refused'>> = {
  [ChatActionType.acceptPhoneExchange]: 'accepted',
  [ChatActionType.refusePhoneExchange]: 'refused',
};

/**
 * Actions 1-3 move the conversation's phone exchange: a request (not once accepted), then the other
 * side's answer to a pending request. Throwing here rolls the action message back with it.
 */
async function applyPhoneExchange(
  { db: tx, clock }: ContextOf<'db' | 'clock'>,
  { senderId, frame, action }: { senderId: number; frame: TChatSendFrame; action: unknown },
) {
  const now = clock.now();
  if (action === ChatActionType.requestPhoneExchange) {
    const [current] = await tx.select().from(chatPhoneExchanges).where(eq(chatPhoneExchanges.chatId, frame.chatId));
    if (current?.status === 'accepted') throw new AppError(CodeFlag.conflict, 'chat.phonesAlreadyExchanged');
    await tx
      .insert(chatPhoneExchanges)
      .values({ chatId: frame.chatId, requestedBy: senderId, status: 'requested', updatedAt: now })
      .onConflictDoUpdate({
        target: chatPhoneExchanges.chatId,
        set: { requestedBy: senderId, status: 'requested', updatedAt: now },
      });
    return;
  }
  const answer = typeof action === 'number' ? PHONE_ANSWERS[action] : undefined;
  if (!answer) return;
  const answered = await tx
    .update(chatPhoneExchanges)
    .set({ status: answer, updatedAt: now })
    .where(
      and(
        eq(chatPhoneExchanges.chatId, frame.chatId),
        eq(chatPhoneExchanges.requestedBy, frame.receiveUserId),
        eq(chatPhoneExchanges.status, 'requested'),
      ),
    )
    .returning({ chatId: chatPhoneExchanges.chatId });
  if (answered.length === 0) throw new AppError(CodeFlag.conflict, 'chat.noPhoneRequest');
}

/** The peer's phone, once the two exchanged phones (action 2 accepted a request). */
export async function peerPhone(input: { db: Database; actor: Actor; peerId: number }) {
  const { db, actor, peerId } = input;
  requirePeer(actor, peerId);
  const [row] = await db
    .select({ phone: users.phone })
    .from(chatPhoneExchanges)
    .innerJoin(users, eq(users.id, peerId))
    .where(
      and(eq(chatPhoneExchanges.chatId, chatIdOf(actor.userId, peerId)), eq(chatPhoneExchanges.status, 'accepted')),
    );
  if (!row) throw new AppError(CodeFlag.forbidden, 'chat.phoneNotExchanged');
  return { phone: row.phone };
}

/**
 * The sender's own message in this conversation (or the one it was redirected to after a hand-over) that
 * a recall (action 7, actionInfo = its uuid) names, if still recallable.
 */
async function recallable(
  { db, clock }: ContextOf<'db' | 'clock'>,
  { senderId, frame, content }: { senderId: number; frame: TChatSendFrame; content: Record<string, unknown> },
) {
  const uuid = content.actionInfo;
  const target = typeof uuid === 'string' ? await findByUuid(db, senderId, uuid) : undefined;
  if (!target || !(await sameServedConversation(db, senderId, frame, target))) throw refused('chat.recallNotFound');
  const age = clock.now().getTime() / 1000 - target.sendDate;
  if (age > CHAT_RECALL_WINDOW_SECONDS) throw new AppError(CodeFlag.conflict, 'chat.recallExpired');
  return target;
}

async function findByUuid(db: Executor, senderId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sendUserId, senderId), eq(chatMessages.uuid, uuid)));
  return row;
}

function requirePeer(actor: Actor, peerId: number) {
  if (peerId === actor.userId)
    throw new AppError(CodeFlag.invalidInput, 'chat.peerInvalid', {}, { errors: { userId: 'chat.peerInvalid' } });
}

/** Messages up to this id are deleted for the user (0: none). */
const hiddenUntil = (userId: number) =>
  sql<number>`coalesce((select ${chatConversationStates.hiddenUntilId} from ${chatConversationStates}
    where ${chatConversationStates.userId} = ${userId} and ${chatConversationStates.chatId} = ${chatMessages.chatId}), 0)`;

const unreadTo = (userId: number) =>
  and(eq(chatMessages.receiveUserId, userId), lt(chatMessages.status, ChatMessageStatus.read));

export async function unreadSize(input: { db: Database; actor: Actor }): Promise<number> {
  const { db, actor } = input;
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(chatMessages)
    .where(and(unreadTo(actor.userId), gt(chatMessages.id, hiddenUntil(actor.userId))));
  return row?.n ?? 0;
}

/**
 * Marks the peer's messages to the actor read: the one named by uuid, or all of them. Answers the
 * uuids marked (empty when nothing changed), so the caller tells the peer only about real changes.
 */
export async function markRead(input: { db: Database; actor: Actor; peerId: number; uuid?: string }) {
  const { db, actor, peerId, uuid } = input;
  requirePeer(actor, peerId);
  const rows = await db
    .update(chatMessages)
    .set({ status: ChatMessageStatus.read })
    .where(
      and(
        unreadTo(actor.userId),
        eq(chatMessages.sendUserId, peerId),
        uuid === undefined ? undefined : eq(chatMessages.uuid, uuid),
      ),
    )
    .returning({ uuid: chatMessages.uuid });
  return rows.map((row) => row.uuid);
}

const SUMMARY_KEYS: Partial<Record<number, MessageKey>> = {
  [ChatContentType.image]: 'chat.summaryImage',
  [ChatContentType.file]: 'chat.summaryFile',
  [ChatContentType.voice]: 'chat.summaryVoice',
  [ChatContentType.location]: 'chat.summaryLocation',
  [ChatContentType.redPacket]: 'chat.summaryRedPacket',
  [ChatContentType.productLink]: 'chat.summaryProduct',
  [ChatContentType.action]: 'chat.summaryAction',
  [ChatContentType.stockOrderQuote]: 'chat.summaryStockQuote',
  [ChatContentType.inquiryQuote]: 'chat.summaryInquiryQuote',
};

/** What the conversation list says of an action (SPEC §3 action types), in words that read from either side. */
const ACTION_SUMMARY_KEYS: Partial<Record<number, MessageKey>> = {
  [ChatActionType.requestPhoneExchange]: 'chat.summaryPhoneRequest',
  [ChatActionType.acceptPhoneExchange]: 'chat.summaryPhoneAccepted',
  [ChatActionType.refusePhoneExchange]: 'chat.summaryPhoneRefused',
  [ChatActionType.transferRequested]: 'chat.summaryTransferRequested',
  [ChatActionType.transferAccepted]: 'chat.summaryTransferAccepted',
  [ChatActionType.transferDone]: 'chat.summaryContactChanged',
  [ChatActionType.switchChatContact]: 'chat.summaryContactChanged',
  [ChatActionType.markedNotInterested]: 'chat.summaryNotInterested',
  [ChatActionType.proxyPickedSpotGoods]: 'chat.summaryProxyPicked',
  [ChatActionType.proxyFilledPurchaseOrder]: 'chat.summaryProxyOrder',
  [ChatActionType.buyerAgreedStockQuote]: 'chat.summaryQuoteAgreed',
  [ChatActionType.buyerAgreedInquiryQuote]: 'chat.summaryQuoteAgreed',
  [ChatActionType.notifySupplierToQuote]: 'chat.summaryPleaseQuote',
  [ChatActionType.notifyDesignatedInquirySupplier]: 'chat.summaryPleaseQuote',
};

/** The conversation list's one-line text for a message (SPEC §7 "chat summary text per message type"). */
export function summaryOf(type: number, info: string, lang: Language): string {
  let content: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(info);
    if (parsed && typeof parsed === 'object') content = parsed as Record<string, unknown>;
  } catch {
    // Stored messages were checked on the way in; a row that still does not parse shows its type's text.
  }
  if (type === ChatContentType.text) return typeof content.mesg === 'string' ? content.mesg : '';
  const detailed = contentSummary(type, content, lang);
  if (detailed) return detailed;
  if (type === ChatContentType.news) {
    return translate('chat.summaryNews', lang, { title: typeof content.title === 'string' ? content.title : '' });
  }
  if (type === ChatContentType.action) {
    if (content.actionType === ChatActionType.recallMessage) return translate('chat.summaryRecalled', lang);
    const actionKey = typeof content.actionType === 'number' ? ACTION_SUMMARY_KEYS[content.actionType] : undefined;
    if (actionKey) return translate(actionKey, lang);
    if (
      content.actionType === ChatActionType.textNotice &&
      typeof content.actionInfo === 'string' &&
      content.actionInfo
    ) {
      return content.actionInfo;
    }
  }
  const key = SUMMARY_KEYS[type];
  return key ? translate(key, lang) : '';
}

export async function conversations(input: {
  db: Database;
  actor: Actor;
  lang: Language;
  page?: number;
  pageSize?: number;
}): Promise<TConversationPage> {
  const { db, actor, lang } = input;
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const me = actor.userId;
  const lastId = sql<number>`max(${chatMessages.id})`.mapWith(Number);
  const groups = await db
    .select({
      chatId: chatMessages.chatId,
      lastId,
      unread: sql<number>`count(*) filter (where ${unreadTo(me)})`.mapWith(Number),
    })
    .from(chatMessages)
    .where(
      and(
        or(eq(chatMessages.sendUserId, me), eq(chatMessages.receiveUserId, me)),
        gt(chatMessages.id, hiddenUntil(me)),
      ),
    )
    .groupBy(chatMessages.chatId)
    .having(listedFor(me))
    .orderBy(desc(lastId))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const shown = groups.slice(0, pageSize);
  if (shown.length === 0) return { list: [], page, hasMore: false };

  const lastRows = await db
    .select()
    .from(chatMessages)
    .where(
      inArray(
        chatMessages.id,
        shown.map((g) => g.lastId),
      ),
    );
  const lastById = new Map(lastRows.map((row) => [row.id, row]));
  const peerIds = lastRows.map((row) => (row.sendUserId === me ? row.receiveUserId : row.sendUserId));
  const peers = await db
    .select({ id: users.id, nickName: users.nickName, head: users.head })
    .from(users)
    .where(inArray(users.id, peerIds));
  const peerById = new Map(peers.map((p) => [p.id, p]));

  const list = shown.flatMap((group) => {
    const last = lastById.get(group.lastId);
    if (!last) return [];
    const peerId = last.sendUserId === me ? last.receiveUserId : last.sendUserId;
    const peer = peerById.get(peerId);
    return [
      {
        userId: peerId,
        chatId: group.chatId,
        nickName: peer?.nickName ?? '',
        headImage: peer?.head ?? '',
        message: summaryOf(last.type, last.info, lang),
        lastType: last.type,
        unreadSize: group.unread,
        sendDate: last.sendDate,
      },
    ];
  });
  return { list, page, hasMore: groups.length > pageSize };
}

/**
 * Messages between the actor and a peer, oldest first within the page: the newest page, the page
 * before `beforeId`, or the page after `afterId`. The conversation is the actor's own by construction
 * (its id is made from the actor's userId), so nobody reads a conversation they are not part of.
 */
export async function history(input: {
  db: Database;
  actor: Actor;
  peerId: number;
  beforeId?: number;
  afterId?: number;
  pageSize?: number;
}): Promise<TChatHistory> {
  const { db, actor, peerId, beforeId, afterId } = input;
  requirePeer(actor, peerId);
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const forward = afterId !== undefined;
  const rows = await db
    .select()
    .from(chatMessages)
    .where(
      and(
        await conversationScope(db, actor.userId, peerId),
        gt(chatMessages.id, hiddenUntil(actor.userId)),
        beforeId === undefined ? undefined : lt(chatMessages.id, beforeId),
        afterId === undefined ? undefined : gt(chatMessages.id, afterId),
      ),
    )
    .orderBy(forward ? asc(chatMessages.id) : desc(chatMessages.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  if (!forward) page.reverse();
  return { list: page.map(toChatMessage), hasMore: rows.length > pageSize };
}

/** Hides the conversation's messages so far for the actor only; the peer keeps them. */
export async function deleteConversation(input: { db: Database; clock: Clock; actor: Actor; peerId: number }) {
  const { db, clock, actor, peerId } = input;
  requirePeer(actor, peerId);
  const chatId = chatIdOf(actor.userId, peerId);
  const [last] = await db
    .select({ id: sql<number | null>`max(${chatMessages.id})`.mapWith(Number) })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId));
  if (!last?.id) return null;
  await db
    .insert(chatConversationStates)
    .values({ userId: actor.userId, chatId, hiddenUntilId: last.id, updatedAt: clock.now() })
    .onConflictDoUpdate({
      target: [chatConversationStates.userId, chatConversationStates.chatId],
      set: { hiddenUntilId: last.id, updatedAt: clock.now() },
    });
  return null;
}

/** Lets a user the actor blocked (action 4) message the actor again. */
export async function unblock(input: { db: Database; actor: Actor; peerId: number }) {
  const { db, actor, peerId } = input;
  requirePeer(actor, peerId);
  await db.delete(chatBlocks).where(and(eq(chatBlocks.userId, actor.userId), eq(chatBlocks.blockedUserId, peerId)));
  return null;
}

/** A stored message as its sender's and receiver's connections get it. */
export const messageFrame = (message: TChatMessage) => ({ type: ChatFrameType.message, info: JSON.stringify(message) });

/** Inside the storing transaction: the message reaches every connection of its sender and receiver once it commits. */
export async function deliverMessageOnCommit(tx: Executor, message: TChatMessage): Promise<void> {
  await deliverOnCommit(tx, { userIds: [message.receiveUserId, message.sendUserId], frame: messageFrame(message) });
}
