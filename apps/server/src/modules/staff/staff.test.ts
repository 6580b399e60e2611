import { Calls, CodeFlag, chatIdOf, PERMISSIONS, type Permission, translate } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, quoteFields } from '../../../test/inquiry-fixtures';
import { users } from '../accounts/accounts.table';
import { agentBuyQuotes, agentBuys } from '../agent-buys/agent-buys.table';
import { chatHandovers, chatMessages } from '../chat/chat.table';
import { inquiryHandlings, inquiryQuotes } from '../inquiries/inquiries.table';
import { staffMemberRoles, staffMembers, staffRoles } from './staff.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const fixtures = inquiryFixtures(() => t);

const as = (who: { session: string }, lang: 'zh-CN' | 'en-US' = 'zh-CN') => ({ session: who.session, lang });

let roleSerial = 0;

/** The code user/send_code (purpose employee) sent to `phone`. */
async function codeFor(owner: { session: string }, phone: string) {
  const sent = await t.call(Calls.sendCode, { phone, purpose: 'employee' }, as(owner));
  expect(sent.body.codeFlag).toBe(CodeFlag.ok);
  return t.sms.lastCodeFor(phone) ?? '';
}

async function addRole(owner: { session: string }, permissions: Permission[], name = `角色${++roleSerial}`) {
  const saved = await t.call(Calls.roleSave, { name, intro: '测试', permissions }, as(owner));
  expect(saved.body.codeFlag).toBe(CodeFlag.ok);
  return saved.body.data!.id;
}

/** Adds an employee through staff/save and logs them in with their own account. */
async function addEmployee(owner: { session: string }, roleIds: number[], extra: { authorized?: 0 | 1 } = {}) {
  const phone = t.nextPhone();
  const code = await codeFor(owner, phone);
  const saved = await t.call(
    Calls.staffSave,
    { name: '小李', phone, code, password: 'emp12345', qq: '123456', roleIds, ...extra },
    as(owner),
  );
  expect(saved.body).toMatchObject({ codeFlag: CodeFlag.ok });
  const login = await t.call(Calls.login, { account: phone, password: 'emp12345' });
  expect(login.body.codeFlag).toBe(CodeFlag.ok);
  return { userId: saved.body.data!.userId, phone, session: login.body.data!.sessionId };
}

const staffRows = async () => ({
  members: await t.db.select().from(staffMembers),
  roles: await t.db.select().from(staffRoles),
  links: await t.db.select().from(staffMemberRoles),
});

describe('employees (staff/save, list, detail)', () => {
  it('an owner adds an employee who logs in with their own account and acts for the company with their role', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    const role = await addRole(owner, ['stock']);
    const employee = await addEmployee(owner, [role]);

    const info = await t.call(Calls.info, {}, as(employee));
    expect(info.body.data).toMatchObject({ userId: employee.userId, companyRole: 'employee', permissions: ['stock'] });
    const [row] = await t.db.select().from(users).where(eq(users.id, employee.userId));
    expect(row?.rootId).toBe(owner.user.id);

    const list = await t.call(Calls.staffList, {}, as(owner));
    expect(list.body.data!.list.map((m) => [m.userId, m.companyRole])).toEqual([
      [owner.user.id, 'owner'],
      [employee.userId, 'employee'],
    ]);
    expect(list.body.data!.list[1]).toMatchObject({
      name: '小李',
      qq: '123456',
      status: 'active',
      roles: [{ id: role }],
    });
    const detail = await t.call(Calls.staffDetail, { userId: employee.userId }, as(owner));
    expect(detail.body.data).toMatchObject({ phone: employee.phone, roles: [{ id: role }] });

    // The owner's info says every permission.
    const ownerInfo = await t.call(Calls.info, {}, as(owner));
    expect(ownerInfo.body.data).toMatchObject({ companyRole: 'owner', permissions: [...PERMISSIONS] });
  }, 180_000);

  it('edits an employee: roles change at the next call; a new password ends their sessions', async () => {
    const owner = await t.buildUser();
    const stock = await addRole(owner, ['stock']);
    const quote = await addRole(owner, ['quote', 'take_orders']);
    const employee = await addEmployee(owner, [stock]);
    const edited = await t.call(
      Calls.staffSave,
      { userId: employee.userId, name: '李四', qq: '', roleIds: [stock, quote] },
      as(owner),
    );
    expect(edited.body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.info, {}, as(employee))).body.data!.permissions).toEqual([
      'stock',
      'quote',
      'take_orders',
    ]);

    await t.call(
      Calls.staffSave,
      { userId: employee.userId, name: '李四', roleIds: [], password: 'new12345' },
      as(owner),
    );
    expect((await t.call(Calls.info, {}, as(employee))).body.data!.userId).toBe(0);
    const again = await t.call(Calls.login, { account: employee.phone, password: 'new12345' });
    expect(again.body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.info, {}, { session: again.body.data!.sessionId })).body.data!.permissions).toEqual([]);
  }, 180_000);

  it('refuses bad input, a wrong code and registered phones, writing nothing', async () => {
    const owner = await t.buildUser();
    const other = await t.buildUser();
    const before = await staffRows();
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const noName = await t.callRaw(
        Calls.staffSave,
        { name: '', phone: t.nextPhone(), code: '123456', password: 'a1234567' },
        as(owner, lang),
      );
      expect(noName.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: translate('staff.nameRequired', lang),
      });
      const noCode = await t.callRaw(
        Calls.staffSave,
        { name: '王五', phone: t.nextPhone(), password: 'a1234567' },
        as(owner, lang),
      );
      expect(noCode.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate('code.invalid', lang) });
      const badQq = await t.callRaw(
        Calls.staffSave,
        { name: '王五', phone: t.nextPhone(), code: '123456', password: 'a1234567', qq: 'abc' },
        as(owner, lang),
      );
      expect(badQq.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate('staff.qqInvalid', lang) });
      const taken = await t.callRaw(
        Calls.staffSave,
        { name: '王五', phone: other.phone, code: '123456', password: 'a1234567' },
        as(owner, lang),
      );
      expect(taken.body).toMatchObject({
        codeFlag: CodeFlag.conflict,
        mesg: translate('staff.phoneOtherCompany', lang),
      });
    }
    const phone = t.nextPhone();
    await codeFor(owner, phone);
    const wrong = await t.call(
      Calls.staffSave,
      { name: '王五', phone, code: '000000', password: 'a1234567' },
      as(owner),
    );
    expect(wrong.body.codeFlag).toBe(CodeFlag.invalidInput);
    // A code for that phone cannot be sent while it belongs to someone (register's rule).
    const send = await t.call(Calls.sendCode, { phone: other.phone, purpose: 'employee' });
    expect(send.body.codeFlag).toBe(CodeFlag.conflict);
    expect(await staffRows()).toEqual(before);
  }, 180_000);

  it("refuses another company's employee and role, changing nothing", async () => {
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    const theirRole = await addRole(stranger, ['stock']);
    const theirs = await addEmployee(stranger, [theirRole]);
    const mine = await addEmployee(owner, []);
    const before = await staffRows();
    expect((await t.call(Calls.staffDetail, { userId: theirs.userId }, as(owner))).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect(
      (await t.call(Calls.staffSave, { userId: theirs.userId, name: 'x', roleIds: [] }, as(owner))).body.codeFlag,
    ).toBe(CodeFlag.notFound);
    expect(
      (await t.call(Calls.staffSave, { userId: mine.userId, name: 'x', roleIds: [theirRole] }, as(owner))).body
        .codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect((await t.call(Calls.staffDisable, { userId: theirs.userId }, as(owner))).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect((await t.call(Calls.staffDelete, { userId: theirs.userId }, as(owner))).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect(
      (await t.call(Calls.staffDelete, { userId: mine.userId, handoverTo: theirs.userId }, as(owner))).body.codeFlag,
    ).toBe(CodeFlag.invalidInput);
    expect(
      (await t.call(Calls.roleSave, { id: theirRole, name: 'x', permissions: ['stock'] }, as(owner))).body.codeFlag,
    ).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.roleDelete, { id: theirRole }, as(owner))).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.roleList, {}, as(owner))).body.data!.list).toEqual([]);
    expect(await staffRows()).toEqual(before);
  }, 180_000);

  it('protects the owner; only the owner makes, disables or removes the authorized employee', async () => {
    const owner = await t.buildUser();
    const staffRole = await addRole(owner, ['staff']);
    const authorized = await addEmployee(owner, [], { authorized: 1 });
    const manager = await addEmployee(owner, [staffRole]);
    const plain = await addEmployee(owner, []);
    expect((await t.call(Calls.info, {}, as(authorized))).body.data).toMatchObject({
      companyRole: 'authorized',
      permissions: [...PERMISSIONS],
    });
    const before = await staffRows();
    for (const who of [authorized, manager]) {
      for (const [contract, fields] of [
        [Calls.staffDelete, { userId: owner.user.id }],
        [Calls.staffDisable, { userId: owner.user.id }],
        [Calls.staffSave, { userId: owner.user.id, name: 'x' }],
      ] as const) {
        const refused = await t.call(contract as typeof Calls.staffDelete, fields as never, as(who, 'en-US'));
        expect(refused.body).toMatchObject({
          codeFlag: CodeFlag.forbidden,
          mesg: translate('staff.ownerUntouchable', 'en-US'),
        });
      }
    }
    // A manager with the staff permission cannot touch the authorized employee nor make one.
    expect((await t.call(Calls.staffDelete, { userId: authorized.userId }, as(manager))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect(
      (await t.call(Calls.staffSave, { userId: plain.userId, name: 'x', authorized: 1 }, as(manager))).body.codeFlag,
    ).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.staffDelete, { userId: manager.userId }, as(manager))).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    // Without the staff permission, the staff calls themselves are refused.
    expect((await t.call(Calls.staffList, {}, as(plain))).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: translate('noPermission.staff', 'zh-CN'),
    });
    expect(await staffRows()).toEqual(before);
    // The authorized employee may manage the others.
    expect((await t.call(Calls.staffDisable, { userId: plain.userId }, as(authorized))).body.codeFlag).toBe(
      CodeFlag.ok,
    );
  }, 180_000);

  it('lets a manager with the staff permission grant, take over or turn away no permission they do not hold', async () => {
    const owner = await t.buildUser();
    const staffRole = await addRole(owner, ['staff', 'stock']);
    const ordersRole = await addRole(owner, ['orders']);
    const manager = await addEmployee(owner, [staffRole]);
    const seller = await addEmployee(owner, [ordersRole]);
    const before = await staffRows();
    const refusals = [
      await t.call(Calls.roleSave, { name: '全能', permissions: ['stock', 'orders'] }, as(manager, 'en-US')),
      await t.call(
        Calls.roleSave,
        { id: staffRole, name: '经理', permissions: ['staff', 'stock', 'orders'] },
        as(manager, 'en-US'),
      ),
      await t.call(
        Calls.staffSave,
        { userId: manager.userId, name: '小李', qq: '', roleIds: [staffRole, ordersRole] },
        as(manager, 'en-US'),
      ),
      // Setting the password of a colleague who holds more would let the manager log in as them.
      await t.call(
        Calls.staffSave,
        { userId: seller.userId, name: '小李', qq: '', password: 'taken123', roleIds: [] },
        as(manager, 'en-US'),
      ),
      // Nor does the manager turn away a colleague who holds more.
      await t.call(Calls.staffDisable, { userId: seller.userId, disabled: 1 }, as(manager, 'en-US')),
      await t.call(Calls.staffDelete, { userId: seller.userId }, as(manager, 'en-US')),
    ];
    for (const refused of refusals)
      expect(refused.body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
        mesg: translate('noPermission.orders', 'en-US'),
        data: { permission: 'orders' },
      });
    expect(await staffRows()).toEqual(before);
    expect((await t.call(Calls.info, {}, as(manager))).body.data).toMatchObject({ permissions: ['stock', 'staff'] });
    // What they hold they may still hand on.
    const stockRole = await addRole(manager, ['stock']);
    const clerk = await addEmployee(manager, [stockRole]);
    expect((await t.call(Calls.info, {}, as(clerk))).body.data).toMatchObject({ permissions: ['stock'] });
  }, 180_000);
});

describe('disabling and removing (staff/disable, staff/delete)', () => {
  it('ends their sessions at once, returns their held inquiries and quotes, hands over their chats', async () => {
    const { owner, buyer, employee, inquiryA, inquiryB } = await supplierWithWork();
    const colleague = await addEmployee(owner, []);
    // A buyer wrote to them (stored as chat stores it).
    await t.db.insert(chatMessages).values({
      chatId: chatIdOf(employee.userId, buyer.user.id),
      uuid: `u-${employee.userId}`,
      sendUserId: buyer.user.id,
      receiveUserId: employee.userId,
      type: 1,
      info: '{"text":"你好"}',
      sendDate: 1,
      status: 1,
    });

    const disabled = await t.call(Calls.staffDisable, { userId: employee.userId }, as(owner));
    expect(disabled.body.data).toEqual({ quotes: 1, inquiries: 2, orders: 0, chats: 1, toUserId: owner.user.id });
    expect((await t.call(Calls.info, {}, as(employee))).body.data!.userId).toBe(0);
    const login = await t.call(Calls.login, { account: employee.phone, password: 'emp12345' }, { lang: 'en-US' });
    expect(login.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: translate('staff.disabledLogin', 'en-US') });
    const handlings = await t.db.select().from(inquiryHandlings).where(eq(inquiryHandlings.rootId, owner.user.id));
    // The grabbed one is back in the company's pool; the quoted one and its quote are the owner's.
    expect(handlings.map((h) => [h.inquiryId, h.userId, h.state])).toEqual([[inquiryB, owner.user.id, 'quoted']]);
    const [quote] = await t.db.select().from(inquiryQuotes).where(eq(inquiryQuotes.inquiryId, inquiryB));
    expect(quote?.userId).toBe(owner.user.id);
    const [handover] = await t.db.select().from(chatHandovers).where(eq(chatHandovers.formerUserId, employee.userId));
    expect(handover).toMatchObject({ peerId: buyer.user.id, currentUserId: owner.user.id });
    expect(handlings.some((h) => h.inquiryId === inquiryA)).toBe(false);

    // Enabled again, they log in; their list row says so.
    expect((await t.call(Calls.staffDisable, { userId: employee.userId, disabled: 0 }, as(owner))).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await t.call(Calls.login, { account: employee.phone, password: 'emp12345' })).body.codeFlag).toBe(
      CodeFlag.ok,
    );

    // Removed with a named colleague: the phone is free again, the account stays with the company.
    const removed = await t.call(
      Calls.staffDelete,
      { userId: employee.userId, handoverTo: colleague.userId },
      as(owner),
    );
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    const list = await t.call(Calls.staffList, {}, as(owner));
    expect(list.body.data!.list.map((m) => m.userId)).not.toContain(employee.userId);
    const [gone] = await t.db.select().from(users).where(eq(users.id, employee.userId));
    expect(gone).toMatchObject({ rootId: owner.user.id, phone: `~${employee.userId}` });
    t.clock.advance(120);
    expect((await t.call(Calls.sendCode, { phone: employee.phone, purpose: 'employee' })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
  }, 180_000);

  it("hands over their live quotes on agent requests, with the receiver to call; the receiver's own quote stands", async () => {
    const owner = await fixtures.buildSupplier();
    const buyer = await fixtures.buildBuyer();
    const employee = await addEmployee(owner, [await addRole(owner, ['quote'])]);
    const now = t.clock.now();
    const request = async (quoteCount: number) => {
      const [row] = await t.db
        .insert(agentBuys)
        .values({
          userId: buyer.user.id,
          rootId: buyer.user.rootId,
          kind: 'buy',
          status: 'open',
          text: '求购A00铝锭30吨',
          phone: buyer.phone,
          quoteCount,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      return row!.id;
    };
    const quoteOn = async (agentBuyId: number, userId: number, contactName: string) =>
      (
        await t.db
          .insert(agentBuyQuotes)
          .values({
            agentBuyId,
            userId,
            status: 'live',
            info: '现货，含税价20500',
            companyName: '测试铝业',
            contactName,
            phone: '13900000000',
            createdAt: now,
            updatedAt: now,
          })
          .returning()
      )[0]!.id;
    const onlyTheirs = await request(1);
    const both = await request(2);
    const moving = await quoteOn(onlyTheirs, employee.userId, '小李');
    const replaced = await quoteOn(both, employee.userId, '小李');
    const ownersOwn = await quoteOn(both, owner.user.id, '老板');

    const removed = await t.call(Calls.staffDelete, { userId: employee.userId }, as(owner));
    expect(removed.body.data).toMatchObject({ quotes: 1, toUserId: owner.user.id });
    const rows = await t.db.select().from(agentBuyQuotes);
    const byId = (id: number) => rows.find((r) => r.id === id);
    expect(byId(moving)).toMatchObject({
      userId: owner.user.id,
      status: 'live',
      contactName: owner.user.nickName,
      phone: owner.phone,
    });
    expect(byId(replaced)).toMatchObject({ userId: employee.userId, status: 'replaced' });
    expect(byId(ownersOwn)).toMatchObject({ userId: owner.user.id, status: 'live', contactName: '老板' });
    const [counted] = await t.db.select().from(agentBuys).where(eq(agentBuys.id, both));
    expect(counted?.quoteCount).toBe(1);
  }, 180_000);

  it('moves held inquiries to a named colleague', async () => {
    const { owner, employee, inquiryA } = await supplierWithWork();
    const colleague = await addEmployee(owner, []);
    const moved = await t.call(Calls.staffDelete, { userId: employee.userId, handoverTo: colleague.userId }, as(owner));
    expect(moved.body.data).toMatchObject({ quotes: 1, inquiries: 2, toUserId: colleague.userId });
    const [grabbed] = await t.db.select().from(inquiryHandlings).where(eq(inquiryHandlings.inquiryId, inquiryA));
    expect(grabbed).toMatchObject({ userId: colleague.userId, state: 'grabbed' });
  }, 180_000);
});

describe('roles (role/list, role/save, role/delete)', () => {
  it('saves, lists with holders, refuses to delete one in use, deletes one free', async () => {
    const owner = await t.buildUser();
    const role = await addRole(owner, ['stock', 'quote'], '业务员');
    const employee = await addEmployee(owner, [role]);
    const edited = await t.call(
      Calls.roleSave,
      { id: role, name: '业务员', intro: '报价', permissions: ['quote'] },
      as(owner),
    );
    expect(edited.body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.info, {}, as(employee))).body.data!.permissions).toEqual(['quote']);
    expect((await t.call(Calls.roleList, {}, as(owner))).body.data!.list).toEqual([
      { id: role, name: '业务员', intro: '报价', permissions: ['quote'], holders: 1 },
    ]);
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const inUse = await t.call(Calls.roleDelete, { id: role }, as(owner, lang));
      expect(inUse.body).toMatchObject({
        codeFlag: CodeFlag.conflict,
        mesg: translate('role.inUse', lang, { count: 1 }),
      });
    }
    await t.call(Calls.staffSave, { userId: employee.userId, name: '小李', roleIds: [] }, as(owner));
    expect((await t.call(Calls.roleDelete, { id: role }, as(owner))).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.roleList, {}, as(owner))).body.data!.list).toEqual([]);
  }, 180_000);

  it('refuses bad input and a taken name, writing nothing', async () => {
    const owner = await t.buildUser();
    await addRole(owner, ['stock'], '仓管');
    const before = await staffRows();
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const cases: [Record<string, unknown>, string][] = [
        [{ name: '', permissions: ['stock'] }, 'role.nameRequired'],
        [{ name: '新角色', permissions: [] }, 'role.permissionsRequired'],
        [{ name: '新角色', permissions: ['fly'] }, 'common.invalidInput'],
        [{ name: '仓管', permissions: ['quote'] }, 'role.nameTaken'],
      ];
      for (const [fields, key] of cases) {
        const refused = await t.callRaw(Calls.roleSave, fields, as(owner, lang));
        expect(refused.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate(key, lang) });
      }
    }
    expect(await staffRows()).toEqual(before);
  }, 180_000);
});

/**
 * A supplier company (owner), a buyer with two open inquiries, and an employee (added through
 * staff/save, real name verified) who grabbed A and quoted on B through the calls.
 */
async function supplierWithWork() {
  const owner = await fixtures.buildSupplier();
  const buyer = await fixtures.buildBuyer();
  const employee = await addEmployee(owner, [await addRole(owner, ['quote', 'take_orders'])]);
  await t.verifyRealName(employee);
  const a = await fixtures.openInquiry(buyer);
  const b = await fixtures.openInquiry(buyer);
  expect((await t.call(Calls.inquiryGrab, { id: a.id }, as(employee))).body.codeFlag).toBe(CodeFlag.ok);
  expect((await t.call(Calls.quoteSave, quoteFields(b, [22_400, 23_000]), as(employee))).body.codeFlag).toBe(
    CodeFlag.ok,
  );
  return { owner, buyer, employee, inquiryA: a.id, inquiryB: b.id };
}
