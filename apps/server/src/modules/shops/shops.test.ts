import { type CallRequest, Calls, CodeFlag, translate } from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { expectRefusedAsChanged, olderVersion } from '../../../test/review-fixtures';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import type { ListingCounts } from './shops.listings';
import { companyFollows, shopApplications } from './shops.table';

// Stock and capacity are posted through their own modules; these tests give a company its counts instead.
const listings = new Map<number, ListingCounts>();
const setListings = (rootId: number, counts: ListingCounts) => listings.set(rootId, counts);
const countedFromListings = (kind: keyof ListingCounts) => async (_db: unknown, rootId: number) =>
  listings.get(rootId)?.[kind] ?? 0;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    modules: {
      stocks: { listingCounts: { stock: countedFromListings('stock') } },
      capacities: { listingCounts: { capacity: countedFromListings('capacity') } },
    },
  });
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;

const openState = (p: Person, lang?: string) =>
  t.call(Calls.shopOpenState, {}, { session: p.session, ...(lang ? { lang } : {}) });
const apply = (p: Person, lang?: string) =>
  t.call(Calls.shopApply, {}, { session: p.session, ...(lang ? { lang } : {}) });
const queue = (session: string) => t.call(Calls.pendingShopApplications, {}, { session });
/** The version the operators' queue shows of an application (when it was made): what a decision names. */
const versionOf = async (id: number) =>
  (
    (await t.db.select().from(shopApplications).where(eq(shopApplications.id, id)))[0]?.createdAt ?? t.clock.now()
  ).toISOString();
type ReviewFields = Omit<CallRequest<typeof Calls.reviewShopApplication>, 'submittedAt'> & { submittedAt?: string };
/** A decision as the console sends it: naming the version listed, unless the test names another. */
const review = async (session: string, input: ReviewFields) =>
  t.call(Calls.reviewShopApplication, { submittedAt: await versionOf(Number(input.id) || 0), ...input }, { session });
const applicationsOf = (rootId: number) =>
  t.db.select().from(shopApplications).where(eq(shopApplications.rootId, rootId));
const detail = (rootId: number | string, options: { session?: string; lang?: string; point?: [number, number] } = {}) =>
  t.call(
    Calls.shopDetail,
    { id: rootId, ...(options.point ? { lng: options.point[0], lat: options.point[1] } : {}) },
    { ...(options.session ? { session: options.session } : {}), ...(options.lang ? { lang: options.lang } : {}) },
  );

/** An owner whose shop may be applied for: complete company info, approved licence, verified, enough listings. */
async function readyOwner() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  await t.approveLicence(owner);
  await t.verifyRealName(owner);
  setListings(owner.user.id, { stock: 3, capacity: 2 });
  return owner;
}

async function buildEmployee(ownerId: number) {
  const employee = await t.buildUser();
  await t.db.update(users).set({ rootId: ownerId }).where(eq(users.id, employee.user.id));
  return { ...employee, user: { ...employee.user, rootId: ownerId } };
}

describe('shop opening', () => {
  it('shows every condition unmet for a new user, and each one as it is met, then reached', async () => {
    const owner = await t.buildUser();
    const fresh = await openState(owner);
    expect(fresh.body.data).toMatchObject({
      rootId: owner.user.id,
      status: 'unmet',
      conditions: {
        companyInfo: false,
        licence: false,
        realName: false,
        listings: { required: 5, stock: 0, capacity: 0, shortfall: 5 },
      },
      appliedAt: null,
      editable: true,
    });
    await t.buildCompany(owner.user.id);
    await t.approveLicence(owner);
    await t.verifyRealName(owner);
    setListings(owner.user.id, { stock: 1, capacity: 1 });
    expect((await openState(owner)).body.data).toMatchObject({
      status: 'unmet',
      conditions: { companyInfo: true, licence: true, realName: true, listings: { shortfall: 3 } },
    });
    setListings(owner.user.id, { stock: 4, capacity: 1 });
    expect((await openState(owner)).body.data).toMatchObject({
      status: 'reached',
      conditions: { listings: { stock: 4, capacity: 1, shortfall: 0 } },
    });
  });

  it('refuses to apply with the code of the first unmet condition, in the user’s language, writing nothing', async () => {
    const owner = await t.buildUser();
    expect((await apply(owner)).body).toMatchObject({ codeFlag: CodeFlag.companyInfoIncomplete });
    await t.buildCompany(owner.user.id);
    expect((await apply(owner, 'en-US')).body).toEqual({
      codeFlag: CodeFlag.realPersonRequired,
      mesg: 'Verify your real name first',
    });
    await t.verifyRealName(owner);
    expect((await apply(owner)).body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '请先上传营业执照并通过审核' });
    await t.approveLicence(owner);
    setListings(owner.user.id, { stock: 2, capacity: 0 });
    expect((await apply(owner)).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: '还需发布3条现货或产能信息才能开店',
    });
    expect((await apply(owner, 'en-US')).body.mesg).toBe('Publish 3 more stock or capacity listings to open your shop');
    expect(await applicationsOf(owner.user.id)).toEqual([]);
  });

  it('lets the owner apply once; a second application waits for the first', async () => {
    const owner = await readyOwner();
    const applied = await apply(owner);
    expect(applied.body.data).toMatchObject({ status: 'waiting', appliedAt: t.clock.now().toISOString() });
    expect((await apply(owner)).body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '开店申请正在审核中' });
    expect(await applicationsOf(owner.user.id)).toHaveLength(1);
  });

  it('lets only who holds the shop permission apply; an employee without it sees the company’s state and changes nothing', async () => {
    const owner = await readyOwner();
    const employee = await buildEmployee(owner.user.id);
    expect((await openState(employee)).body.data).toMatchObject({
      rootId: owner.user.id,
      status: 'reached',
      editable: false,
    });
    expect((await apply(employee)).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: translate('noPermission.shop', 'zh-CN'),
    });
    expect(await applicationsOf(owner.user.id)).toEqual([]);
  });

  it('asks visitors to log in', async () => {
    expect((await t.call(Calls.shopOpenState)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.shopApply)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('audits: a failure tells the owner why and allows another try; a pass opens the shop, once', async () => {
    const owner = await readyOwner();
    const operator = await t.buildOperator();
    await apply(owner);
    const waiting = (await queue(operator.session)).body.data!.find((a) => a.rootId === owner.user.id)!;
    expect(waiting).toMatchObject({ status: 'waiting', listings: { stock: 3, capacity: 2 }, city: '佛山市' });

    expect((await review(operator.session, { id: waiting.id, approve: 0 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '驳回时请填写原因',
    });
    const failed = await review(operator.session, { id: waiting.id, approve: 0, reason: '现货图片不清晰' });
    expect(failed.body.data).toMatchObject({ status: 'failed', reason: '现货图片不清晰' });
    expect((await openState(owner)).body.data).toMatchObject({ status: 'failed', reason: '现货图片不清晰' });
    expect((await review(operator.session, { id: waiting.id, approve: 1 })).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: '该申请已处理',
    });

    await apply(owner);
    const second = (await queue(operator.session)).body.data!.find((a) => a.rootId === owner.user.id)!;
    expect((await review(operator.session, { id: second.id, approve: 1 })).body.data?.status).toBe('passed');
    expect((await openState(owner)).body.data?.status).toBe('passed');
    expect((await apply(owner)).body).toEqual({ codeFlag: CodeFlag.conflict, mesg: '店铺已开通' });
    const [company] = await t.db.select().from(companies).where(eq(companies.rootId, owner.user.id));
    expect(company?.shopOpenedAt?.toISOString()).toBe(t.clock.now().toISOString());
    expect((await t.call(Calls.info, {}, { session: owner.session })).body.data?.shopOpen).toBe(true);

    const told = await t.db.select().from(notices).where(eq(notices.userId, owner.user.id));
    expect(told.map((n) => n.messageKey)).toEqual(
      expect.arrayContaining(['notice.shopRejected', 'notice.shopApproved']),
    );
    const logged = await t.db
      .select()
      .from(operatorActions)
      .where(
        and(
          eq(operatorActions.operatorId, operator.user.id),
          eq(operatorActions.target, `shop_application:${second.id}`),
        ),
      );
    expect(logged).toMatchObject([{ action: 'shop.approve', detail: { rootId: owner.user.id } }]);
  });

  it('refuses an audit naming another version than the one listed, in the operator’s language, deciding nothing', async () => {
    const owner = await readyOwner();
    const operator = await t.buildOperator();
    await apply(owner);
    const listed = (await queue(operator.session)).body.data!.find((a) => a.rootId === owner.user.id)!;
    expect(listed.submittedAt).toBe(listed.createdAt);
    await expectRefusedAsChanged(t, {
      review: Calls.reviewShopApplication,
      id: listed.id,
      submittedAt: olderVersion(listed.submittedAt),
      session: operator.session,
      subject: `shop_application:${listed.id}`,
    });
    expect(await applicationsOf(owner.user.id)).toMatchObject([{ status: 'waiting', reviewerId: null }]);
    expect((await openState(owner)).body.data?.status).toBe('waiting');
    const passed = await t.call(
      Calls.reviewShopApplication,
      { id: listed.id, approve: 1, submittedAt: listed.submittedAt },
      { session: operator.session },
    );
    expect(passed.body.data?.status).toBe('passed');
    expect((await openState(owner)).body.data?.status).toBe('passed');
  });

  it('keeps the audit to operators', async () => {
    const owner = await readyOwner();
    await apply(owner);
    const [application] = await applicationsOf(owner.user.id);
    const user = await t.buildUser();
    expect((await queue(user.session)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await review(owner.session, { id: application!.id, approve: 1 })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await applicationsOf(owner.user.id))[0]?.status).toBe('waiting');
    const operator = await t.buildOperator();
    expect((await review(operator.session, { id: 'x', approve: 1 })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await review(operator.session, { id: 999999, approve: 1 })).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('queues one application when the owner taps twice at once', async () => {
    const owner = await readyOwner();
    const answers = await Promise.all([apply(owner), apply(owner), apply(owner)]);
    expect(answers.filter((a) => a.body.codeFlag === CodeFlag.ok)).toHaveLength(1);
    expect(answers.filter((a) => a.body.codeFlag === CodeFlag.conflict)).toHaveLength(2);
    expect(await applicationsOf(owner.user.id)).toHaveLength(1);
  });
});

describe('shop page', () => {
  it('shows a company to a visitor with its phones masked and private contacts left out', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, {
      name: '佛山南海展示铝业有限公司',
      sellProducts: [13, 78],
      phones: ['0757-86001234', '13800138001'],
      qq: '123456',
      wechat: 'nanhai_al',
      lng: 113.1432,
      lat: 23.0292,
    });
    const seen = await detail(owner.user.id);
    expect(seen.body.data).toMatchObject({
      rootId: owner.user.id,
      name: '佛山南海展示铝业有限公司',
      businessModel: 'trader',
      sellProducts: [{ id: 13 }, { id: 78 }],
      contact: {
        linkName: '张三',
        linkPhone: '138****8000',
        phones: ['0757-8600****', '138****8001'],
        qq: '',
        wechat: '',
        masked: true,
      },
      marks: { licence: false, realName: false, certified: false, shopOpen: false },
      counts: { stock: 0, capacity: 0, followers: 0 },
      followed: false,
      mine: false,
      distanceKm: null,
    });
  });

  it('shows phones whole to logged-in users, marks, listings, and the distance from a given point', async () => {
    const owner = await readyOwner();
    await t.db.update(companies).set({ lng: 113.1432, lat: 23.0292 }).where(eq(companies.rootId, owner.user.id));
    const buyer = await t.buildUser();
    // Guangzhou's centre is about 17 km from Nanhai's.
    const seen = await detail(owner.user.id, { session: buyer.session, point: [113.2644, 23.1291], lang: 'en-US' });
    expect(seen.body.data).toMatchObject({
      contact: { linkPhone: '13800138000', masked: false },
      marks: { licence: true, realName: true, shopOpen: false },
      counts: { stock: 3, capacity: 2 },
      mine: false,
    });
    expect(seen.body.data?.distanceKm).toBeGreaterThan(15);
    expect(seen.body.data?.distanceKm).toBeLessThan(20);
    expect((await detail(owner.user.id, { session: owner.session })).body.data?.mine).toBe(true);
  });

  it('answers not found for an unknown company or one without a name, and refuses a bad id', async () => {
    const nameless = await t.buildUser();
    await t.buildCompany(nameless.user.id, { name: '' });
    expect((await detail(nameless.user.id)).body).toEqual({
      codeFlag: CodeFlag.notFound,
      mesg: '该公司不存在或尚未完善信息',
    });
    expect((await detail(999999, { lang: 'en-US' })).body).toEqual({
      codeFlag: CodeFlag.notFound,
      mesg: 'This company does not exist or has no details yet',
    });
    expect((await detail('abc')).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('user card', () => {
  it('shows the public card with the account masked to others and whole to its owner', async () => {
    const owner = await t.buildUser({ nickName: '老张' });
    await t.buildCompany(owner.user.id, { name: '名片展示铝业有限公司', sellProducts: [13] });
    await t.db.update(users).set({ signature: '专注铝棒十年' }).where(eq(users.id, owner.user.id));
    const viewer = await t.buildUser();
    const card = await t.call(Calls.userCard, { userId: owner.user.id }, { session: viewer.session });
    expect(card.body.data).toMatchObject({
      userId: owner.user.id,
      nickName: '老张',
      signature: '专注铝棒十年',
      rootId: owner.user.id,
      companyName: '名片展示铝业有限公司',
      isFriend: false,
      openShop: false,
      realName: false,
      marketList: [{ marketSortId: 13 }],
    });
    expect(card.body.data?.account).toMatch(/^1\d{2}\*{4}\d{4}$/);
    const own = await t.call(Calls.userCard, { userId: owner.user.id }, { session: owner.session });
    expect(own.body.data?.account).toBe(owner.phone);
    expect((await t.call(Calls.userCard, { userId: owner.user.id })).body.data?.nickName).toBe('老张');
  });

  it('does not show operators or unknown users, and refuses a bad id', async () => {
    const operator = await t.buildOperator();
    expect((await t.call(Calls.userCard, { userId: operator.user.id })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.userCard, { userId: 999999 })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.userCard, { userId: '-1' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('following companies', () => {
  const follow = (p: Person, rootId: CallRequest<typeof Calls.follow>['rootId'], lang?: string) =>
    t.call(Calls.follow, { rootId }, { session: p.session, ...(lang ? { lang } : {}) });
  const unfollow = (p: Person, rootId: CallRequest<typeof Calls.unfollow>['rootId']) =>
    t.call(Calls.unfollow, { rootId }, { session: p.session });
  const list = (p: Person, input: Record<string, unknown> = {}) =>
    t.call(Calls.followedCompanies, input, { session: p.session });

  it('follows once however often asked, counts followers and the user’s attentionNum, and unfollows', async () => {
    const seller = await t.buildUser();
    await t.buildCompany(seller.user.id);
    const buyer = await t.buildUser();
    expect((await follow(buyer, seller.user.id)).body.data).toEqual({ followed: true, followers: 1 });
    expect((await follow(buyer, seller.user.id)).body.data).toEqual({ followed: true, followers: 1 });
    expect((await detail(seller.user.id, { session: buyer.session })).body.data).toMatchObject({
      followed: true,
      counts: { followers: 1 },
    });
    expect((await t.call(Calls.info, {}, { session: buyer.session })).body.data?.attentionNum).toBe(1);
    expect((await unfollow(buyer, seller.user.id)).body.data).toEqual({ followed: false, followers: 0 });
    expect((await t.call(Calls.info, {}, { session: buyer.session })).body.data?.attentionNum).toBe(0);
  });

  it('lists followed companies newest first, page by page', async () => {
    const buyer = await t.buildUser();
    const sellers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const seller = await t.buildUser();
      await t.buildCompany(seller.user.id, { name: `关注列表${i}铝业有限公司`, sellProducts: [13] });
      sellers.push(seller.user.id);
      await follow(buyer, seller.user.id);
      t.clock.advance(60);
    }
    const operator = await t.buildOperator();
    await t.call(
      Calls.grantEntitlement,
      { reason: 'test grant', userId: sellers[1]!, kind: 'certified_supplier', days: 30 },
      { session: operator.session },
    );
    const first = await list(buyer, { page: 1, pageSize: 2 });
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true, total: 3 });
    expect(first.body.data?.list.map((c) => c.rootId)).toEqual([sellers[2], sellers[1]]);
    expect(first.body.data?.list[0]).toMatchObject({
      name: '关注列表2铝业有限公司',
      city: '佛山市',
      shopOpen: false,
      certified: false,
      sellProducts: [{ id: 13, sortName: 'A00铝' }],
    });
    expect(first.body.data?.list[1]).toMatchObject({ rootId: sellers[1], certified: true });
    const second = await list(buyer, { page: 2, pageSize: 2 });
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.data?.list.map((c) => c.rootId)).toEqual([sellers[0]]);
    expect((await list(buyer, { page: 0 })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await list(buyer, { pageSize: 500 })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('refuses one’s own company and unknown companies, writing nothing, and asks visitors to log in', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id);
    expect((await follow(owner, owner.user.id, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'You cannot follow your own company',
    });
    const employee = await buildEmployee(owner.user.id);
    expect((await follow(employee, owner.user.id)).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await follow(owner, 999999)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await follow(owner, 'x')).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect(await t.db.select().from(companyFollows).where(eq(companyFollows.userId, owner.user.id))).toEqual([]);
    expect((await t.call(Calls.follow, { rootId: owner.user.id })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.followedCompanies)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('changes only the caller’s own follows', async () => {
    const seller = await t.buildUser();
    await t.buildCompany(seller.user.id);
    const [first, second] = [await t.buildUser(), await t.buildUser()];
    await follow(first, seller.user.id);
    await follow(second, seller.user.id);
    expect((await unfollow(second, seller.user.id)).body.data).toEqual({ followed: false, followers: 1 });
    expect((await list(first)).body.data?.list.map((c) => c.rootId)).toEqual([seller.user.id]);
  });
});
