import { Calls, CodeFlag, Platform } from '@metal/shared';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { capacities } from '../capacities/capacities.table';
import { inquiries } from '../inquiries/inquiries.table';
import { operatorActions } from '../operators/operators.table';
import { stocks } from '../stocks/stocks.table';
import { accountStateChanges, accountTakedowns, users } from './accounts.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SEARCH = Calls.consoleUserSearch;
const DETAIL = Calls.consoleUserDetail;
const DISABLE = Calls.consoleUserDisable;
const ENABLE = Calls.consoleUserEnable;

async function buildCapacity(rootId: number, status: 'passed' | 'waiting' | 'notPassed' = 'passed', postedBy = rootId) {
  const [row] = await t.db
    .insert(capacities)
    .values({
      rootId,
      postedBy,
      sortId: 13,
      productName: '铝锭',
      minOrderKg: 1000,
      monthlyOutputKg: 100_000,
      contactName: '张三',
      contactPhone: '13800138000',
      status,
      submittedAt: t.clock.now(),
      passedAt: status === 'passed' ? t.clock.now() : null,
    })
    .returning();
  return row!;
}

async function buildInquiry(rootId: number, status: 'open' | 'closed' = 'open', postedBy = rootId) {
  const now = t.clock.now();
  const [row] = await t.db
    .insert(inquiries)
    .values({
      rootId,
      postedBy,
      sortId: 13,
      status,
      visibility: 'public',
      taxIncluded: true,
      freightIncluded: true,
      paymentMethod: 'advance',
      quoteDeadline: new Date(now.getTime() + 3 * 86_400_000),
      receiver: '王五',
      receiverPhone: '13900002222',
      province: '广东省',
      city: '佛山市',
      address: '狮山镇工业大道8号',
      totalQuantityKg: 100_000,
      submittedAt: now,
      publishedAt: now,
    })
    .returning();
  return row!;
}

/** An owner with a company, an employee, and listings of every kind in the states a takedown tells apart. */
async function buildSeller() {
  const owner = await t.buildUser({ nickName: '卖家老板' });
  const company = await t.buildCompany(owner.user.id);
  const employee = await t.buildEmployee(owner);
  const listings = {
    onSale: await t.buildStock(owner.user.id),
    ownTakedown: await t.buildStock(owner.user.id, { status: 'offline' }),
    inReview: await t.buildStock(owner.user.id, { status: 'review' }),
    employeeOnSale: await t.buildStock(owner.user.id, { userId: employee.user.id }),
    capacity: await buildCapacity(owner.user.id),
    capacityWaiting: await buildCapacity(owner.user.id, 'waiting'),
    inquiry: await buildInquiry(owner.user.id),
    inquiryClosed: await buildInquiry(owner.user.id, 'closed'),
  };
  return { owner, company, employee, listings };
}

const stockStatus = async (id: number) =>
  (await t.db.select({ status: stocks.status }).from(stocks).where(eq(stocks.id, id)))[0]?.status;
const capacityStatus = async (id: number) =>
  (await t.db.select({ status: capacities.status }).from(capacities).where(eq(capacities.id, id)))[0]?.status;
const inquiryStatus = async (id: number) =>
  (await t.db.select({ status: inquiries.status }).from(inquiries).where(eq(inquiries.id, id)))[0]?.status;
const accountState = async (id: number) =>
  (await t.db.select({ status: users.status }).from(users).where(eq(users.id, id)))[0]?.status;
const changesOf = async (userId: number) =>
  (await t.db.select({ n: count() }).from(accountStateChanges).where(eq(accountStateChanges.userId, userId)))[0]?.n;
const listedStockIds = async (rootId: number) =>
  (await t.call(Calls.stockList, { rootId, pageSize: 50 })).body.data!.list.map((s) => s.id);

describe('console/user/search', () => {
  it('finds accounts by part of a phone, a company name or a nickname, with role, company and state', async () => {
    const { owner, company, employee } = await buildSeller();
    const operator = await t.buildOperator();
    const byPhone = await t.call(SEARCH, { keyword: owner.phone.slice(3) }, { session: operator.session });
    expect(byPhone.body.codeFlag).toBe(CodeFlag.ok);
    expect(byPhone.body.data!.list).toEqual([
      expect.objectContaining({
        userId: owner.user.id,
        phone: owner.phone,
        nickName: '卖家老板',
        role: 'owner',
        companyName: company.name,
        state: 'active',
        isDemo: false,
        isOperator: false,
      }),
    ]);
    const byCompany = await t.call(SEARCH, { keyword: company.name.slice(2) }, { session: operator.session });
    expect(byCompany.body.data!.list.map((row) => [row.userId, row.role])).toEqual([
      [employee.user.id, 'employee'],
      [owner.user.id, 'owner'],
    ]);
    await t.db.update(users).set({ nickName: '独一无二的名字' }).where(eq(users.id, employee.user.id));
    const byName = await t.call(SEARCH, { keyword: '独一无二' }, { session: operator.session });
    expect(byName.body.data).toMatchObject({ total: 1, list: [{ userId: employee.user.id }] });
  });

  it('pages through every account newest first, and a keyword with % matches only itself', async () => {
    const operator = await t.buildOperator();
    const first = (await t.call(SEARCH, { pageSize: 2 }, { session: operator.session })).body.data!;
    const second = (await t.call(SEARCH, { page: 2, pageSize: 2 }, { session: operator.session })).body.data!;
    expect(first.list).toHaveLength(2);
    expect(first.list[0]!.userId).toBeGreaterThan(first.list[1]!.userId);
    expect(second.list[0]!.userId).toBeLessThan(first.list[1]!.userId);
    expect(first.total).toBe(second.total);
    expect((await t.call(SEARCH, { keyword: '%' }, { session: operator.session })).body.data!.total).toBe(0);
  });

  it.each([
    ['a page size of 0', { pageSize: 0 }, 'pageSize'],
    ['a page size over 100', { pageSize: 101 }, 'pageSize'],
    ['a keyword over 50 characters', { keyword: '铝'.repeat(51) }, 'keyword'],
  ])('refuses %s with a localized message', async (_case, fields, field) => {
    const operator = await t.buildOperator();
    expect((await t.callRaw(SEARCH, fields, { session: operator.session })).body).toEqual({
      codeFlag: CodeFlag.invalidInput,
      mesg: '输入有误，请检查后重试',
      errors: { [field]: '输入有误，请检查后重试' },
    });
    expect((await t.callRaw(SEARCH, fields, { session: operator.session, lang: 'en-US' })).body.mesg).toBe(
      'Some input is invalid, please check and try again',
    );
  });

  it('refuses users (codeFlag 3) and visitors (codeFlag 1)', async () => {
    const user = await t.buildUser();
    expect((await t.call(SEARCH, {}, { session: user.session })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(SEARCH, {})).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    for (const contract of [DETAIL, DISABLE, ENABLE] as const) {
      const answer = await t.callRaw(contract, { userId: user.user.id, reason: '测试' }, { session: user.session });
      expect(answer.body.codeFlag).toBe(CodeFlag.forbidden);
    }
    expect(await accountState(user.user.id)).toBe('active');
  });
});

describe('console/user/detail', () => {
  it('answers the company, role, public listings, colleagues and recent logins', async () => {
    const { owner, employee } = await buildSeller();
    const operator = await t.buildOperator();
    const detail = (await t.call(DETAIL, { userId: owner.user.id }, { session: operator.session })).body.data!;
    expect(detail).toMatchObject({
      userId: owner.user.id,
      role: 'owner',
      state: 'active',
      listings: { stock: 2, capacity: 1, inquiry: 1 },
      takenDown: { stock: 0, capacity: 0, inquiry: 0 },
      colleagues: 1,
      recentLogins: [{ platform: Platform.web }],
      history: [],
    });
    const asEmployee = (await t.call(DETAIL, { userId: employee.user.id }, { session: operator.session })).body.data!;
    expect(asEmployee).toMatchObject({ role: 'employee', listings: { stock: 1, capacity: 0, inquiry: 0 } });
  });

  it('answers codeFlag 4 for an account that does not exist and 2 for a malformed id', async () => {
    const operator = await t.buildOperator();
    expect((await t.call(DETAIL, { userId: 99_999_999 }, { session: operator.session })).body.codeFlag).toBe(
      CodeFlag.notFound,
    );
    expect((await t.callRaw(DETAIL, { userId: 'abc' }, { session: operator.session })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
  });
});

describe('console/user/disable and enable', () => {
  it("takes an owner's company off sale, ends the session and login, and enabling restores exactly that", async () => {
    const { owner, employee, listings } = await buildSeller();
    const other = await t.buildUser();
    await t.buildCompany(other.user.id);
    const othersStock = await t.buildStock(other.user.id);
    const operator = await t.buildOperator();
    expect(await listedStockIds(owner.user.id)).toHaveLength(2);

    const disabled = await t.call(
      DISABLE,
      { userId: owner.user.id, reason: '冒用他人营业执照' },
      { session: operator.session },
    );
    expect(disabled.body.codeFlag).toBe(CodeFlag.ok);
    expect(disabled.body.data).toMatchObject({
      state: 'disabled',
      listings: { stock: 0, capacity: 0, inquiry: 0 },
      takenDown: { stock: 2, capacity: 1, inquiry: 1 },
      history: [{ state: 'disabled', reason: '冒用他人营业执照', listings: 4, operator: { userId: operator.user.id } }],
    });
    expect(await stockStatus(listings.onSale.id)).toBe('offline');
    expect(await stockStatus(listings.employeeOnSale.id)).toBe('offline');
    expect(await stockStatus(listings.ownTakedown.id)).toBe('offline');
    expect(await stockStatus(listings.inReview.id)).toBe('review');
    expect(await capacityStatus(listings.capacity.id)).toBe('suspended');
    expect(await capacityStatus(listings.capacityWaiting.id)).toBe('waiting');
    expect(await inquiryStatus(listings.inquiry.id)).toBe('closed');
    expect(await stockStatus(othersStock.id)).toBe('sale');

    // The session ends at once; login says why, in the language asked for.
    expect((await t.call(Calls.companyInfo, {}, { session: owner.session })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    const login = await t.call(Calls.login, { account: owner.phone, password: owner.password });
    expect(login.body).toEqual({ codeFlag: CodeFlag.forbidden, mesg: '该账号已停用，请联系客服' });
    const loginEn = await t.call(Calls.login, { account: owner.phone, password: owner.password }, { lang: 'en-US' });
    expect(loginEn.body.mesg).toBe('This account is disabled, please contact customer service');
    // The colleague stays logged in but cannot change the company's listings, nor is any of them shown.
    expect((await t.call(Calls.companyInfo, {}, { session: employee.session })).body.codeFlag).toBe(CodeFlag.ok);
    const refresh = await t.call(Calls.stockRefresh, { id: listings.onSale.id }, { session: employee.session });
    expect(refresh.body).toEqual({ codeFlag: CodeFlag.notLoggedIn, mesg: '该账号已停用，请联系客服' });
    await t.buildStock(owner.user.id, { userId: employee.user.id, productName: '之后通过审核的' });
    expect(await listedStockIds(owner.user.id)).toEqual([]);
    expect((await t.call(Calls.shopDetail, { id: owner.user.id })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.inquiryHall, {})).body.data!.list.map((i) => i.id)).not.toContain(listings.inquiry.id);

    const [logged] = await t.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.target, `user:${owner.user.id}`), eq(operatorActions.action, 'account.disable')));
    expect(logged).toMatchObject({
      operatorId: operator.user.id,
      detail: { reason: '冒用他人营业执照', takenDown: 4 },
    });

    t.clock.advance(60);
    const enabled = await t.call(
      ENABLE,
      { userId: owner.user.id, reason: '已核实身份' },
      { session: operator.session },
    );
    expect(enabled.body.data).toMatchObject({
      state: 'active',
      takenDown: { stock: 0, capacity: 0, inquiry: 0 },
      history: [
        { state: 'active', reason: '已核实身份', listings: 4 },
        { state: 'disabled', reason: '冒用他人营业执照' },
      ],
    });
    expect(await stockStatus(listings.onSale.id)).toBe('sale');
    expect(await stockStatus(listings.employeeOnSale.id)).toBe('sale');
    expect(await stockStatus(listings.ownTakedown.id)).toBe('offline');
    expect(await stockStatus(listings.inReview.id)).toBe('review');
    expect(await capacityStatus(listings.capacity.id)).toBe('passed');
    expect(await capacityStatus(listings.capacityWaiting.id)).toBe('waiting');
    expect(await inquiryStatus(listings.inquiry.id)).toBe('open');
    expect(await inquiryStatus(listings.inquiryClosed.id)).toBe('closed');
    const open = await t.db
      .select({ n: count() })
      .from(accountTakedowns)
      .where(and(eq(accountTakedowns.userId, owner.user.id), isNull(accountTakedowns.restoredAt)));
    expect(open[0]?.n).toBe(0);
    expect((await t.call(Calls.login, { account: owner.phone, password: owner.password })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect(await listedStockIds(owner.user.id)).toHaveLength(3);
  });

  it("takes down only an employee's own listings, and leaves a listing changed since as it is", async () => {
    const { owner, employee, listings } = await buildSeller();
    const operator = await t.buildOperator();
    const disabled = await t.call(DISABLE, { userId: employee.user.id, reason: '离职' }, { session: operator.session });
    expect(disabled.body.data).toMatchObject({ role: 'employee', takenDown: { stock: 1, capacity: 0, inquiry: 0 } });
    expect(await stockStatus(listings.employeeOnSale.id)).toBe('offline');
    expect(await stockStatus(listings.onSale.id)).toBe('sale');
    expect((await t.call(Calls.companyInfo, {}, { session: owner.session })).body.codeFlag).toBe(CodeFlag.ok);
    // The owner edits the taken-down listing meanwhile: it is theirs now, and enabling leaves it.
    await t.db.update(stocks).set({ status: 'review' }).where(eq(stocks.id, listings.employeeOnSale.id));
    const enabled = await t.call(ENABLE, { userId: employee.user.id, reason: '误操作' }, { session: operator.session });
    expect(enabled.body.data!.history[0]).toMatchObject({ state: 'active', listings: 0 });
    expect(await stockStatus(listings.employeeOnSale.id)).toBe('review');
  });

  it.each([
    ['no reason', {}, '请填写原因', 'Please give a reason'],
    ['a blank reason', { reason: '   ' }, '请填写原因', 'Please give a reason'],
    [
      'a reason over 200 characters',
      { reason: '因'.repeat(201) },
      '原因最多200个字',
      'The reason may be at most 200 characters',
    ],
  ])('refuses %s (codeFlag 2, localized) and changes nothing', async (_case, fields, zh, en) => {
    const { owner, listings } = await buildSeller();
    const operator = await t.buildOperator();
    for (const contract of [DISABLE, ENABLE] as const) {
      const answer = await t.callRaw(contract, { userId: owner.user.id, ...fields }, { session: operator.session });
      expect(answer.body).toEqual({ codeFlag: CodeFlag.invalidInput, mesg: zh, errors: { reason: zh } });
      const answerEn = await t.callRaw(
        contract,
        { userId: owner.user.id, ...fields },
        { session: operator.session, lang: 'en-US' },
      );
      expect(answerEn.body.mesg).toBe(en);
    }
    expect(await accountState(owner.user.id)).toBe('active');
    expect(await stockStatus(listings.onSale.id)).toBe('sale');
    expect(await changesOf(owner.user.id)).toBe(0);
    expect((await t.call(Calls.companyInfo, {}, { session: owner.session })).body.codeFlag).toBe(CodeFlag.ok);
  });

  it("refuses an operator's account, an unknown one, and a change to the state it already has", async () => {
    const operator = await t.buildOperator();
    const admin = await t.buildOperator('admin');
    const kept = await t.call(DISABLE, { userId: admin.user.id, reason: '测试' }, { session: operator.session });
    expect(kept.body).toEqual({ codeFlag: CodeFlag.forbidden, mesg: '运营账号不能在后台停用' });
    expect(await accountState(admin.user.id)).toBe('active');
    const unknown = await t.call(DISABLE, { userId: 99_999_999, reason: '测试' }, { session: operator.session });
    expect(unknown.body.codeFlag).toBe(CodeFlag.notFound);

    const { owner } = await buildSeller();
    const notDisabled = await t.call(ENABLE, { userId: owner.user.id, reason: '测试' }, { session: operator.session });
    expect(notDisabled.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该账号未停用' });
    await t.call(DISABLE, { userId: owner.user.id, reason: '测试' }, { session: operator.session });
    const twice = await t.call(DISABLE, { userId: owner.user.id, reason: '再次' }, { session: operator.session });
    expect(twice.body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '该账号已停用' });
    expect(await changesOf(owner.user.id)).toBe(1);
  });
});
