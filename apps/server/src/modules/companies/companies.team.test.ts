import { Calls, CodeFlag } from '@metal/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../accounts/accounts.table';
import { companyLinkWays } from './companies.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DETAIL = Calls.linkWayDetail;
const SAVE = Calls.linkWaySave;
const TEAM = Calls.companyTeam;

async function buildTeam() {
  const owner = await t.buildUser({ nickName: '王老板' });
  const company = await t.buildCompany(owner.user.id);
  // A salesman: no 'company' permission, so the contact ways are the owner's to set.
  const colleague = await t.buildEmployee(owner, { permissions: ['stock', 'quote'] });
  await t.db.update(users).set({ nickName: '李销售' }).where(eq(users.id, colleague.user.id));
  return { owner, company, colleague };
}

const waysOf = async (rootId: number) =>
  (await t.db.select({ n: count() }).from(companyLinkWays).where(eq(companyLinkWays.rootId, rootId)))[0]?.n ?? 0;

describe('company/link_way/detail and save', () => {
  it("saves one way per purpose naming the company's people, and answers them with the people to choose from", async () => {
    const { owner, colleague } = await buildTeam();
    const empty = await t.call(DETAIL, {}, { session: owner.session });
    expect(empty.body.data).toEqual({
      ways: [],
      people: [
        { userId: owner.user.id, name: '王老板', phone: owner.phone, isOwner: true },
        { userId: colleague.user.id, name: '李销售', phone: colleague.phone, isOwner: false },
      ],
    });
    const saved = await t.call(
      SAVE,
      {
        ways: [
          { purpose: 'afterSales', userId: owner.user.id, channel: 'landline', value: '0757-86661234' },
          { purpose: 'sales', userId: colleague.user.id, channel: 'wechat', value: 'li_sales01' },
          { purpose: 'purchasing', userId: owner.user.id, channel: 'chat', value: 'ignored' },
        ],
      },
      { session: owner.session },
    );
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    expect(saved.body.data!.ways).toEqual([
      { purpose: 'sales', userId: colleague.user.id, name: '李销售', channel: 'wechat', value: 'li_sales01' },
      { purpose: 'purchasing', userId: owner.user.id, name: '王老板', channel: 'chat', value: '' },
      { purpose: 'afterSales', userId: owner.user.id, name: '王老板', channel: 'landline', value: '0757-86661234' },
    ]);
    // Saving again replaces the whole set.
    await t.call(
      SAVE,
      { ways: [{ purpose: 'sales', userId: owner.user.id, channel: 'qq', value: '12345678' }] },
      { session: owner.session },
    );
    expect(await waysOf(owner.user.id)).toBe(1);
    // A colleague reads them (for the company page) but only the owner changes them.
    expect((await t.call(DETAIL, {}, { session: colleague.session })).body.data!.ways).toHaveLength(1);
    const byColleague = await t.call(SAVE, { ways: [] }, { session: colleague.session });
    expect(byColleague.body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await waysOf(owner.user.id)).toBe(1);
  });

  it.each([
    [
      'a mobile that is not one',
      { channel: 'phone', value: '12345' },
      '请输入正确的手机号码',
      'Please enter the correct phone number',
    ],
    [
      'a bad landline',
      { channel: 'landline', value: '86661234' },
      '请输入正确的电话号码',
      'Please enter a valid phone number',
    ],
    ['a bad QQ', { channel: 'qq', value: '0123' }, '请输入正确的QQ号', 'Please enter a valid QQ number'],
    [
      'a bad WeChat id',
      { channel: 'wechat', value: '1abc' },
      '请输入正确的微信号（6-20位字母、数字、下划线或减号，以字母开头）',
      'Please enter a valid WeChat ID (6-20 letters, digits, _ or -, starting with a letter)',
    ],
    ['an unknown channel', { channel: 'fax', value: '' }, '请选择联系方式', 'Please choose a contact channel'],
  ])('refuses %s (codeFlag 2, localized) and writes nothing', async (_case, fields, zh, en) => {
    const { owner } = await buildTeam();
    const ways = JSON.stringify([{ purpose: 'sales', userId: owner.user.id, ...fields }]);
    const answer = await t.callRaw(SAVE, { ways }, { session: owner.session });
    expect(answer.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: zh });
    expect((await t.callRaw(SAVE, { ways }, { session: owner.session, lang: 'en-US' })).body.mesg).toBe(en);
    expect(await waysOf(owner.user.id)).toBe(0);
  });

  it('refuses one purpose twice, and JSON that is not', async () => {
    const { owner } = await buildTeam();
    const twice = JSON.stringify([
      { purpose: 'sales', userId: owner.user.id, channel: 'chat' },
      { purpose: 'sales', userId: owner.user.id, channel: 'qq', value: '12345678' },
    ]);
    const answer = await t.callRaw(SAVE, { ways: twice }, { session: owner.session, lang: 'en-US' });
    expect(answer.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Each purpose takes one contact person',
    });
    expect((await t.callRaw(SAVE, { ways: '[{' }, { session: owner.session })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    expect(await waysOf(owner.user.id)).toBe(0);
  });

  it("refuses a way naming another company's person (codeFlag 3) and keeps the ways as they were", async () => {
    const { owner } = await buildTeam();
    const stranger = await t.buildUser();
    await t.buildCompany(stranger.user.id);
    await t.call(
      SAVE,
      { ways: [{ purpose: 'sales', userId: owner.user.id, channel: 'chat' }] },
      { session: owner.session },
    );
    const answer = await t.call(
      SAVE,
      { ways: [{ purpose: 'sales', userId: stranger.user.id, channel: 'phone', value: stranger.phone }] },
      { session: owner.session },
    );
    expect(answer.body).toEqual({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    expect((await t.call(DETAIL, {}, { session: owner.session })).body.data!.ways).toMatchObject([
      { userId: owner.user.id, channel: 'chat' },
    ]);
    // And another company's detail never shows these.
    expect((await t.call(DETAIL, {}, { session: stranger.session })).body.data!.ways).toEqual([]);
  });

  it('asks a visitor to log in', async () => {
    expect((await t.call(DETAIL, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(SAVE, { ways: [] })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('company/team', () => {
  it("shows the company's people with what to contact each for; phones masked for visitors", async () => {
    const { owner, company, colleague } = await buildTeam();
    await t.call(
      SAVE,
      {
        ways: [
          { purpose: 'sales', userId: colleague.user.id, channel: 'phone', value: '13912345678' },
          { purpose: 'afterSales', userId: owner.user.id, channel: 'qq', value: '12345678' },
        ],
      },
      { session: owner.session },
    );
    const viewer = await t.buildUser();
    const seen = await t.call(TEAM, { rootId: owner.user.id }, { session: viewer.session });
    expect(seen.body.data).toEqual({
      rootId: owner.user.id,
      companyName: company.name,
      isDemo: false,
      members: [
        {
          userId: owner.user.id,
          name: '王老板',
          head: '',
          title: 'owner',
          contactFor: [{ purpose: 'afterSales', channel: 'qq', value: '12345678' }],
        },
        {
          userId: colleague.user.id,
          name: '李销售',
          head: '',
          title: 'colleague',
          contactFor: [{ purpose: 'sales', channel: 'phone', value: '13912345678' }],
        },
      ],
    });
    const asVisitor = await t.call(TEAM, { rootId: owner.user.id });
    expect(asVisitor.body.data!.members[1]!.contactFor[0]!.value).toBe('139****5678');
  });

  it('leaves out, and refuses to name, a colleague the company disabled or removed', async () => {
    const { owner, colleague } = await buildTeam();
    const second = await t.buildEmployee(owner, { permissions: ['stock'] });
    await t.call(
      SAVE,
      {
        ways: [
          { purpose: 'sales', userId: colleague.user.id, channel: 'phone', value: '13912345678' },
          { purpose: 'afterSales', userId: second.user.id, channel: 'qq', value: '12345678' },
        ],
      },
      { session: owner.session },
    );
    const removed = await t.call(Calls.staffDelete, { userId: colleague.user.id }, { session: owner.session });
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    const disabled = await t.call(Calls.staffDisable, { userId: second.user.id }, { session: owner.session });
    expect(disabled.body.codeFlag).toBe(CodeFlag.ok);

    const seen = await t.call(TEAM, { rootId: owner.user.id });
    expect(seen.body.data!.members.map((m) => m.userId)).toEqual([owner.user.id]);
    const detail = (await t.call(DETAIL, {}, { session: owner.session })).body.data!;
    expect(detail.ways).toEqual([]);
    expect(detail.people.map((p) => p.userId)).toEqual([owner.user.id]);
    for (const gone of [colleague, second]) {
      const refused = await t.call(
        SAVE,
        { ways: [{ purpose: 'sales', userId: gone.user.id, channel: 'chat' }] },
        { session: owner.session },
      );
      expect(refused.body.codeFlag).toBe(CodeFlag.forbidden);
    }
  });

  it('answers codeFlag 4 for a company without a name or a disabled owner, and 2 for a bad id', async () => {
    const nameless = await t.buildUser();
    await t.buildCompany(nameless.user.id, { name: '' });
    expect((await t.call(TEAM, { rootId: nameless.user.id })).body.codeFlag).toBe(CodeFlag.notFound);
    const { owner } = await buildTeam();
    await t.db.update(users).set({ status: 'disabled' }).where(eq(users.id, owner.user.id));
    expect((await t.call(TEAM, { rootId: owner.user.id })).body.codeFlag).toBe(CodeFlag.notFound);
    const bad = await t.callRaw(TEAM, { rootId: 'x' }, { lang: 'en-US' });
    expect(bad.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
    });
  });
});
