import {
  CodeFlag,
  chatIdOf,
  compareContactNames,
  initialLetter,
  isMobile,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TContact,
  type TContactGroup,
  type TContactPage,
  type TFriendRequestPage,
  type TFriendRequestResult,
  type TUserCard,
} from '@metal/shared';
import { and, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf } from '../../platform/context';
import { AppError, invalid } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { lockConversation } from '../chat/chat.lock';
import { chatBlocks } from '../chat/chat.table';
import { companies } from '../companies/companies.table';
import { sendNotice } from '../notices/notices.service';
import { maskAccount, userCard } from '../shops/shops.service';
import { contactGroupMembers, contactGroups, friendRequests, friendships } from './contacts.table';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** A user others may find and befriend: active and not an operator. */
const befriendable = and(eq(users.status, 'active'), sql`${users.operatorRole} is null`);

/**
 * Requests and answers of one pair run one at a time, so two people asking each other at once end as one
 * friendship. The pair's key is their conversation's id, and the lock is the conversation's, which a
 * blacklisting (chat action 4) holds too: a request at the moment of blacklisting is stored before it,
 * or waits for it and is refused.
 */
const lockPair = (tx: Executor, pairKey: string) => lockConversation(tx, pairKey);

/** A user's group saves run one at a time, so two saves cannot both take a free name. */
const lockGroups = (tx: Executor, userId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('contacts.groups'), ${userId})`);

/**
 * `relation/find_user`: the card of the one user with exactly this phone (a mobile number), or else
 * with this account. One exact match or none, so the search cannot list users.
 */
export async function findUser(input: {
  db: Database;
  actor: Actor;
  lang: Language;
  keyword: string;
}): Promise<TUserCard> {
  const { db, actor, lang, keyword } = input;
  const byPhone = isMobile(keyword)
    ? await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.phone, keyword), befriendable))
    : [];
  const found =
    byPhone[0] ??
    (
      await db
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.account}) = lower(${keyword})`, befriendable))
    )[0];
  if (!found) throw new AppError(CodeFlag.notFound, 'contacts.userNotFound');
  return userCard({ db, actor, lang, userId: found.id });
}

async function isBlockedEitherWay(db: Executor, a: number, b: number) {
  const [block] = await db
    .select({ userId: chatBlocks.userId })
    .from(chatBlocks)
    .where(
      or(
        and(eq(chatBlocks.userId, a), eq(chatBlocks.blockedUserId, b)),
        and(eq(chatBlocks.userId, b), eq(chatBlocks.blockedUserId, a)),
      ),
    )
    .limit(1);
  return block !== undefined;
}

/** Both sides of a friendship, each with their own remark (kept if it already exists). */
async function befriend(tx: Executor, now: Date, a: { userId: number; remark: string }, b: typeof a) {
  await tx
    .insert(friendships)
    .values([
      { userId: a.userId, friendId: b.userId, remark: a.remark, createdAt: now },
      { userId: b.userId, friendId: a.userId, remark: b.remark, createdAt: now },
    ])
    .onConflictDoNothing();
}

async function nickNameOf(db: Executor, userId: number) {
  const [user] = await db.select({ nickName: users.nickName }).from(users).where(eq(users.id, userId));
  return user?.nickName ?? '';
}

/**
 * `relation/friend_request`: one pending request per pair. Asking someone who had already asked me
 * accepts theirs: we become friends and they get the notice an accept sends.
 */
export async function sendFriendRequest(input: {
  db: Database;
  clock: Clock;
  actor: Actor;
  userId: number;
  message: string;
  remark: string;
}): Promise<TFriendRequestResult> {
  const { db, clock, actor, userId, message, remark } = input;
  if (userId === actor.userId) throw invalid('contacts.requestSelf', 'userId');
  const [target] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), befriendable));
  if (!target) throw new AppError(CodeFlag.notFound, 'contacts.userNotFound');
  const pairKey = chatIdOf(actor.userId, userId);
  return db.transaction(async (tx) => {
    await lockPair(tx, pairKey);
    if (await isBlockedEitherWay(tx, actor.userId, userId)) {
      throw new AppError(CodeFlag.forbidden, 'contacts.requestBlocked');
    }
    if (await friendshipExists(tx, actor.userId, userId)) {
      throw new AppError(CodeFlag.conflict, 'contacts.alreadyFriends');
    }
    const [pending] = await tx
      .select()
      .from(friendRequests)
      .where(and(eq(friendRequests.pairKey, pairKey), eq(friendRequests.status, 'pending')));
    if (pending?.fromUserId === actor.userId) throw new AppError(CodeFlag.conflict, 'contacts.requestPending');
    if (pending) {
      await acceptRequest({ db: tx, clock }, { request: pending, receiverRemark: remark });
      return { status: 'accepted' as const };
    }
    await tx.insert(friendRequests).values({
      fromUserId: actor.userId,
      toUserId: userId,
      pairKey,
      message,
      remark,
      createdAt: clock.now(),
    });
    return { status: 'pending' as const };
  });
}

async function friendshipExists(db: Executor, a: number, b: number) {
  const [row] = await db
    .select({ userId: friendships.userId })
    .from(friendships)
    .where(and(eq(friendships.userId, a), eq(friendships.friendId, b)));
  return row !== undefined;
}

/** Makes the pair friends and tells the requester; `receiverRemark` is what the one accepting calls them. */
async function acceptRequest(
  { db: tx, clock }: ContextOf<'db' | 'clock'>,
  { request, receiverRemark }: { request: typeof friendRequests.$inferSelect; receiverRemark: string },
) {
  const now = clock.now();
  await tx.update(friendRequests).set({ status: 'accepted', answeredAt: now }).where(eq(friendRequests.id, request.id));
  await befriend(
    tx,
    now,
    { userId: request.fromUserId, remark: request.remark },
    { userId: request.toUserId, remark: receiverRemark },
  );
  await sendNotice(tx, clock, {
    userId: request.fromUserId,
    messageKey: 'notice.friendAccepted',
    params: { name: await nickNameOf(tx, request.toUserId) },
    subject: `friend:${request.toUserId}`,
    senderId: request.toUserId,
  });
}

/** `relation/friend_requests`: requests I received, newest first, and how many wait for my answer. */
export async function receivedRequests(input: {
  db: Database;
  actor: Actor;
  page?: number;
  pageSize?: number;
}): Promise<TFriendRequestPage> {
  const { db, actor } = input;
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const [rows, [waiting]] = await Promise.all([
    db
      .select({
        id: friendRequests.id,
        message: friendRequests.message,
        status: friendRequests.status,
        createdAt: friendRequests.createdAt,
        userId: users.id,
        nickName: users.nickName,
        head: users.head,
        account: users.account,
        companyName: companies.name,
      })
      .from(friendRequests)
      .innerJoin(users, eq(users.id, friendRequests.fromUserId))
      .leftJoin(companies, eq(companies.rootId, users.rootId))
      .where(eq(friendRequests.toUserId, actor.userId))
      .orderBy(desc(friendRequests.id))
      .limit(pageSize + 1)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(friendRequests)
      .where(and(eq(friendRequests.toUserId, actor.userId), eq(friendRequests.status, 'pending'))),
  ]);
  return {
    list: rows.slice(0, pageSize).map((row) => ({
      id: row.id,
      from: {
        userId: row.userId,
        nickName: row.nickName,
        headImg: row.head,
        companyName: row.companyName ?? '',
        account: maskAccount(row.account),
      },
      message: row.message,
      status: row.status,
      createdAt: seconds(row.createdAt),
    })),
    page,
    hasMore: rows.length > pageSize,
    newCount: waiting?.n ?? 0,
  };
}

/**
 * `relation/answer_request`: only the receiver answers, and only a pending request; one between people
 * of whom one has since blacklisted the other may be refused but not accepted.
 */
export async function answerRequest(input: {
  db: Database;
  clock: Clock;
  actor: Actor;
  id: number;
  accept: boolean;
}): Promise<null> {
  const { db, clock, actor, id, accept } = input;
  const [found] = await db
    .select({ pairKey: friendRequests.pairKey })
    .from(friendRequests)
    .where(and(eq(friendRequests.id, id), eq(friendRequests.toUserId, actor.userId)));
  if (!found) throw new AppError(CodeFlag.notFound, 'contacts.requestNotFound');
  await db.transaction(async (tx) => {
    await lockPair(tx, found.pairKey);
    const [request] = await tx
      .select()
      .from(friendRequests)
      .where(and(eq(friendRequests.id, id), eq(friendRequests.status, 'pending')));
    if (!request) throw new AppError(CodeFlag.notFound, 'contacts.requestNotFound');
    // A block made after the request was sent (either way) ends what it asked for: no friendship comes of it.
    if (accept && (await isBlockedEitherWay(tx, request.fromUserId, request.toUserId))) {
      throw new AppError(CodeFlag.forbidden, 'contacts.requestBlocked');
    }
    if (accept) await acceptRequest({ db: tx, clock }, { request, receiverRemark: '' });
    else {
      await tx
        .update(friendRequests)
        .set({ status: 'refused', answeredAt: clock.now() })
        .where(eq(friendRequests.id, id));
    }
  });
  return null;
}

/**
 * `relation/friends`: my friends as SPEC §3 contacts. A user's friends are few enough to sort by
 * name in pinyin order here (the database's collation may not know pinyin), then page.
 */
export async function listFriends(input: {
  db: Database;
  actor: Actor;
  keyword?: string;
  order?: 'letter' | 'recent';
  groupId?: number;
  page?: number;
  pageSize?: number;
}): Promise<TContactPage> {
  const { db, actor, keyword } = input;
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? PAGE_SIZE_DEFAULT;
  const members = input.groupId === undefined ? new Set<number>() : await groupMemberIds(db, actor, input.groupId);
  const pattern = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const rows = await db
    .select({
      userId: users.id,
      account: users.account,
      head: users.head,
      nickName: users.nickName,
      signature: users.signature,
      status: users.status,
      remark: friendships.remark,
      createdAt: friendships.createdAt,
      companyName: companies.name,
    })
    .from(friendships)
    .innerJoin(users, eq(users.id, friendships.friendId))
    .leftJoin(companies, eq(companies.rootId, users.rootId))
    .where(
      and(
        eq(friendships.userId, actor.userId),
        pattern
          ? or(ilike(friendships.remark, pattern), ilike(users.nickName, pattern), ilike(users.account, pattern))
          : undefined,
      ),
    );
  const contacts: TContact[] = rows.map((row) => {
    const shown = row.remark || row.nickName;
    return {
      userId: row.userId,
      account: maskAccount(row.account),
      headImg: row.head,
      customImg: row.head,
      nickName: row.nickName,
      signature: row.signature,
      enabled: row.status === 'active',
      selected: members.has(row.userId),
      remark: row.remark,
      companyName: row.companyName ?? '',
      letter: initialLetter(shown),
      since: seconds(row.createdAt),
    };
  });
  contacts.sort(
    input.order === 'recent'
      ? (a, b) => b.since - a.since || a.userId - b.userId
      : (a, b) => compareContactNames(a.remark || a.nickName, b.remark || b.nickName) || a.userId - b.userId,
  );
  const start = (page - 1) * pageSize;
  return {
    list: contacts.slice(start, start + pageSize),
    page,
    hasMore: start + pageSize < contacts.length,
    total: contacts.length,
  };
}

/** `relation/delete_friend`: both sides, and each out of the other's groups. */
export async function deleteFriend(input: { db: Database; actor: Actor; userId: number }): Promise<null> {
  const { db, actor, userId } = input;
  await db.transaction(async (tx) => {
    await lockPair(tx, chatIdOf(actor.userId, userId));
    const removed = await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userId, actor.userId), eq(friendships.friendId, userId)),
          and(eq(friendships.userId, userId), eq(friendships.friendId, actor.userId)),
        ),
      )
      .returning({ userId: friendships.userId });
    if (removed.length === 0) throw new AppError(CodeFlag.notFound, 'contacts.notFriend');
    await tx
      .delete(contactGroupMembers)
      .where(
        or(
          and(
            eq(contactGroupMembers.memberId, userId),
            inArray(
              contactGroupMembers.groupId,
              tx.select({ id: contactGroups.id }).from(contactGroups).where(eq(contactGroups.userId, actor.userId)),
            ),
          ),
          and(
            eq(contactGroupMembers.memberId, actor.userId),
            inArray(
              contactGroupMembers.groupId,
              tx.select({ id: contactGroups.id }).from(contactGroups).where(eq(contactGroups.userId, userId)),
            ),
          ),
        ),
      );
  });
  return null;
}

/** `relation/set_remark`: my name for a friend. */
export async function setRemark(input: { db: Database; actor: Actor; userId: number; remark: string }): Promise<null> {
  const { db, actor, userId, remark } = input;
  const updated = await db
    .update(friendships)
    .set({ remark })
    .where(and(eq(friendships.userId, actor.userId), eq(friendships.friendId, userId)))
    .returning({ userId: friendships.userId });
  if (updated.length === 0) throw new AppError(CodeFlag.notFound, 'contacts.notFriend');
  return null;
}

async function ownGroup(db: Executor, actor: Actor, groupId: number) {
  const [group] = await db
    .select()
    .from(contactGroups)
    .where(and(eq(contactGroups.id, groupId), eq(contactGroups.userId, actor.userId)));
  if (!group) throw new AppError(CodeFlag.notFound, 'contacts.groupNotFound');
  return group;
}

async function groupMemberIds(db: Executor, actor: Actor, groupId: number) {
  await ownGroup(db, actor, groupId);
  const rows = await db
    .select({ memberId: contactGroupMembers.memberId })
    .from(contactGroupMembers)
    .where(eq(contactGroupMembers.groupId, groupId));
  return new Set(rows.map((row) => row.memberId));
}

/** How many members' names a group in the list shows. */
const GROUP_NAMES_SHOWN = 5;

/** `relation/groups`: my contact groups, oldest first, with their members' shown names A–Z. */
export async function listGroups(input: { db: Executor; actor: Actor; ids?: number[] }): Promise<TContactGroup[]> {
  const { db, actor, ids } = input;
  const groups = await db
    .select({ id: contactGroups.id, name: contactGroups.name })
    .from(contactGroups)
    .where(and(eq(contactGroups.userId, actor.userId), ids ? inArray(contactGroups.id, ids) : undefined))
    .orderBy(contactGroups.id);
  if (groups.length === 0) return [];
  const members = await db
    .select({
      groupId: contactGroupMembers.groupId,
      memberId: contactGroupMembers.memberId,
      remark: friendships.remark,
      nickName: users.nickName,
    })
    .from(contactGroupMembers)
    .innerJoin(users, eq(users.id, contactGroupMembers.memberId))
    .leftJoin(
      friendships,
      and(eq(friendships.userId, actor.userId), eq(friendships.friendId, contactGroupMembers.memberId)),
    )
    .where(
      inArray(
        contactGroupMembers.groupId,
        groups.map((g) => g.id),
      ),
    );
  return groups.map((group) => {
    const own = members
      .filter((m) => m.groupId === group.id)
      .map((m) => ({ id: m.memberId, name: m.remark || m.nickName }))
      .sort((a, b) => compareContactNames(a.name, b.name) || a.id - b.id);
    return {
      id: group.id,
      name: group.name,
      memberIds: own.map((m) => m.id),
      memberNames: own.slice(0, GROUP_NAMES_SHOWN).map((m) => m.name),
    };
  });
}

/** `relation/group_save`: a new group or one of mine renamed; members must be my friends. */
export async function saveGroup(input: {
  db: Database;
  actor: Actor;
  id?: number;
  name: string;
  memberIds: number[];
}): Promise<TContactGroup> {
  const { db, actor, name } = input;
  const memberIds = [...new Set(input.memberIds)];
  return db.transaction(async (tx) => {
    await lockGroups(tx, actor.userId);
    if (input.id !== undefined) await ownGroup(tx, actor, input.id);
    const [taken] = await tx
      .select({ id: contactGroups.id })
      .from(contactGroups)
      .where(and(eq(contactGroups.userId, actor.userId), sql`lower(${contactGroups.name}) = lower(${name})`));
    if (taken && taken.id !== input.id) {
      throw new AppError(
        CodeFlag.conflict,
        'contacts.groupNameTaken',
        {},
        { errors: { name: 'contacts.groupNameTaken' } },
      );
    }
    if (memberIds.length > 0) {
      const friends = await tx
        .select({ friendId: friendships.friendId })
        .from(friendships)
        .where(and(eq(friendships.userId, actor.userId), inArray(friendships.friendId, memberIds)));
      if (friends.length !== memberIds.length) throw invalid('contacts.memberNotFriend', 'memberIds');
    }
    let groupId = input.id;
    if (groupId === undefined) {
      const [created] = await tx.insert(contactGroups).values({ userId: actor.userId, name }).returning();
      groupId = created!.id;
    } else {
      await tx.update(contactGroups).set({ name }).where(eq(contactGroups.id, groupId));
      await tx.delete(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId));
    }
    if (memberIds.length > 0) {
      const id = groupId;
      await tx.insert(contactGroupMembers).values(memberIds.map((memberId) => ({ groupId: id, memberId })));
    }
    const [saved] = await listGroups({ db: tx, actor, ids: [groupId] });
    return saved!;
  });
}

/** `relation/group_delete`: one of my groups; the friendships stay. */
export async function deleteGroup(input: { db: Database; actor: Actor; id: number }): Promise<null> {
  const { db, actor, id } = input;
  const deleted = await db
    .delete(contactGroups)
    .where(and(eq(contactGroups.id, id), eq(contactGroups.userId, actor.userId)))
    .returning({ id: contactGroups.id });
  if (deleted.length === 0) throw new AppError(CodeFlag.notFound, 'contacts.groupNotFound');
  return null;
}
