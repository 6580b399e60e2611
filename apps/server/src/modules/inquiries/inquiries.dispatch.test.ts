import { type CallRequest, Calls, CodeFlag } from '@metal/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, type Person, quoteFields } from '../../../test/inquiry-fixtures';
import type { Executor } from '../../db/client';
import { users } from '../accounts/accounts.table';
import { notices } from '../notices/notices.table';
import { dispatchEscalationJob } from './inquiries.jobs';
import { dispatchGroups, inquiries, inquiryDispatches, inquiryHandlings } from './inquiries.table';
import { lockInquiry } from './inquiries.taking';

// On PostgreSQL (TEST_DATABASE_URL) the calls of a Promise.all run on separate connections of the pool,
// so the races below are real; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
// Each test's inquiries end with it, so a group saved by the next test does not pick them up.
afterEach(async () => {
  await t.db.update(inquiries).set({ status: 'closed' }).where(eq(inquiries.status, 'open'));
});

const shanghai = (local: string) => new Date(`${local}+08:00`);
const { buildBuyer, buildSupplier, openInquiry } = inquiryFixtures(() => t);

type GroupFields = CallRequest<typeof Calls.dispatchGroupSave>;
/** A group taking A00 aluminium (sort 13) delivered anywhere in Guangdong: the fixtures' inquiries go to Foshan. */
const groupFields = (members: GroupFields['members'], over: Partial<GroupFields> = {}): GroupFields => ({
  name: '华南组',
  mode: 'grab',
  members,
  areas: [{ province: '广东省' }],
  sortIds: [13],
  ...over,
});
const saveGroup = (who: Person, fields: GroupFields, lang?: string) =>
  t.call(Calls.dispatchGroupSave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const listGroups = (who: Person) => t.call(Calls.dispatchGroupList, {}, { session: who.session });
const queue = async (who: Person) =>
  (await t.call(Calls.dispatchQueue, {}, { session: who.session })).body.data!.list.map((item) => ({
    id: item.id,
    action: item.action,
    escalated: item.escalated,
  }));
const distribute = (who: Person, id: number, to: Person, lang?: string) =>
  t.call(Calls.inquiryDistribute, { id, userId: to.user.id }, { session: who.session, ...(lang ? { lang } : {}) });
const transfer = (who: Person, id: number, to: Person, lang?: string) =>
  t.call(Calls.inquiryTransfer, { id, userId: to.user.id }, { session: who.session, ...(lang ? { lang } : {}) });
const grab = (who: Person, id: number) => t.call(Calls.inquiryGrab, { id }, { session: who.session });
const holding = (inquiryId: number) =>
  t.db.select().from(inquiryHandlings).where(eq(inquiryHandlings.inquiryId, inquiryId));
const groupCount = async (rootId: number) =>
  (await t.db.select({ n: count() }).from(dispatchGroups).where(eq(dispatchGroups.rootId, rootId)))[0]!.n;
const noticesOf = (who: Person, messageKey: string) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, who.user.id), eq(notices.messageKey, messageKey)));
const runEscalation = (at: Date) => {
  const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
  return dispatchEscalationJob.run({ db: t.db, clock: t.clock, log, slot: at } as never);
};

async function buildColleague(owner: Person) {
  const colleague = await t.buildEmployee(owner);
  await t.verifyRealName(colleague);
  return colleague;
}

/** A supplier whose assign group (2 hours) has a dispatcher and two order takers, and a colleague outside it. */
async function assignTeam() {
  const owner = await buildSupplier();
  const dispatcher = await buildColleague(owner);
  const first = await buildColleague(owner);
  const second = await buildColleague(owner);
  const outsider = await buildColleague(owner);
  const saved = await saveGroup(
    owner,
    groupFields(
      [
        { userId: dispatcher.user.id, role: 'dispatcher' },
        { userId: first.user.id, role: 'staff' },
        { userId: second.user.id, role: 'staff' },
      ],
      { mode: 'assign', assignHours: 2 },
    ),
  );
  expect(saved.body.codeFlag).toBe(CodeFlag.ok);
  return { owner, dispatcher, first, second, outsider };
}

describe('dispatch groups (dispatch_group/list, save, delete)', () => {
  it('saves, lists, changes and deletes a group with its members, areas and products', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const owner = await buildSupplier();
    const staff = await buildColleague(owner);
    expect((await listGroups(owner)).body.data).toEqual({ list: [] });
    const saved = await saveGroup(
      owner,
      groupFields([
        { userId: owner.user.id, role: 'dispatcher' },
        { userId: staff.user.id, role: 'staff' },
      ]),
    );
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    const [group] = saved.body.data!.list;
    expect(group).toMatchObject({
      name: '华南组',
      mode: 'grab',
      assignHours: null,
      members: [
        { userId: owner.user.id, role: 'dispatcher', owner: true },
        { userId: staff.user.id, role: 'staff', owner: false, nickName: staff.user.nickName },
      ],
      areas: [{ province: '广东省', city: '', district: '' }],
      products: [{ sortId: 13 }],
    });
    const changed = await saveGroup(
      owner,
      groupFields(
        [
          { userId: staff.user.id, role: 'staff' },
          { userId: owner.user.id, role: 'dispatcher' },
        ],
        {
          id: group!.id,
          name: '佛山组',
          mode: 'assign',
          assignHours: 4,
          areas: [
            { province: '广东省', city: '佛山市', district: '南海区' },
            { province: '河南省', city: '郑州市' },
          ],
        },
      ),
    );
    expect(changed.body.data!.list).toMatchObject([
      {
        id: group!.id,
        name: '佛山组',
        mode: 'assign',
        assignHours: 4,
        areas: [{ province: '广东省' }, { province: '河南省' }],
      },
    ]);
    expect((await listGroups(owner)).body.data).toEqual(changed.body.data);
    const deleted = await t.call(Calls.dispatchGroupDelete, { id: group!.id }, { session: owner.session });
    expect(deleted.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { list: [] } });
  });

  it('refuses bad input with a localized message and writes nothing', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const owner = await buildSupplier();
    const staff = await buildColleague(owner);
    const stranger = await buildSupplier();
    const staffOnly = [{ userId: staff.user.id, role: 'staff' as const }];
    const cases: [GroupFields, string][] = [
      [groupFields(staffOnly, { name: ' ' }), 'Please enter the group name'],
      [groupFields([{ userId: staff.user.id, role: 'dispatcher' }]), 'Dispatcher selection needs an order taker'],
      [groupFields(staffOnly, { mode: 'assign', assignHours: 2 }), 'An assign group needs a group dispatcher'],
      [
        groupFields([...staffOnly, { userId: owner.user.id, role: 'dispatcher' }], { mode: 'assign' }),
        'Please enter the assign duration (1 to 72 hours)',
      ],
      [groupFields(staffOnly, { sortIds: [13, 13] }), 'Avoid duplicate categories.'],
      [groupFields(staffOnly, { sortIds: [] }), 'Please choose at least one product'],
      [groupFields(staffOnly, { areas: [] }), 'Please choose at least one service area'],
      [
        groupFields(staffOnly, { areas: [{ province: '广东省', city: '郑州市' }] }),
        'Please choose a valid province, city and district',
      ],
      [
        groupFields([...staffOnly, { userId: stranger.user.id, role: 'staff' }]),
        'Members must be active people of your company',
      ],
      [groupFields(staffOnly, { sortIds: [78] }), 'Please choose physical product categories'],
    ];
    for (const [fields, message] of cases) {
      const answer = await saveGroup(owner, fields, 'en-US');
      expect(answer.body, message).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: message });
    }
    const zh = await saveGroup(owner, groupFields([{ userId: staff.user.id, role: 'dispatcher' }]));
    expect(zh.body.mesg).toBe('选择调度员需要有接单员');
    expect(
      (await t.callRaw(Calls.dispatchGroupSave, { name: 'x', mode: 'x' }, { session: owner.session })).body.codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect(await groupCount(owner.user.id)).toBe(0);
  });

  it("refuses a second group claiming the same area and product, or the name, and another company's group", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const owner = await buildSupplier();
    const staff = await buildColleague(owner);
    const members = [{ userId: staff.user.id, role: 'staff' as const }];
    const first = (await saveGroup(owner, groupFields(members))).body.data!.list[0]!;
    // A city inside the first group's province, for the same product.
    const clash = await saveGroup(
      owner,
      groupFields(members, { name: '佛山组', areas: [{ province: '广东省', city: '佛山市' }], sortIds: [13, 12] }),
      'en-US',
    );
    expect(clash.body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'Conflict with other groups. Delete or change area to resolve. (华南组)',
    });
    const sameName = await saveGroup(owner, groupFields(members, { areas: [{ province: '河南省' }] }), 'en-US');
    expect(sameName.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: 'Group name already exists' });
    // The same area for another product, or another area for the same product, is no conflict.
    expect((await saveGroup(owner, groupFields(members, { name: '铜组', sortIds: [12] }))).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect(
      (await saveGroup(owner, groupFields(members, { name: '河南组', areas: [{ province: '河南省' }] }))).body.codeFlag,
    ).toBe(CodeFlag.ok);
    expect(await groupCount(owner.user.id)).toBe(3);

    const other = await buildSupplier();
    const otherStaff = await buildColleague(other);
    const taken = await saveGroup(
      other,
      groupFields([{ userId: otherStaff.user.id, role: 'staff' }], { id: first.id, name: '改' }),
    );
    expect(taken.body.codeFlag).toBe(CodeFlag.forbidden);
    const removed = await t.call(Calls.dispatchGroupDelete, { id: first.id }, { session: other.session });
    expect(removed.body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.dispatchGroupDelete, { id: 9_999_999 }, { session: owner.session })).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect((await t.callRaw(Calls.dispatchGroupDelete, { id: 'x' }, { session: owner.session })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    expect((await listGroups(owner)).body.data!.list.find((g) => g.id === first.id)).toMatchObject({ name: '华南组' });
    // Another company's groups never show, and another company may use the same name and area.
    expect((await listGroups(other)).body.data!.list).toEqual([]);
    expect((await saveGroup(other, groupFields([{ userId: otherStaff.user.id, role: 'staff' }]))).body.codeFlag).toBe(
      CodeFlag.ok,
    );
  });
});

describe('routing and grab mode', () => {
  it("routes a matching inquiry to the grab group's staff, who alone may grab it until the group is deleted", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const owner = await buildSupplier();
    const member = await buildColleague(owner);
    const outsider = await buildColleague(owner);
    const early = await openInquiry(buyer);
    // Saving the group routes what is already open; what opens later is routed as it opens.
    await saveGroup(owner, groupFields([{ userId: member.user.id, role: 'staff' }]));
    const later = await openInquiry(buyer);
    const elsewhere = await openInquiry(buyer, { province: '河南省', city: '郑州市', district: '巩义市' });
    expect(await queue(member)).toEqual([
      { id: early.id, action: 'grab', escalated: false },
      { id: later.id, action: 'grab', escalated: false },
    ]);
    expect(await queue(outsider)).toEqual([]);

    const refused = await t.call(Calls.inquiryGrab, { id: early.id }, { session: outsider.session, lang: 'en-US' });
    expect(refused.body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: 'This inquiry belongs to the dispatch group "华南组"',
    });
    const quoted = await t.call(Calls.quoteSave, quoteFields(early, [22_000, 23_000]), { session: outsider.session });
    expect(quoted.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await holding(early.id)).toEqual([]);
    expect((await grab(outsider, elsewhere.id)).body.codeFlag).toBe(CodeFlag.ok);

    expect((await grab(member, early.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await queue(member)).toEqual([
      { id: early.id, action: 'handle', escalated: false },
      { id: later.id, action: 'grab', escalated: false },
    ]);
    const groupId = (await listGroups(owner)).body.data!.list[0]!.id;
    await t.call(Calls.dispatchGroupDelete, { id: groupId }, { session: owner.session });
    expect(await t.db.select().from(inquiryDispatches).where(eq(inquiryDispatches.rootId, owner.user.id))).toEqual([]);
    expect((await grab(outsider, later.id)).body.codeFlag).toBe(CodeFlag.ok);
  });
});

describe('assign mode (inquiry/distribute, inquiry/transfer, escalation)', () => {
  it('lets a dispatcher assign to a member, the holder hand it on, and escalates when the hours pass', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const { owner, dispatcher, first, second, outsider } = await assignTeam();
    const inquiry = await openInquiry(buyer);
    const waiting = await openInquiry(buyer);
    expect(await queue(dispatcher)).toEqual([
      { id: inquiry.id, action: 'assign', escalated: false },
      { id: waiting.id, action: 'assign', escalated: false },
    ]);
    expect(await queue(owner)).toHaveLength(2);
    expect(await queue(first)).toEqual([]);
    const wait = await t.call(Calls.inquiryGrab, { id: inquiry.id }, { session: first.session, lang: 'en-US' });
    expect(wait.body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'The dispatchers of "华南组" assign this inquiry: wait for the assignment',
    });

    expect((await distribute(first, inquiry.id, second)).body.codeFlag).toBe(CodeFlag.forbidden);
    const notMember = await distribute(dispatcher, inquiry.id, outsider, 'en-US');
    expect(notMember.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Please choose a member of the group',
    });
    expect(await holding(inquiry.id)).toEqual([]);
    expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await holding(inquiry.id)).toMatchObject([{ userId: first.user.id, state: 'grabbed' }]);
    expect(await noticesOf(first, 'notice.inquiryAssigned')).toHaveLength(1);
    expect(await queue(first)).toEqual([{ id: inquiry.id, action: 'handle', escalated: false }]);
    expect(await queue(dispatcher)).toEqual([{ id: waiting.id, action: 'assign', escalated: false }]);
    const again = await distribute(owner, inquiry.id, second, 'en-US');
    expect(again.body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: `${first.user.nickName} is already handling this inquiry`,
    });

    // Only the holder hands it on, to a member of the group.
    expect((await transfer(second, inquiry.id, first, 'en-US')).body.mesg).toBe(
      'Only the person handling this inquiry may hand it on',
    );
    expect((await transfer(first, inquiry.id, outsider)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await transfer(first, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.invalidInput);
    t.clock.set(shanghai('2026-11-24T11:00:00'));
    expect((await transfer(first, inquiry.id, second)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await holding(inquiry.id)).toMatchObject([{ userId: second.user.id, state: 'grabbed' }]);
    expect(await noticesOf(second, 'notice.inquiryTransferred')).toHaveLength(1);
    expect(await queue(second)).toEqual([{ id: inquiry.id, action: 'handle', escalated: false }]);

    // 12:00: the unassigned one's two hours are over; the transferred one has until 13:00.
    await runEscalation(shanghai('2026-11-24T12:00:00'));
    expect(await noticesOf(dispatcher, 'notice.inquiryEscalated')).toHaveLength(1);
    expect(await noticesOf(owner, 'notice.inquiryEscalated')).toHaveLength(1);
    expect(await noticesOf(first, 'notice.inquiryEscalated')).toEqual([]);
    expect(await holding(inquiry.id)).toMatchObject([{ userId: second.user.id }]);
    await runEscalation(shanghai('2026-11-24T13:00:00'));
    await runEscalation(shanghai('2026-11-24T13:01:00'));
    expect(await noticesOf(dispatcher, 'notice.inquiryEscalated')).toHaveLength(2);
    expect(await holding(inquiry.id)).toEqual([]);
    t.clock.set(shanghai('2026-11-24T13:02:00'));
    // Back in the company's pool: anyone of it may grab, dispatchers may still assign.
    expect(await queue(dispatcher)).toEqual([
      { id: waiting.id, action: 'assign', escalated: true },
      { id: inquiry.id, action: 'assign', escalated: true },
    ]);
    expect((await grab(outsider, waiting.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await queue(first)).toEqual([{ id: inquiry.id, action: 'handle', escalated: false }]);
  }, 60_000);

  it('never escalates an inquiry its assignee quoted', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const { owner, dispatcher, first } = await assignTeam();
    const inquiry = await openInquiry(buyer);
    await distribute(dispatcher, inquiry.id, first);
    const quoted = await t.call(Calls.quoteSave, quoteFields(inquiry, [22_000, 23_000]), { session: first.session });
    expect(quoted.body.codeFlag).toBe(CodeFlag.ok);
    await runEscalation(shanghai('2026-11-24T15:00:00'));
    expect(await noticesOf(owner, 'notice.inquiryEscalated')).toEqual([]);
    expect(await holding(inquiry.id)).toMatchObject([{ userId: first.user.id, state: 'quoted' }]);
    t.clock.set(shanghai('2026-11-24T15:00:00'));
    expect(await queue(first)).toEqual([]);
    // The owner answers for the company and may quote a routed inquiry without waiting for a dispatcher.
    const another = await openInquiry(buyer);
    const byOwner = await t.call(Calls.quoteSave, quoteFields(another, [22_000, 23_000]), { session: owner.session });
    expect(byOwner.body.codeFlag).toBe(CodeFlag.ok);
    expect(await queue(dispatcher)).toEqual([]);
  });

  it("refuses another company's inquiries and unrouted ones, changing nothing", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const { owner, dispatcher, first } = await assignTeam();
    const other = await assignTeam();
    const inquiry = await openInquiry(buyer);
    const own = await openInquiry(owner);
    const unrouted = await openInquiry(buyer, { province: '河南省', city: '郑州市', district: '巩义市' });
    // Another company's dispatcher cannot give our routed inquiry to one of ours, nor to one of theirs.
    expect((await distribute(other.dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await distribute(dispatcher, own.id, first)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await distribute(dispatcher, unrouted.id, first, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'This inquiry is not routed to a dispatch group',
    });
    expect((await distribute(dispatcher, 9_999_999, first)).body.codeFlag).toBe(CodeFlag.notFound);
    expect(
      (await t.callRaw(Calls.inquiryDistribute, { id: inquiry.id, userId: 'x' }, { session: dispatcher.session })).body
        .codeFlag,
    ).toBe(CodeFlag.invalidInput);
    await distribute(dispatcher, inquiry.id, first);
    // The other company's people cannot take ours over or hand it on.
    expect((await transfer(other.first, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.conflict);
    expect((await transfer(first, inquiry.id, other.first)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(
      (await t.callRaw(Calls.inquiryTransfer, { id: 'x', userId: first.user.id }, { session: first.session })).body
        .codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect(await holding(inquiry.id)).toMatchObject([{ userId: first.user.id, rootId: first.user.rootId }]);
    expect(await holding(own.id)).toEqual([]);
    expect(await holding(unrouted.id)).toEqual([]);
    expect((await t.callRaw(Calls.dispatchQueue, { page: 0 }, { session: first.session })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    // Theirs to assign as far as their own company goes: each company's routing is its own.
    expect(await queue(other.dispatcher)).toEqual([
      { id: inquiry.id, action: 'assign', escalated: false },
      { id: own.id, action: 'assign', escalated: false },
    ]);
  }, 60_000);

  it('never gives an inquiry to a colleague the company disabled or removed, nor takes a removed one into a group', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const { owner, dispatcher, first, second } = await assignTeam();
    const inquiry = await openInquiry(buyer);
    const disabled = await t.call(Calls.staffDisable, { userId: second.user.id }, { session: owner.session });
    expect(disabled.body.codeFlag).toBe(CodeFlag.ok);
    expect((await distribute(dispatcher, inquiry.id, second)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await holding(inquiry.id)).toEqual([]);

    expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);
    const removed = await t.call(Calls.staffDelete, { userId: second.user.id }, { session: owner.session });
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    expect((await transfer(first, inquiry.id, second)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await holding(inquiry.id)).toMatchObject([{ userId: first.user.id, state: 'grabbed' }]);
    // Nor, outside any group, to the removed colleague.
    const unrouted = await openInquiry(buyer, { province: '河南省', city: '郑州市', district: '巩义市' });
    expect((await grab(first, unrouted.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await transfer(first, unrouted.id, second)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await holding(unrouted.id)).toMatchObject([{ userId: first.user.id, state: 'grabbed' }]);

    const [group] = (await listGroups(owner)).body.data!.list;
    expect(group!.members.map((m) => m.userId)).not.toContain(second.user.id);
    const readded = await saveGroup(
      owner,
      groupFields(
        [
          { userId: dispatcher.user.id, role: 'dispatcher' },
          { userId: second.user.id, role: 'staff' },
        ],
        { id: group!.id, mode: 'assign', assignHours: 2 },
      ),
    );
    expect(readded.body.codeFlag).toBe(CodeFlag.invalidInput);
  }, 60_000);
});

describe('dispatchers and staff acting at the same moment', () => {
  it('gives an inquiry to one member when two dispatchers assign it at once', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const { owner, dispatcher, first, second } = await assignTeam();
    const inquiry = await openInquiry(buyer);
    const answers = await Promise.all([
      distribute(dispatcher, inquiry.id, first),
      distribute(owner, inquiry.id, second),
    ]);
    expect(answers.map((a) => a.body.codeFlag).sort()).toEqual([CodeFlag.ok, CodeFlag.conflict]);
    const rows = await holding(inquiry.id);
    expect(rows).toHaveLength(1);
    const [routed] = await t.db
      .select()
      .from(inquiryDispatches)
      .where(and(eq(inquiryDispatches.inquiryId, inquiry.id), eq(inquiryDispatches.rootId, owner.user.id)));
    expect(routed!.assigneeId).toBe(rows[0]!.userId);
  });

  it("leaves one holder when two of a grab group's staff grab at once", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const owner = await buildSupplier();
    const first = await buildColleague(owner);
    const second = await buildColleague(owner);
    await saveGroup(
      owner,
      groupFields([
        { userId: first.user.id, role: 'staff' },
        { userId: second.user.id, role: 'staff' },
      ]),
    );
    const inquiry = await openInquiry(buyer);
    const answers = await Promise.all([grab(first, inquiry.id), grab(second, inquiry.id)]);
    expect(answers.map((a) => a.body.codeFlag).sort()).toEqual([CodeFlag.ok, CodeFlag.conflict]);
    expect(await holding(inquiry.id)).toHaveLength(1);
  });
});

// Calls caught in the middle of their transactions, which only PostgreSQL's own connections can hold
// open beside the job (PGlite runs one transaction at a time). CI runs this in its PostgreSQL pass.
if (process.env.TEST_DATABASE_URL) {
  /**
   * A transaction on a connection of its own that did `work` and stays open, holding the locks it took,
   * until released: a call caught in the middle of its transaction.
   */
  async function heldOpen(work: (tx: Executor) => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const done = t.db.transaction(async (tx) => {
      await work(tx);
      held();
      await released;
    });
    await holding;
    return { release, done };
  }

  /** Until `statements` statements wait for a lock (calls behind a held one), or two seconds. */
  async function untilWaiting(statements = 1) {
    const deadline = Date.now() + 2000;
    while (Date.now() < deadline) {
      const { rows } = (await t.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'`,
      )) as unknown as { rows: { n: number }[] };
      if (rows[0]!.n >= statements) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  describe('the escalation job against calls in flight (PostgreSQL)', () => {
    /**
     * A call holding the inquiry's lock (as inquiry/quote and inquiry/close take it) with its change
     * written and not yet committed, until released.
     */
    const inFlight = (inquiryId: number, change: (tx: Executor) => Promise<unknown>) =>
      heldOpen(async (tx) => {
        await lockInquiry(tx, inquiryId);
        await change(tx);
      });

    it('waits for a quote and a close holding their inquiries, then escalates neither', async () => {
      t.clock.set(shanghai('2026-11-24T10:00:00'));
      const buyer = await buildBuyer();
      const { owner, dispatcher, first } = await assignTeam();
      const quoting = await openInquiry(buyer);
      const closing = await openInquiry(buyer);
      for (const inquiry of [quoting, closing])
        expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);

      // 13:00, past the two hours: the assignee's quote and the buyer's close are under way.
      const quote = await inFlight(quoting.id, (tx) =>
        tx
          .update(inquiryHandlings)
          .set({ state: 'quoted' })
          .where(and(eq(inquiryHandlings.inquiryId, quoting.id), eq(inquiryHandlings.rootId, owner.user.id))),
      );
      const close = await inFlight(closing.id, (tx) =>
        tx.update(inquiries).set({ status: 'closed' }).where(eq(inquiries.id, closing.id)),
      );
      const job = runEscalation(shanghai('2026-11-24T13:00:00'));
      try {
        expect(await untilWaiting()).toBe(true);
      } finally {
        quote.release();
        close.release();
        await Promise.all([quote.done, close.done, job]);
      }

      expect(await noticesOf(owner, 'notice.inquiryEscalated')).toEqual([]);
      expect(await noticesOf(dispatcher, 'notice.inquiryEscalated')).toEqual([]);
      const routed = await t.db
        .select({ escalatedAt: inquiryDispatches.escalatedAt, assigneeId: inquiryDispatches.assigneeId })
        .from(inquiryDispatches)
        .where(eq(inquiryDispatches.rootId, owner.user.id));
      expect(routed).toEqual([
        { escalatedAt: null, assigneeId: first.user.id },
        { escalatedAt: null, assigneeId: first.user.id },
      ]);
      expect(await holding(quoting.id)).toMatchObject([{ userId: first.user.id, state: 'quoted' }]);
      expect(await holding(closing.id)).toMatchObject([{ userId: first.user.id, state: 'grabbed' }]);
    });

    it('escalates what no call holds back once the call holding it is done', async () => {
      t.clock.set(shanghai('2026-11-24T10:00:00'));
      const buyer = await buildBuyer();
      const { owner, dispatcher, first } = await assignTeam();
      const inquiry = await openInquiry(buyer);
      expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);
      // A call that locks the inquiry and lets it be (a refused grab, say).
      const call = await inFlight(inquiry.id, async () => undefined);
      const job = runEscalation(shanghai('2026-11-24T13:00:00'));
      try {
        // The job waits for the call's lock.
        expect(await untilWaiting()).toBe(true);
      } finally {
        call.release();
        await Promise.all([call.done, job]);
      }
      expect(await noticesOf(owner, 'notice.inquiryEscalated')).toHaveLength(1);
      expect(await holding(inquiry.id)).toEqual([]);
    });
  });

  describe('a leaving employee’s hand-over against inquiry calls in flight (PostgreSQL)', () => {
    const routingOf = async (inquiryId: number, rootId: number) =>
      (
        await t.db
          .select({ escalatedAt: inquiryDispatches.escalatedAt, assigneeId: inquiryDispatches.assigneeId })
          .from(inquiryDispatches)
          .where(and(eq(inquiryDispatches.inquiryId, inquiryId), eq(inquiryDispatches.rootId, rootId)))
      )[0];
    /** Another transaction holding the company's handling row of the inquiry: a call writing it waits there. */
    const handlingHeld = (inquiryId: number, rootId: number) =>
      heldOpen((tx) =>
        tx
          .select()
          .from(inquiryHandlings)
          .where(and(eq(inquiryHandlings.inquiryId, inquiryId), eq(inquiryHandlings.rootId, rootId)))
          .for('update'),
      );
    const remove = (owner: Person, leaver: Person, handoverTo?: Person, lang?: string) =>
      t.call(
        Calls.staffDelete,
        { userId: leaver.user.id, ...(handoverTo ? { handoverTo: handoverTo.user.id } : {}) },
        { session: owner.session, ...(lang ? { lang } : {}) },
      );

    for (const call of ['inquiry/distribute', 'inquiry/transfer'] as const) {
      it(`an ${call} to the employee leaving, checked before the hand-over and written after it, is handed over too`, async () => {
        t.clock.set(shanghai('2026-11-24T10:00:00'));
        const buyer = await buildBuyer();
        const { owner, dispatcher, first, second } = await assignTeam();
        const inquiry = await openInquiry(buyer);
        // The company's handling row the call writes: the owner passed on the inquiry, or `second` holds it.
        if (call === 'inquiry/distribute')
          expect(
            (await t.call(Calls.inquiryIgnore, { id: inquiry.id }, { session: owner.session })).body.codeFlag,
          ).toBe(CodeFlag.ok);
        else expect((await distribute(dispatcher, inquiry.id, second)).body.codeFlag).toBe(CodeFlag.ok);

        // The call checks that `first` may take the inquiry, then waits to write them.
        const handling = await handlingHeld(inquiry.id, owner.user.id);
        const giving =
          call === 'inquiry/distribute'
            ? distribute(dispatcher, inquiry.id, first)
            : transfer(second, inquiry.id, first);
        expect(await untilWaiting()).toBe(true);
        // Meanwhile `first` is removed, handing over to the dispatcher: at once, or after the call.
        const leaving = remove(owner, first, dispatcher);
        await Promise.race([leaving, untilWaiting(2)]);
        handling.release();
        const [given, left] = await Promise.all([giving, leaving, handling.done]);

        expect(left.body.codeFlag).toBe(CodeFlag.ok);
        expect(given.body.codeFlag).toBe(CodeFlag.ok);
        // The call came first, and its inquiry went on with the rest of their work: none is left with them.
        expect(await holding(inquiry.id)).toMatchObject([{ userId: dispatcher.user.id, state: 'grabbed' }]);
        expect(await routingOf(inquiry.id, owner.user.id)).toEqual({
          escalatedAt: null,
          assigneeId: dispatcher.user.id,
        });
      });
    }

    it('the escalation job and a hand-over moving the same inquiry take turns on its lock: neither deadlocks', async () => {
      t.clock.set(shanghai('2026-11-24T10:00:00'));
      const buyer = await buildBuyer();
      const { owner, dispatcher, first, second } = await assignTeam();
      const inquiry = await openInquiry(buyer);
      expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);
      t.clock.set(shanghai('2026-11-24T13:00:00'));

      // `first` is removed, handing over to `second`; the hand-over waits a moment to move the handling row.
      const handling = await handlingHeld(inquiry.id, owner.user.id);
      const leaving = remove(owner, first, second);
      expect(await untilWaiting()).toBe(true);
      // 13:00, past the two hours: the job escalates the inquiry the hand-over is moving.
      const job = runEscalation(shanghai('2026-11-24T13:00:00'));
      expect(await untilWaiting(2)).toBe(true);
      handling.release();
      const [left] = await Promise.all([leaving, job, handling.done]);

      expect(left.body.codeFlag).toBe(CodeFlag.ok);
      // The hand-over first, then the job: escalated from the colleague it went to, back to the pool.
      expect(await routingOf(inquiry.id, owner.user.id)).toEqual({
        escalatedAt: shanghai('2026-11-24T13:00:00'),
        assigneeId: null,
      });
      expect(await holding(inquiry.id)).toEqual([]);
      expect(await noticesOf(owner, 'notice.inquiryEscalated')).toHaveLength(1);
    });

    it('a hand-over to a colleague removed while it waited is refused in the caller’s language, moving nothing', async () => {
      t.clock.set(shanghai('2026-11-24T10:00:00'));
      const buyer = await buildBuyer();
      const { owner, dispatcher, first, second } = await assignTeam();
      const inquiry = await openInquiry(buyer);
      expect((await distribute(dispatcher, inquiry.id, first)).body.codeFlag).toBe(CodeFlag.ok);

      // An action of `first` under way holds their user row (lockActingMember): their removal waits for it.
      const acting = await heldOpen((tx) =>
        tx.execute(sql`select 1 from ${users} where ${users.id} = ${first.user.id} for share`),
      );
      const leaving = remove(owner, first, second, 'en-US');
      expect(await untilWaiting()).toBe(true);
      // Meanwhile the colleague it names is removed.
      expect((await remove(owner, second)).body.codeFlag).toBe(CodeFlag.ok);
      acting.release();
      const [left] = await Promise.all([leaving, acting.done]);

      expect(left.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'Hand over to another active person of your company',
      });
      expect(await holding(inquiry.id)).toMatchObject([{ userId: first.user.id, state: 'grabbed' }]);
      expect(await routingOf(inquiry.id, owner.user.id)).toMatchObject({ assigneeId: first.user.id });
      // Handed over to someone still there, it goes on.
      expect((await remove(owner, first, dispatcher)).body.codeFlag).toBe(CodeFlag.ok);
      expect(await holding(inquiry.id)).toMatchObject([{ userId: dispatcher.user.id, state: 'grabbed' }]);
    });
  });
}

describe('a leaving employee’s hand-over (staff/delete, staff/disable) and the dispatch assignee', () => {
  const routingsOf = (rootId: number) =>
    t.db
      .select({ inquiryId: inquiryDispatches.inquiryId, assigneeId: inquiryDispatches.assigneeId })
      .from(inquiryDispatches)
      .where(eq(inquiryDispatches.rootId, rootId))
      .orderBy(inquiryDispatches.inquiryId);

  it('names the colleague handed to (or nobody, back in the pool) as the assignee, in the own company only', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const { owner, dispatcher, first, second } = await assignTeam();
    const other = await assignTeam();
    const grabbed = await openInquiry(buyer);
    const quoted = await openInquiry(buyer);
    const seconds = await openInquiry(buyer);
    for (const [id, to] of [
      [grabbed.id, first],
      [quoted.id, first],
      [seconds.id, second],
    ] as const)
      expect((await distribute(dispatcher, id, to)).body.codeFlag).toBe(CodeFlag.ok);
    const quote = await t.call(Calls.quoteSave, quoteFields(quoted, [22_000, 23_000]), { session: first.session });
    expect(quote.body.codeFlag).toBe(CodeFlag.ok);
    // The other company gave the same inquiry to its own order taker.
    expect((await distribute(other.dispatcher, grabbed.id, other.first)).body.codeFlag).toBe(CodeFlag.ok);
    const theirs = await routingsOf(other.owner.user.id);

    // Refused, changing nothing: a colleague of another company, or the one leaving.
    const before = await routingsOf(owner.user.id);
    for (const handoverTo of [other.second.user.id, first.user.id]) {
      const refused = await t.call(
        Calls.staffDelete,
        { userId: first.user.id, handoverTo },
        { session: owner.session, lang: 'en-US' },
      );
      expect(refused.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'Hand over to another active person of your company',
      });
    }
    expect(await routingsOf(owner.user.id)).toEqual(before);

    // Removed, handing over to a named colleague: that colleague is the assignee of what was theirs.
    const removed = await t.call(
      Calls.staffDelete,
      { userId: first.user.id, handoverTo: second.user.id },
      { session: owner.session },
    );
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    expect(await routingsOf(owner.user.id)).toEqual(
      [
        { inquiryId: grabbed.id, assigneeId: second.user.id },
        { inquiryId: quoted.id, assigneeId: second.user.id },
        { inquiryId: seconds.id, assigneeId: second.user.id },
      ].sort((a, b) => a.inquiryId - b.inquiryId),
    );
    expect(await routingsOf(other.owner.user.id)).toEqual(theirs);

    // Disabled without naming anyone: what they only held goes back to the pool, what they quoted to the owner.
    const disabled = await t.call(Calls.staffDisable, { userId: second.user.id }, { session: owner.session });
    expect(disabled.body.codeFlag).toBe(CodeFlag.ok);
    expect(await routingsOf(owner.user.id)).toEqual(
      [
        { inquiryId: grabbed.id, assigneeId: null },
        { inquiryId: quoted.id, assigneeId: owner.user.id },
        { inquiryId: seconds.id, assigneeId: null },
      ].sort((a, b) => a.inquiryId - b.inquiryId),
    );
    expect(await routingsOf(other.owner.user.id)).toEqual(theirs);
  }, 60_000);
});
