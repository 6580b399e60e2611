import { randomUUID } from 'node:crypto';
import {
  CHAT_ACTION_INFO_SCHEMAS,
  CHAT_SERVER_ONLY_ACTIONS,
  ChatActionType,
  ChatContentType,
  ChatMessageStatus,
  CodeFlag,
  chatIdOf,
  type TChatPeerState,
  type TChatSendFrame,
} from '@metal/shared';
import { and, asc, desc, eq, lt, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { memberMayAct, staffMemberOfUser } from '../staff/staff.access';
import { staffMembers } from '../staff/staff.table';
import { lockConversation } from './chat.lock';
import {
  chatBlocks,
  chatHandovers,
  chatMessages,
  chatNotInterested,
  chatPhoneExchanges,
  chatTransfers,
} from './chat.table';

/*
 * Actions 5, 6, 8, 9 and 10 (SPEC §3) and the hand-over of outside users between colleagues.
 *
 * Transfer: staff member A, serving outside user P, sends action 5 {peerId: P} to colleague C (same
 * rootId). C answers with action 9 {peerId: P} to A while the request is pending. The server then
 * stores action 6 {fromUserId: A, toUserId: C, reason: 'transfer'} from C to P, so P's list shows C.
 * From then on P's content messages (every type but actions, which answer or undo something in the
 * old conversation) addressed to A are stored as messages to C, and C reads A's conversation with P
 * up to the hand-over in relation/history. P may recall (action 7) such a redirected message from either
 * conversation within the usual window: the recall is stored beside it, in C's, and C hears of it.
 * Switch contact: the current contact (or the company owner, naming the contact in fromUserId) sends
 * action 10 {contactUserId: C, fromUserId?} to P; the hand-over is the same, with reason 'switch'.
 */

type MessageRow = typeof chatMessages.$inferSelect;

const invalid = () => new AppError(CodeFlag.invalidInput, 'chat.actionInfoInvalid');

/** Refuses actions only the server sends, and actionInfo that does not fit its action (before anything is stored). */
export function checkClientAction(content: Record<string, unknown>) {
  const actionType = content.actionType as keyof typeof CHAT_ACTION_INFO_SCHEMAS;
  if (CHAT_SERVER_ONLY_ACTIONS.includes(actionType)) throw new AppError(CodeFlag.forbidden, 'chat.actionServerOnly');
  if (!CHAT_ACTION_INFO_SCHEMAS[actionType].safeParse(content.actionInfo).success) throw invalid();
}

/**
 * The user an outside peer's content message goes to: the colleague who now serves the peer when the
 * addressed staff member handed them over, else the one addressed.
 */
export async function routedFrame(db: Executor, senderId: number, frame: TChatSendFrame): Promise<TChatSendFrame> {
  if (frame.type === ChatContentType.action) return frame;
  const [handover] = await db
    .select({ currentUserId: chatHandovers.currentUserId })
    .from(chatHandovers)
    .where(and(eq(chatHandovers.peerId, senderId), eq(chatHandovers.formerUserId, frame.receiveUserId)));
  if (!handover) return frame;
  return { ...frame, receiveUserId: handover.currentUserId, chatId: chatIdOf(senderId, handover.currentUserId) };
}

/** Who serves outside user `peerId` in place of `userId`: the colleague `userId` handed them to, else `userId`. */
async function servingInPlaceOf(db: Executor, peerId: number, userId: number) {
  const [handover] = await db
    .select({ currentUserId: chatHandovers.currentUserId })
    .from(chatHandovers)
    .where(and(eq(chatHandovers.peerId, peerId), eq(chatHandovers.formerUserId, userId)));
  return handover?.currentUserId ?? userId;
}

/**
 * Whether the sender's message `target` belongs to the conversation a frame of theirs addresses: the same
 * conversation, or, for an outside user whose contact handed them over, the one their messages to the
 * former contact were redirected to (both receivers are served by the same colleague now).
 */
export async function sameServedConversation(
  db: Executor,
  senderId: number,
  frame: Pick<TChatSendFrame, 'chatId' | 'receiveUserId'>,
  target: Pick<MessageRow, 'chatId' | 'receiveUserId'>,
) {
  if (target.chatId === frame.chatId) return true;
  if (target.receiveUserId === senderId || frame.receiveUserId === senderId) return false;
  const [servingTarget, servingFrame] = await Promise.all([
    servingInPlaceOf(db, senderId, target.receiveUserId),
    servingInPlaceOf(db, senderId, frame.receiveUserId),
  ]);
  return servingTarget === servingFrame;
}

async function activeUser(db: Executor, userId: number) {
  const [user] = await db
    .select({ id: users.id, rootId: users.rootId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.status, 'active')));
  return user;
}

/** The newest message of a conversation before `beforeId` (all of it without), or undefined for none. */
async function lastMessageId(db: Executor, chatId: string, beforeId?: number) {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), beforeId === undefined ? undefined : lt(chatMessages.id, beforeId)))
    .orderBy(desc(chatMessages.id))
    .limit(1);
  return row?.id;
}

/** Staff member `staffId` talks with `peerId` and has not handed them over. */
async function requireCurrentContact(db: Executor, staffId: number, peerId: number, beforeId: number) {
  if ((await lastMessageId(db, chatIdOf(staffId, peerId), beforeId)) === undefined) {
    throw new AppError(CodeFlag.conflict, 'chat.noConversation');
  }
  const [gone] = await db
    .select({ currentUserId: chatHandovers.currentUserId })
    .from(chatHandovers)
    .where(and(eq(chatHandovers.peerId, peerId), eq(chatHandovers.formerUserId, staffId)));
  if (gone) throw new AppError(CodeFlag.conflict, 'chat.notCurrentContact');
}

/** An active user who is not a disabled or removed employee: one who can still log in and answer. */
async function actingUser(db: Executor, userId: number) {
  const [user] = await db
    .select({ id: users.id, rootId: users.rootId })
    .from(users)
    .leftJoin(staffMembers, staffMemberOfUser)
    .where(and(eq(users.id, userId), eq(users.status, 'active'), memberMayAct));
  return user;
}

/** Staff member and colleague of one company, and a peer outside it. */
async function requireColleagues(db: Executor, staffId: number, colleagueId: number, peerId: number) {
  // A colleague who left could never read what the peer writes from then on.
  const [staff, colleague, peer] = await Promise.all([
    activeUser(db, staffId),
    actingUser(db, colleagueId),
    activeUser(db, peerId),
  ]);
  if (!staff || !peer) throw invalid();
  if (!colleague || colleague.rootId !== staff.rootId || colleague.id === staff.id) {
    throw new AppError(CodeFlag.forbidden, 'chat.notColleague');
  }
  if (peer.rootId === staff.rootId) throw new AppError(CodeFlag.invalidInput, 'chat.peerIsColleague');
  return { staff, colleague, peer };
}

/**
 * Hands outside user `peerId` from staff member `fromUserId` to colleague `toUserId` and stores the
 * action 6 message from the new contact to the peer, which the caller delivers after commit.
 */
export async function handOver(
  tx: Executor,
  clock: Clock,
  input: { peerId: number; fromUserId: number; toUserId: number; reason: 'transfer' | 'switch' },
): Promise<MessageRow> {
  const { peerId, fromUserId, toUserId, reason } = input;
  const now = clock.now();
  const upTo = (await lastMessageId(tx, chatIdOf(fromUserId, peerId))) ?? 0;
  await tx
    .update(chatHandovers)
    .set({ currentUserId: toUserId, updatedAt: now })
    .where(and(eq(chatHandovers.peerId, peerId), eq(chatHandovers.currentUserId, fromUserId)));
  await tx
    .insert(chatHandovers)
    .values({ peerId, formerUserId: fromUserId, currentUserId: toUserId, upToMessageId: upTo, reason, updatedAt: now })
    .onConflictDoUpdate({
      target: [chatHandovers.peerId, chatHandovers.formerUserId],
      set: { currentUserId: toUserId, upToMessageId: upTo, reason, updatedAt: now },
    });
  // The new contact serves the peer directly again if they had been handed away before.
  await tx.delete(chatHandovers).where(and(eq(chatHandovers.peerId, peerId), eq(chatHandovers.formerUserId, toUserId)));
  await tx
    .update(chatTransfers)
    .set({ status: 'replaced', updatedAt: now })
    .where(
      and(
        eq(chatTransfers.fromUserId, fromUserId),
        eq(chatTransfers.peerId, peerId),
        eq(chatTransfers.status, 'requested'),
      ),
    );
  await lockConversation(tx, chatIdOf(toUserId, peerId));
  const [done] = await tx
    .insert(chatMessages)
    .values({
      chatId: chatIdOf(toUserId, peerId),
      uuid: `server-${randomUUID()}`,
      sendUserId: toUserId,
      receiveUserId: peerId,
      type: ChatContentType.action,
      info: JSON.stringify({ actionType: ChatActionType.transferDone, actionInfo: { fromUserId, toUserId, reason } }),
      sendDate: Math.floor(now.getTime() / 1000),
      status: ChatMessageStatus.stored,
    })
    .returning();
  if (!done) throw new Error('transfer-done message not stored');
  return done;
}

/**
 * The effects of actions 5, 8, 9 and 10 once their message `row` is stored in `tx`; throwing rolls
 * the message back with them. Answers the messages the server made on the way (action 6), for the
 * caller to deliver after commit.
 */
export async function applyAction(
  { db: tx, clock }: ContextOf<'db' | 'clock'>,
  { row, content }: { row: MessageRow; content: Record<string, unknown> },
): Promise<MessageRow[]> {
  const senderId = row.sendUserId;
  const receiverId = row.receiveUserId;
  const now = clock.now();
  switch (content.actionType) {
    case ChatActionType.transferRequested: {
      const { peerId } = CHAT_ACTION_INFO_SCHEMAS[ChatActionType.transferRequested].parse(content.actionInfo);
      await requireColleagues(tx, senderId, receiverId, peerId);
      await requireCurrentContact(tx, senderId, peerId, row.id);
      const [pending] = await tx
        .update(chatTransfers)
        .set({ status: 'replaced', updatedAt: now })
        .where(
          and(
            eq(chatTransfers.fromUserId, senderId),
            eq(chatTransfers.peerId, peerId),
            eq(chatTransfers.status, 'requested'),
          ),
        )
        .returning({ toUserId: chatTransfers.toUserId });
      if (pending?.toUserId === receiverId) throw new AppError(CodeFlag.conflict, 'chat.transferPending');
      // A request made at the same moment on another connection holds the one pending place.
      const inserted = await tx
        .insert(chatTransfers)
        .values({
          fromUserId: senderId,
          toUserId: receiverId,
          peerId,
          status: 'requested',
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({
          target: [chatTransfers.fromUserId, chatTransfers.peerId],
          where: sql`${chatTransfers.status} = 'requested'`,
        })
        .returning({ id: chatTransfers.id });
      if (inserted.length === 0) throw new AppError(CodeFlag.conflict, 'chat.transferPending');
      return [];
    }
    case ChatActionType.transferAccepted: {
      const { peerId } = CHAT_ACTION_INFO_SCHEMAS[ChatActionType.transferAccepted].parse(content.actionInfo);
      const accepted = await tx
        .update(chatTransfers)
        .set({ status: 'accepted', updatedAt: now })
        .where(
          and(
            eq(chatTransfers.fromUserId, receiverId),
            eq(chatTransfers.toUserId, senderId),
            eq(chatTransfers.peerId, peerId),
            eq(chatTransfers.status, 'requested'),
          ),
        )
        .returning({ id: chatTransfers.id });
      if (accepted.length === 0) throw new AppError(CodeFlag.conflict, 'chat.noTransferRequest');
      // Still colleagues, and the peer still A's, at the moment of accepting.
      await requireColleagues(tx, receiverId, senderId, peerId);
      await requireCurrentContact(tx, receiverId, peerId, row.id);
      return [await handOver(tx, clock, { peerId, fromUserId: receiverId, toUserId: senderId, reason: 'transfer' })];
    }
    case ChatActionType.switchChatContact: {
      const info = CHAT_ACTION_INFO_SCHEMAS[ChatActionType.switchChatContact].parse(content.actionInfo);
      const peerId = receiverId;
      const fromUserId = info.fromUserId ?? senderId;
      const { staff } = await requireColleagues(tx, senderId, info.contactUserId, peerId);
      if (fromUserId !== senderId) {
        if (staff.id !== staff.rootId) throw new AppError(CodeFlag.forbidden, 'chat.switchNotAllowed');
        const from = await activeUser(tx, fromUserId);
        if (!from || from.rootId !== staff.rootId) throw new AppError(CodeFlag.forbidden, 'chat.notColleague');
      }
      if (fromUserId === info.contactUserId) throw new AppError(CodeFlag.conflict, 'chat.alreadyContact');
      await requireCurrentContact(tx, fromUserId, peerId, row.id);
      return [await handOver(tx, clock, { peerId, fromUserId, toUserId: info.contactUserId, reason: 'switch' })];
    }
    case ChatActionType.markedNotInterested: {
      const before = await lastMessageId(tx, row.chatId, row.id);
      if (before === undefined) throw new AppError(CodeFlag.conflict, 'chat.noConversation');
      const [marked] = await tx
        .select({ untilId: chatNotInterested.untilId })
        .from(chatNotInterested)
        .where(and(eq(chatNotInterested.userId, senderId), eq(chatNotInterested.chatId, row.chatId)));
      if (marked && marked.untilId >= before) throw new AppError(CodeFlag.conflict, 'chat.alreadyNotInterested');
      await tx
        .insert(chatNotInterested)
        .values({ userId: senderId, chatId: row.chatId, untilId: row.id, updatedAt: now })
        .onConflictDoUpdate({
          target: [chatNotInterested.userId, chatNotInterested.chatId],
          set: { untilId: row.id, updatedAt: now },
        });
      return [];
    }
    default:
      return [];
  }
}

/** Conversation groups (by chatId) the user marked not interested with nothing newer stay out of the list. */
export function listedFor(userId: number): SQL {
  return sql`max(${chatMessages.id}) > coalesce((select ${chatNotInterested.untilId} from ${chatNotInterested}
    where ${chatNotInterested.userId} = ${userId} and ${chatNotInterested.chatId} = ${chatMessages.chatId}), 0)`;
}

/**
 * The messages `userId` may read with `peerId`: their own conversation, and the conversations of the
 * colleagues who handed the peer to them, up to each hand-over.
 */
export async function conversationScope(db: Executor, userId: number, peerId: number): Promise<SQL | undefined> {
  const handed = await db
    .select({ formerUserId: chatHandovers.formerUserId, upTo: chatHandovers.upToMessageId })
    .from(chatHandovers)
    .where(and(eq(chatHandovers.peerId, peerId), eq(chatHandovers.currentUserId, userId)));
  return or(
    eq(chatMessages.chatId, chatIdOf(userId, peerId)),
    ...handed.map((h) => and(eq(chatMessages.chatId, chatIdOf(h.formerUserId, peerId)), lte(chatMessages.id, h.upTo))),
  );
}

/** The other active users of the actor's company, owner first. */
export async function colleagues(input: { db: Database; actor: Actor }) {
  const { db, actor } = input;
  const rows = await db
    .select({ userId: users.id, nickName: users.nickName, headImage: users.head, rootId: users.rootId })
    .from(users)
    .leftJoin(staffMembers, staffMemberOfUser)
    // Disabled or removed employees take no hand-overs.
    .where(and(eq(users.rootId, actor.rootId), ne(users.id, actor.userId), eq(users.status, 'active'), memberMayAct))
    .orderBy(sql`${users.id} = ${users.rootId} desc`, asc(users.id));
  return {
    list: rows.map(({ rootId, ...row }) => ({ ...row, owner: row.userId === rootId })),
  };
}

/** relation/peer_state: what chat_page offers with this peer. */
export async function peerState(input: { db: Database; actor: Actor; peerId: number }): Promise<TChatPeerState> {
  const { db, actor, peerId } = input;
  if (peerId === actor.userId) {
    throw new AppError(CodeFlag.invalidInput, 'chat.peerInvalid', {}, { errors: { userId: 'chat.peerInvalid' } });
  }
  const chatId = chatIdOf(actor.userId, peerId);
  const [peer] = await db.select({ rootId: users.rootId }).from(users).where(eq(users.id, peerId));
  if (!peer) throw new AppError(CodeFlag.notFound, 'chat.receiverInvalid');
  const [block, exchange, transfers, notInterested, handover, newest] = await Promise.all([
    db
      .select({ userId: chatBlocks.userId })
      .from(chatBlocks)
      .where(and(eq(chatBlocks.userId, actor.userId), eq(chatBlocks.blockedUserId, peerId))),
    db.select().from(chatPhoneExchanges).where(eq(chatPhoneExchanges.chatId, chatId)),
    db
      .select({ peerId: chatTransfers.peerId })
      .from(chatTransfers)
      .where(
        and(
          eq(chatTransfers.fromUserId, peerId),
          eq(chatTransfers.toUserId, actor.userId),
          eq(chatTransfers.status, 'requested'),
        ),
      )
      .orderBy(asc(chatTransfers.id)),
    db
      .select({ untilId: chatNotInterested.untilId })
      .from(chatNotInterested)
      .where(and(eq(chatNotInterested.userId, actor.userId), eq(chatNotInterested.chatId, chatId))),
    db
      .select({ currentUserId: chatHandovers.currentUserId })
      .from(chatHandovers)
      .where(and(eq(chatHandovers.peerId, actor.userId), eq(chatHandovers.formerUserId, peerId))),
    lastMessageId(db, chatId),
  ]);
  const phone = exchange[0];
  const marked = notInterested[0];
  return {
    blocked: block.length > 0,
    phoneExchange: phone?.status ?? 'none',
    phoneRequestedBy: phone?.requestedBy ?? null,
    colleague: peer.rootId === actor.rootId,
    owner: actor.userId === actor.rootId,
    transfersToMe: transfers.map((t) => t.peerId),
    notInterested: marked !== undefined && newest !== undefined && marked.untilId >= newest,
    handedTo: handover[0]?.currentUserId ?? null,
  };
}
