import { Calls, CodeFlag, OPERATOR_ACTIONS_PAGE_SIZE, PERMISSIONS } from '@metal/shared';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../accounts/accounts.table';
import { recordOperatorAction } from './operators.service';
import { operatorActions } from './operators.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const WHOAMI = Calls.operatorWhoami;
const ACTIONS = Calls.operatorActions;

const logCount = async () => (await t.db.select({ n: count() }).from(operatorActions))[0]?.n ?? 0;

describe('console/whoami', () => {
  it("answers an operator's account, name and role", async () => {
    const service = await t.buildOperator('service');
    await t.db.update(users).set({ nickName: '客服小王' }).where(eq(users.id, service.user.id));
    const admin = await t.buildOperator('admin');

    expect((await t.call(WHOAMI, {}, { session: service.session })).body).toEqual({
      codeFlag: CodeFlag.ok,
      mesg: '',
      data: { userId: service.user.id, account: service.phone, name: '客服小王', role: 'service' },
    });
    expect((await t.call(WHOAMI, {}, { session: admin.session })).body.data).toMatchObject({
      userId: admin.user.id,
      role: 'admin',
    });
  });

  it('refuses a user who is not an operator with codeFlag 3, in the language asked for', async () => {
    const user = await t.buildUser();
    expect((await t.call(WHOAMI, {}, { session: user.session })).body).toEqual({
      codeFlag: CodeFlag.forbidden,
      mesg: '无权进行此操作',
    });
    expect((await t.call(WHOAMI, {}, { session: user.session, lang: 'en-US' })).body).toEqual({
      codeFlag: CodeFlag.forbidden,
      mesg: 'You are not allowed to do this',
    });
  });

  it('asks a visitor, or a session that logged out, to log in (codeFlag 1)', async () => {
    expect((await t.call(WHOAMI)).body).toEqual({ codeFlag: CodeFlag.notLoggedIn, mesg: '请先登录' });
    const operator = await t.buildOperator();
    expect((await t.call(Calls.logout, {}, { session: operator.session })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(WHOAMI, {}, { session: operator.session, lang: 'en-US' })).body).toEqual({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: 'Please log in first',
    });
  });

  it('stops answering once the operator role is taken away', async () => {
    const operator = await t.buildOperator();
    await t.db.update(users).set({ operatorRole: null }).where(eq(users.id, operator.user.id));
    expect((await t.call(WHOAMI, {}, { session: operator.session })).body.codeFlag).toBe(CodeFlag.forbidden);
  });
});

describe('console/operator_actions/list', () => {
  it('lists a decision made in the console newest first: who, when, what, target and detail', async () => {
    const operator = await t.buildOperator();
    await t.db.update(users).set({ nickName: '审核员甲' }).where(eq(users.id, operator.user.id));
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, { name: '甲乙铝业有限公司' });
    expect(
      (
        await t.call(
          Calls.requestNameChange,
          { name: '丙丁铝业有限公司', licenceFileId: await t.uploadLicence(owner.session) },
          { session: owner.session },
        )
      ).body.codeFlag,
    ).toBe(CodeFlag.ok);
    const queue = await t.call(Calls.pendingNameChanges, {}, { session: operator.session });
    const change = queue.body.data!.find((c) => c.rootId === owner.user.id)!;
    t.clock.advance(60);
    await t.call(
      Calls.reviewNameChange,
      { id: change.id, approve: 0, reason: '与营业执照不一致', submittedAt: change.submittedAt },
      { session: operator.session },
    );

    const log = await t.call(ACTIONS, {}, { session: operator.session });
    expect(log.body.codeFlag).toBe(CodeFlag.ok);
    expect(log.body.data?.page).toBe(1);
    expect(log.body.data?.pageSize).toBe(OPERATOR_ACTIONS_PAGE_SIZE);
    expect(log.body.data?.list[0]).toEqual({
      id: expect.any(Number),
      createdAt: t.clock.now().toISOString(),
      operator: { userId: operator.user.id, account: operator.phone, name: '审核员甲' },
      action: 'company_name.reject',
      target: `company_name_change:${change.id}`,
      detail: {
        rootId: owner.user.id,
        newName: '丙丁铝业有限公司',
        licenceId: expect.any(Number),
        reason: '与营业执照不一致',
      },
    });
  });

  it('pages through the whole log newest first, and says how many there are', async () => {
    const operator = await t.buildOperator('admin');
    const actor = {
      userId: operator.user.id,
      rootId: operator.user.id,
      account: operator.phone,
      operatorRole: 'admin' as const,
      sessionHash: null,
      companyRole: 'owner' as const,
      permissions: PERMISSIONS,
    };
    for (let i = 1; i <= 25; i++) {
      t.clock.advance(1);
      await recordOperatorAction(
        { db: t.db, clock: t.clock, actor },
        { action: 'calendar.set_day', target: `calendar:paging-${i}`, detail: { i } },
      );
    }
    const total = await logCount();
    const page = (fields: Record<string, unknown>) => t.call(ACTIONS, fields, { session: operator.session });

    const first = (await page({ pageSize: 10 })).body.data!;
    expect(first.total).toBe(total);
    expect(first.list.map((a) => a.target)).toEqual(Array.from({ length: 10 }, (_, k) => `calendar:paging-${25 - k}`));
    const third = (await page({ page: 3, pageSize: 10 })).body.data!;
    expect(third.list.map((a) => a.target).slice(0, 5)).toEqual(
      Array.from({ length: 5 }, (_, k) => `calendar:paging-${5 - k}`),
    );
    expect(third.list).toHaveLength(Math.min(10, total - 20));
    const beyond = (await page({ page: 100, pageSize: 10 })).body.data!;
    expect(beyond).toMatchObject({ list: [], total, page: 100 });

    // Actions in the same second keep their order by id, so no row shows on two pages.
    const all = (await page({ pageSize: 100 })).body.data!.list;
    expect(new Set(all.map((a) => a.id)).size).toBe(all.length);
    const times = all.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it.each([
    ['page 0', { page: 0 }],
    ['a negative page', { page: -1 }],
    ['a page that is not a number', { page: 'abc' }],
    ['a page size of 0', { pageSize: 0 }],
    ['a page size over 100', { pageSize: 101 }],
    ['a fractional page size', { pageSize: 2.5 }],
  ])('refuses %s with a localized message naming the field', async (_case, fields) => {
    const operator = await t.buildOperator();
    const before = await logCount();
    const field = Object.keys(fields)[0]!;
    expect((await t.call(ACTIONS, fields, { session: operator.session })).body).toEqual({
      codeFlag: CodeFlag.invalidInput,
      mesg: '输入有误，请检查后重试',
      errors: { [field]: '输入有误，请检查后重试' },
    });
    expect((await t.call(ACTIONS, fields, { session: operator.session, lang: 'en-US' })).body).toEqual({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
      errors: { [field]: 'Some input is invalid, please check and try again' },
    });
    expect(await logCount()).toBe(before);
  });

  it('refuses users (codeFlag 3) and visitors (codeFlag 1), showing them nothing', async () => {
    const operator = await t.buildOperator();
    await recordOperatorAction(
      {
        db: t.db,
        clock: t.clock,
        actor: {
          userId: operator.user.id,
          rootId: operator.user.id,
          account: '',
          operatorRole: 'service',
          sessionHash: null,
          companyRole: 'owner' as const,
          permissions: PERMISSIONS,
        },
      },
      { action: 'calendar.set_day', target: 'calendar:secret' },
    );
    const user = await t.buildUser();
    const asUser = await t.call(ACTIONS, {}, { session: user.session });
    expect(asUser.body).toEqual({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    const asVisitor = await t.call(ACTIONS, {}, { lang: 'en-US' });
    expect(asVisitor.body).toEqual({ codeFlag: CodeFlag.notLoggedIn, mesg: 'Please log in first' });
  });
});
