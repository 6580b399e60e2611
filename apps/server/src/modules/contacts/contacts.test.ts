import { Calls, ChatActionType, ChatContentType, CodeFlag, chatIdOf, translate } from '@metal/shared';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { Database } from '../../db/client';
import { users } from '../accounts/accounts.table';
import { productLinkCheckers } from '../chat/chat.product-links';
import { storeMessage } from '../chat/chat.service';
import { chatBlocks } from '../chat/chat.table';
import { notices } from '../notices/notices.table';
import { contactGroupMembers, contactGroups, friendRequests, friendships } from './contacts.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;

const as = (p: Person, lang?: string) => ({ session: p.session, ...(lang ? { lang } : {}) });
const request = (from: Person, to: { user: { id: number } }, fields: Record<string, unknown> = {}, lang?: string) =>
  t.call(Calls.friendRequest, { userId: to.user.id, ...fields }, as(from, lang));
const received = (p: Person, fields: Record<string, unknown> = {}) => t.call(Calls.friendRequests, fields, as(p));
const answer = (p: Person, id: number, accept: boolean, lang?: string) =>
  t.call(Calls.answerRequest, { id, accept: accept ? 1 : 0 }, as(p, lang));
const friendsOf = (p: Person, fields: Record<string, unknown> = {}) => t.call(Calls.friends, fields, as(p));
const requestsBetween = (a: Person, b: Person) =>
  t.db
    .select()
    .from(friendRequests)
    .where(and(eq(friendRequests.fromUserId, a.user.id), eq(friendRequests.toUserId, b.user.id)));
const friendshipRows = (a: Person, b: Person) =>
  t.db
    .select()
    .from(friendships)
    .where(
      and(
        eq(friendships.userId, Math.min(a.user.id, b.user.id)),
        eq(friendships.friendId, Math.max(a.user.id, b.user.id)),
      ),
    );
const allFriendshipsOf = (p: Person) => t.db.select().from(friendships).where(eq(friendships.userId, p.user.id));

/** Two users who are friends, through a request and its acceptance. */
async function friends(a: Person, b: Person) {
  const sent = await request(a, b, { message: '你好' });
  expect(sent.body.codeFlag).toBe(CodeFlag.ok);
  const [pending] = await requestsBetween(a, b);
  expect((await answer(b, pending!.id, true)).body.codeFlag).toBe(CodeFlag.ok);
}

async function named(nickName: string) {
  return t.buildUser({ nickName });
}

describe('relation/find_user', () => {
  it('finds a user by exact phone or by account, as a public card', async () => {
    const me = await t.buildUser();
    const other = await named('王经理');
    await t.db.update(users).set({ account: 'WangAlu88' }).where(eq(users.id, other.user.id));
    const byPhone = await t.call(Calls.findUser, { keyword: other.phone }, as(me));
    expect(byPhone.body.codeFlag).toBe(CodeFlag.ok);
    expect(byPhone.body.data).toMatchObject({ userId: other.user.id, nickName: '王经理', isFriend: false, remark: '' });
    const byAccount = await t.call(Calls.findUser, { keyword: 'wangalu88' }, as(me));
    expect(byAccount.body.data?.userId).toBe(other.user.id);
    // The account is masked on another's card.
    expect(byAccount.body.data?.account).not.toBe('WangAlu88');
  });

  it('matches phones exactly, never part of one, and refuses a blank search in the language asked', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    const partial = await t.call(Calls.findUser, { keyword: other.phone.slice(0, 7) }, as(me, 'en-US'));
    expect(partial.body).toMatchObject({ codeFlag: CodeFlag.notFound, mesg: 'No user was found' });
    const blank = await t.call(Calls.findUser, { keyword: '  ' }, as(me, 'zh-CN'));
    expect(blank.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '请输入手机号或账号' });
  });

  it('does not find disabled users or operators, and asks a visitor to log in', async () => {
    const me = await t.buildUser();
    const disabled = await t.buildUser();
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, disabled.user.id));
    const operator = await t.buildOperator();
    for (const keyword of [disabled.phone, operator.phone]) {
      expect((await t.call(Calls.findUser, { keyword }, as(me))).body.codeFlag).toBe(CodeFlag.notFound);
    }
    expect((await t.call(Calls.findUser, { keyword: me.phone })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('friend requests', () => {
  it('sends a request that the receiver lists with its message and a count of new ones', async () => {
    const me = await named('李总');
    const other = await t.buildUser();
    const sent = await request(me, other, { message: '想和您谈谈铝锭', remark: '佛山王' });
    expect(sent.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { status: 'pending' } });
    const list = await received(other);
    expect(list.body.data).toMatchObject({ newCount: 1, hasMore: false, page: 1 });
    expect(list.body.data?.list[0]).toMatchObject({
      from: { userId: me.user.id, nickName: '李总' },
      message: '想和您谈谈铝锭',
      status: 'pending',
    });
    // The sender does not see their own request as received.
    expect((await received(me)).body.data).toMatchObject({ list: [], newCount: 0 });
  });

  it('refuses a duplicate pending request, one to oneself, to a friend, or across a blacklist; nothing is written', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    await request(me, other);
    const again = await request(me, other, {}, 'en-US');
    expect(again.body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'You have already sent a request; please wait for the answer',
    });
    expect(await requestsBetween(me, other)).toHaveLength(1);

    const self = await request(me, me, {}, 'zh-CN');
    expect(self.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '不能添加自己为好友' });
    expect(await requestsBetween(me, me)).toHaveLength(0);

    const blocker = await t.buildUser();
    await t.db.insert(chatBlocks).values({ userId: blocker.user.id, blockedUserId: me.user.id });
    for (const [from, to] of [
      [me, blocker],
      [blocker, me],
    ] as const) {
      const blocked = await request(from, to);
      expect(blocked.body.codeFlag).toBe(CodeFlag.forbidden);
      expect(await requestsBetween(from, to)).toHaveLength(0);
    }

    const friend = await t.buildUser();
    await friends(me, friend);
    const already = await request(friend, me, {}, 'en-US');
    expect(already.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: 'You are already friends' });
    expect(await requestsBetween(friend, me)).toHaveLength(0);
  });

  it('refuses bad input in the language asked, writing nothing', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    const long = await request(me, other, { message: '铝'.repeat(51) }, 'en-US');
    expect(long.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The message can be at most 50 characters',
    });
    const remark = await request(me, other, { remark: '铝'.repeat(21) }, 'zh-CN');
    expect(remark.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '备注不能超过20字' });
    const badUser = await t.call(Calls.friendRequest, { userId: 'abc' }, as(me, 'en-US'));
    expect(badUser.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'The user is not valid' });
    const missing = await t.call(Calls.friendRequest, { userId: 999_999 }, as(me));
    expect(missing.body.codeFlag).toBe(CodeFlag.notFound);
    expect(await requestsBetween(me, other)).toHaveLength(0);
  });

  it('accepts: both become friends with their remarks, the requester gets a notice, the count drops', async () => {
    const me = await named('李总');
    const other = await named('王经理');
    await request(me, other, { remark: '佛山王' });
    const [pending] = await requestsBetween(me, other);
    const accepted = await answer(other, pending!.id, true);
    expect(accepted.body.codeFlag).toBe(CodeFlag.ok);
    expect((await requestsBetween(me, other))[0]?.status).toBe('accepted');
    const mine = await friendsOf(me);
    expect(mine.body.data?.list).toEqual([
      expect.objectContaining({ userId: other.user.id, remark: '佛山王', nickName: '王经理', enabled: true }),
    ]);
    expect((await friendsOf(other)).body.data?.list).toEqual([
      expect.objectContaining({ userId: me.user.id, remark: '' }),
    ]);
    const sent = await t.db.select().from(notices).where(eq(notices.userId, me.user.id));
    expect(sent).toEqual([
      expect.objectContaining({
        messageKey: 'notice.friendAccepted',
        params: { name: '王经理' },
        senderId: other.user.id,
      }),
    ]);
    expect((await received(other)).body.data?.newCount).toBe(0);
    // The public card now knows.
    const card = await t.call(Calls.userCard, { userId: other.user.id }, as(me));
    expect(card.body.data).toMatchObject({ isFriend: true, remark: '佛山王' });
    const back = await t.call(Calls.userCard, { userId: me.user.id }, as(other));
    expect(back.body.data).toMatchObject({ isFriend: true, remark: '' });
  });

  it('refuses: no friendship, no notice; the requester may ask again later', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    await request(me, other);
    const [pending] = await requestsBetween(me, other);
    expect((await answer(other, pending!.id, false)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await requestsBetween(me, other))[0]?.status).toBe('refused');
    expect(await friendshipRows(me, other)).toHaveLength(0);
    expect(await t.db.select().from(notices).where(eq(notices.userId, me.user.id))).toHaveLength(0);
    expect((await request(me, other)).body.data?.status).toBe('pending');
  });

  it('a request pending when either side blacklisted the other may be refused, never accepted', async () => {
    for (const blockedBy of ['receiver', 'sender'] as const) {
      const sender = await t.buildUser();
      const receiver = await t.buildUser();
      await request(sender, receiver);
      const [pending] = await requestsBetween(sender, receiver);
      const [blocker, blocked] = blockedBy === 'receiver' ? [receiver, sender] : [sender, receiver];
      await t.db.insert(chatBlocks).values({ userId: blocker.user.id, blockedUserId: blocked.user.id });
      const accepted = await answer(receiver, pending!.id, true, 'en-US');
      expect(accepted.body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
        mesg: translate('contacts.requestBlocked', 'en-US'),
      });
      expect(await friendshipRows(sender, receiver)).toHaveLength(0);
      expect((await requestsBetween(sender, receiver))[0]?.status).toBe('pending');
      expect((await answer(receiver, pending!.id, false)).body.codeFlag).toBe(CodeFlag.ok);
      expect((await requestsBetween(sender, receiver))[0]?.status).toBe('refused');
    }
  });

  it("refuses answering someone else's request, or one already answered, and changes nothing", async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    const stranger = await t.buildUser();
    await request(me, other);
    const [pending] = await requestsBetween(me, other);
    for (const who of [stranger, me]) {
      const tried = await answer(who, pending!.id, true, 'en-US');
      expect(tried.body).toMatchObject({
        codeFlag: CodeFlag.notFound,
        mesg: 'The friend request does not exist or has been answered',
      });
    }
    expect((await requestsBetween(me, other))[0]?.status).toBe('pending');
    expect(await friendshipRows(me, other)).toHaveLength(0);
    await answer(other, pending!.id, false);
    expect((await answer(other, pending!.id, true)).body.codeFlag).toBe(CodeFlag.notFound);
    expect(await friendshipRows(me, other)).toHaveLength(0);
    const bad = await t.callRaw(Calls.answerRequest, { id: pending!.id, accept: 'maybe' }, as(other));
    expect(bad.body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('asking someone who already asked me makes us friends at once', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    await request(me, other, { remark: '老王' });
    const back = await request(other, me, { remark: '小李' });
    expect(back.body.data?.status).toBe('accepted');
    expect((await friendsOf(me)).body.data?.list[0]).toMatchObject({ userId: other.user.id, remark: '老王' });
    expect((await friendsOf(other)).body.data?.list[0]).toMatchObject({ userId: me.user.id, remark: '小李' });
    expect(await t.db.select().from(notices).where(eq(notices.userId, me.user.id))).toHaveLength(1);
  });

  it('pages the received requests newest first', async () => {
    const me = await t.buildUser();
    const senders = [await t.buildUser(), await t.buildUser(), await t.buildUser()];
    for (const sender of senders) await request(sender, me);
    const first = await received(me, { page: 1, pageSize: 2 });
    expect(first.body.data?.list.map((r) => r.from.userId)).toEqual([senders[2]!.user.id, senders[1]!.user.id]);
    expect(first.body.data).toMatchObject({ hasMore: true, newCount: 3 });
    const second = await received(me, { page: 2, pageSize: 2 });
    expect(second.body.data?.list.map((r) => r.from.userId)).toEqual([senders[0]!.user.id]);
    expect(second.body.data?.hasMore).toBe(false);
    expect((await received(me, { pageSize: 0 })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  // On PostgreSQL (TEST_DATABASE_URL) the two calls run on separate connections: a real race.
  it('two people asking each other at once end as one friendship', async () => {
    for (let round = 0; round < 6; round++) {
      const a = await t.buildUser();
      const b = await t.buildUser();
      const results = await Promise.all([request(a, b), request(b, a)]);
      expect(results.map((r) => r.body.codeFlag)).toEqual([0, 0]);
      expect(results.map((r) => r.body.data?.status).sort()).toEqual(['accepted', 'pending']);
      expect(await allFriendshipsOf(a)).toHaveLength(1);
      expect(await allFriendshipsOf(b)).toHaveLength(1);
      const pairRequests = [...(await requestsBetween(a, b)), ...(await requestsBetween(b, a))];
      expect(pairRequests.map((r) => r.status)).toEqual(['accepted']);
    }
  });
});

describe('relation/friends', () => {
  it('lists friends A–Z by remark or nickname, or the most recent first, and searches', async () => {
    const me = await t.buildUser();
    const zhang = await named('张三');
    const wang = await named('王经理');
    const bob = await named('bob');
    for (const friend of [zhang, wang, bob]) {
      await friends(me, friend);
      t.clock.advance(60);
    }
    await t.call(Calls.setRemark, { userId: wang.user.id, remark: '阿王' }, as(me));
    const letters = await friendsOf(me);
    expect(letters.body.data?.list.map((c) => [c.letter, c.remark || c.nickName])).toEqual([
      ['A', '阿王'],
      ['B', 'bob'],
      ['Z', '张三'],
    ]);
    expect(letters.body.data?.total).toBe(3);
    const recent = await friendsOf(me, { order: 'recent' });
    expect(recent.body.data?.list.map((c) => c.userId)).toEqual([bob.user.id, wang.user.id, zhang.user.id]);
    const paged = await friendsOf(me, { page: 2, pageSize: 2 });
    expect(paged.body.data).toMatchObject({ hasMore: false, total: 3 });
    expect(paged.body.data?.list.map((c) => c.userId)).toEqual([zhang.user.id]);
    expect((await friendsOf(me, { keyword: '阿王' })).body.data?.list.map((c) => c.userId)).toEqual([wang.user.id]);
    expect((await friendsOf(me, { keyword: '经理' })).body.data?.list.map((c) => c.userId)).toEqual([wang.user.id]);
    expect((await friendsOf(me, { keyword: '%' })).body.data?.list).toEqual([]);
    expect((await friendsOf(me, { order: 'name' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('relation/set_remark and relation/delete_friend', () => {
  it("sets one's own remark only, and refuses a stranger or a long remark", async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    const stranger = await t.buildUser();
    await friends(me, other);
    expect((await t.call(Calls.setRemark, { userId: other.user.id, remark: '老王' }, as(me))).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    const mine = await t.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userId, me.user.id), eq(friendships.friendId, other.user.id)));
    expect(mine[0]?.remark).toBe('老王');
    const theirs = await t.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userId, other.user.id), eq(friendships.friendId, me.user.id)));
    expect(theirs[0]?.remark).toBe('');
    const notFriend = await t.call(Calls.setRemark, { userId: stranger.user.id, remark: 'x' }, as(me, 'en-US'));
    expect(notFriend.body).toMatchObject({ codeFlag: CodeFlag.notFound, mesg: 'This user is not your friend' });
    const long = await t.call(Calls.setRemark, { userId: other.user.id, remark: 'x'.repeat(21) }, as(me));
    expect(long.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await friendsOf(me)).body.data?.list[0]?.remark).toBe('老王');
  });

  it('ends the friendship for both and takes each out of the other’s groups; a stranger cannot', async () => {
    const me = await t.buildUser();
    const other = await t.buildUser();
    const third = await t.buildUser();
    await friends(me, other);
    await friends(me, third);
    const mine = await t.call(
      Calls.contactGroupSave,
      { name: '铝锭客户', memberIds: [other.user.id, third.user.id] },
      as(me),
    );
    const theirs = await t.call(Calls.contactGroupSave, { name: '供应商', memberIds: [me.user.id] }, as(other));
    const stranger = await t.buildUser();
    expect((await t.call(Calls.deleteFriend, { userId: other.user.id }, as(stranger))).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect(await friendshipRows(me, other)).toHaveLength(1);

    expect((await t.call(Calls.deleteFriend, { userId: other.user.id }, as(me))).body.codeFlag).toBe(CodeFlag.ok);
    expect(await allFriendshipsOf(me)).toEqual([expect.objectContaining({ friendId: third.user.id })]);
    expect(await allFriendshipsOf(other)).toEqual([]);
    const members = (groupId: number) =>
      t.db.select().from(contactGroupMembers).where(eq(contactGroupMembers.groupId, groupId));
    expect((await members(mine.body.data!.id)).map((m) => m.memberId)).toEqual([third.user.id]);
    expect(await members(theirs.body.data!.id)).toEqual([]);
    expect((await t.call(Calls.deleteFriend, { userId: other.user.id }, as(me))).body.codeFlag).toBe(CodeFlag.notFound);
  });
});

describe('contact groups', () => {
  it('creates, renames and lists groups with members; names are unique per user', async () => {
    const me = await t.buildUser();
    const zhang = await named('张三');
    const li = await named('李四');
    await friends(me, zhang);
    await friends(me, li);
    const created = await t.call(
      Calls.contactGroupSave,
      { name: '铝锭客户', memberIds: [zhang.user.id, li.user.id] },
      as(me),
    );
    expect(created.body.data).toMatchObject({
      name: '铝锭客户',
      memberIds: [li.user.id, zhang.user.id],
      memberNames: ['李四', '张三'],
    });
    const id = created.body.data!.id;
    const duplicate = await t.call(Calls.contactGroupSave, { name: ' 铝锭客户 ', memberIds: [] }, as(me, 'en-US'));
    expect(duplicate.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: 'Group name already exists' });
    // Another user may use the same name.
    const other = await t.buildUser();
    expect((await t.call(Calls.contactGroupSave, { name: '铝锭客户', memberIds: [] }, as(other))).body.codeFlag).toBe(
      CodeFlag.ok,
    );

    const renamed = await t.call(Calls.contactGroupSave, { id, name: '铜客户', memberIds: [zhang.user.id] }, as(me));
    expect(renamed.body.data).toMatchObject({ id, name: '铜客户', memberIds: [zhang.user.id] });
    // Keeping its own name is no conflict.
    expect((await t.call(Calls.contactGroupSave, { id, name: '铜客户', memberIds: [] }, as(me))).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    const groups = await t.call(Calls.contactGroups, {}, as(me));
    expect(groups.body.data).toEqual([{ id, name: '铜客户', memberIds: [], memberNames: [] }]);
    const count = await t.db.select().from(contactGroups).where(eq(contactGroups.userId, me.user.id));
    expect(count).toHaveLength(1);
  });

  it('refuses a blank or long name and members who are not friends, writing nothing', async () => {
    const me = await t.buildUser();
    const stranger = await t.buildUser();
    const blank = await t.call(Calls.contactGroupSave, { name: '  ', memberIds: [] }, as(me, 'zh-CN'));
    expect(blank.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: '请输入分组名称' });
    const long = await t.call(Calls.contactGroupSave, { name: '铝'.repeat(21), memberIds: [] }, as(me));
    expect(long.body.codeFlag).toBe(CodeFlag.invalidInput);
    const notFriend = await t.call(
      Calls.contactGroupSave,
      { name: '客户', memberIds: [stranger.user.id] },
      as(me, 'en-US'),
    );
    expect(notFriend.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Only your friends can be members of a group',
    });
    const badJson = await t.callRaw(Calls.contactGroupSave, { name: '客户', memberIds: '[1,' }, as(me));
    expect(badJson.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await t.db.select().from(contactGroups).where(eq(contactGroups.userId, me.user.id))).toEqual([]);
  });

  it("refuses to rename, read or delete someone else's group, and changes nothing", async () => {
    const owner = await t.buildUser();
    const me = await t.buildUser();
    const created = await t.call(Calls.contactGroupSave, { name: '我的客户', memberIds: [] }, as(owner));
    const id = created.body.data!.id;
    const rename = await t.call(Calls.contactGroupSave, { id, name: '改名', memberIds: [] }, as(me, 'en-US'));
    expect(rename.body).toMatchObject({
      codeFlag: CodeFlag.notFound,
      mesg: 'The group does not exist or was deleted',
    });
    expect((await t.call(Calls.contactGroupDelete, { id }, as(me))).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await friendsOf(me, { groupId: id })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.contactGroups, {}, as(me))).body.data).toEqual([]);
    const [kept] = await t.db.select().from(contactGroups).where(eq(contactGroups.id, id));
    expect(kept?.name).toBe('我的客户');
  });

  it('marks a group’s members selected in the friend list, and deletes a group keeping the friendships', async () => {
    const me = await t.buildUser();
    const zhang = await named('张三');
    const li = await named('李四');
    await friends(me, zhang);
    await friends(me, li);
    const created = await t.call(Calls.contactGroupSave, { name: '客户', memberIds: [li.user.id] }, as(me));
    const id = created.body.data!.id;
    const list = await friendsOf(me, { groupId: id });
    expect(list.body.data?.list.map((c) => [c.nickName, c.selected])).toEqual([
      ['李四', true],
      ['张三', false],
    ]);
    expect((await t.call(Calls.contactGroupDelete, { id }, as(me))).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.contactGroups, {}, as(me))).body.data).toEqual([]);
    expect(await allFriendshipsOf(me)).toHaveLength(2);
    expect((await t.call(Calls.contactGroupDelete, { id }, as(me))).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('two saves of the same new name at once make one group', async () => {
    const me = await t.buildUser();
    const results = await Promise.all([
      t.call(Calls.contactGroupSave, { name: '同时', memberIds: [] }, as(me)),
      t.call(Calls.contactGroupSave, { name: '同时', memberIds: [] }, as(me)),
    ]);
    expect(results.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    expect(await t.db.select().from(contactGroups).where(eq(contactGroups.userId, me.user.id))).toHaveLength(1);
  });
});

// A friend request and a blacklisting (chat action 4) of the same pair at the same moment. Only on
// PostgreSQL (TEST_DATABASE_URL), where the request runs on a connection of its own while the
// blacklisting's transaction is open; on PGlite one transaction at a time holds the one connection.

let uuid = 0;
/** `blocker` blacklists `blocked` as the chat socket stores it, in the given database or transaction. */
const blacklist = (db: Database, blocker: Person, blocked: Person) =>
  storeMessage({
    db,
    clock: t.clock,
    links: t.app.deps.fileLinks,
    productLinks: productLinkCheckers(t.app.deps.modules),
    lang: 'zh-CN',
    senderId: blocker.user.id,
    frame: {
      type: ChatContentType.action,
      chatId: chatIdOf(blocker.user.id, blocked.user.id),
      info: JSON.stringify({ actionType: ChatActionType.addToBlacklist }),
      receiveUserId: blocked.user.id,
      uuid: `block-${++uuid}`,
      sendDate: 0,
    },
  });

const requestNow = (from: Person, to: Person, lang = 'en-US') =>
  t.call(Calls.friendRequest, { userId: to.user.id }, { session: from.session, lang });
const requestsOfPair = (a: Person, b: Person) =>
  t.db
    .select()
    .from(friendRequests)
    .where(
      or(
        and(eq(friendRequests.fromUserId, a.user.id), eq(friendRequests.toUserId, b.user.id)),
        and(eq(friendRequests.fromUserId, b.user.id), eq(friendRequests.toUserId, a.user.id)),
      ),
    );

if (process.env.TEST_DATABASE_URL) {
  describe('relation/friend_request against a blacklisting at the same moment', () => {
    it('waits for the blacklisting under way (the conversation’s lock) and is then refused, writing nothing', async () => {
      const blocker = await t.buildUser();
      const blocked = await t.buildUser();
      let answeredWhileBlocking = false;
      let requested: ReturnType<typeof requestNow> | undefined;
      await t.db.transaction(async (tx) => {
        await blacklist(tx as unknown as Database, blocker, blocked);
        requested = requestNow(blocked, blocker);
        void requested.then(() => {
          answeredWhileBlocking = true;
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(answeredWhileBlocking).toBe(false);
      });
      expect((await requested!).body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
        mesg: 'One of you has blacklisted the other; you cannot become friends',
      });
      expect(await requestsOfPair(blocker, blocked)).toEqual([]);
      // The one blacklisting asks the other at that moment just the same: refused both ways.
      const blocker2 = await t.buildUser();
      const blocked2 = await t.buildUser();
      await t.db.transaction(async (tx) => {
        await blacklist(tx as unknown as Database, blocker2, blocked2);
        requested = requestNow(blocker2, blocked2, 'zh-CN');
        await new Promise((resolve) => setTimeout(resolve, 100));
      });
      expect((await requested!).body.codeFlag).toBe(CodeFlag.forbidden);
      expect(await requestsOfPair(blocker2, blocked2)).toEqual([]);
    });

    it('raced many times: the request is either stored or refused, and the blacklisting stands', async () => {
      for (let round = 0; round < 10; round++) {
        const blocker = await t.buildUser();
        const blocked = await t.buildUser();
        const [blocking, asked] = await Promise.all([blacklist(t.db, blocker, blocked), requestNow(blocked, blocker)]);
        expect(blocking.duplicate).toBe(false);
        const stored = await requestsOfPair(blocker, blocked);
        if (asked.body.codeFlag === CodeFlag.ok) expect(stored).toHaveLength(1);
        else {
          expect(asked.body.codeFlag).toBe(CodeFlag.forbidden);
          expect(stored).toEqual([]);
        }
        expect(await t.db.select().from(chatBlocks).where(eq(chatBlocks.userId, blocker.user.id))).toHaveLength(1);
      }
    });
  });
}

describe('relation/friend_request: bad input', () => {
  it('refuses a request to oneself with codeFlag 2 and a localized mesg, writing nothing', async () => {
    const me = await t.buildUser();
    const { body } = await requestNow(me, me);
    expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: 'You cannot add yourself as a friend' });
    expect(await requestsOfPair(me, me)).toEqual([]);
  });
});
