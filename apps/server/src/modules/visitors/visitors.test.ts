import { type CallRequest, Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { VISITOR } from '../../platform/actor';
import { users } from '../accounts/accounts.table';
import { recordStockView } from '../stocks/stocks.views';
import { recordVisitorEvent } from './visitors.record';
import { maskName } from './visitors.service';
import { visitorEvents } from './visitors.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;

const actorOf = (person: { user: { id: number; rootId: number; account: string } }) => ({
  ...VISITOR,
  userId: person.user.id,
  rootId: person.user.rootId,
  account: person.user.account,
});

async function buildCompanyOwner(name: string, nickName?: string) {
  const owner = await t.buildUser(nickName ? { nickName } : {});
  await t.buildCompany(owner.user.id, { name });
  return owner;
}

async function certify(owner: Person) {
  const operator = await t.buildOperator();
  const granted = await t.call(
    Calls.grantEntitlement,
    { reason: 'test grant', userId: owner.user.id, kind: 'certified_supplier', days: 180 },
    { session: operator.session },
  );
  expect(granted.body.codeFlag).toBe(CodeFlag.ok);
}

const view = async (person: Person | null, stock: { id: number; rootId: number }) => {
  await recordStockView({ db: t.db, actor: person ? actorOf(person) : VISITOR, stock, now: t.clock.now() });
  t.clock.advance(60);
};
const addToCart = async (person: Person | null, stock: { id: number; rootId: number }) => {
  const recorded = await recordVisitorEvent({
    db: t.db,
    actor: person ? actorOf(person) : VISITOR,
    ownerRootId: stock.rootId,
    kind: 'cart',
    stockId: stock.id,
    now: t.clock.now(),
  });
  t.clock.advance(60);
  return recorded;
};
const follow = async (person: Person, rootId: number) => {
  const { body } = await t.call(Calls.follow, { rootId }, { session: person.session });
  t.clock.advance(60);
  return body;
};

const list = (person: { session: string }, fields: CallRequest<typeof Calls.visitorList>, lang?: string) =>
  t.call(Calls.visitorList, fields, { session: person.session, ...(lang ? { lang } : {}) });
const listRaw = (person: { session: string }, fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.visitorList, fields, { session: person.session, ...(lang ? { lang } : {}) });
const detail = (
  person: { session: string },
  userId: CallRequest<typeof Calls.visitorDetail>['userId'],
  lang?: string,
) => t.call(Calls.visitorDetail, { userId }, { session: person.session, ...(lang ? { lang } : {}) });

describe('visitor/list', () => {
  it('lists who opened the listings, one row per visitor, newest first, without guests or the company itself', async () => {
    const seller = await buildCompanyOwner('佛山访客铝业有限公司');
    const colleague = await t.buildEmployee(seller);
    const ingot = await t.buildStock(seller.user.id, { productName: '铝锭' });
    const rod = await t.buildStock(seller.user.id, { productName: '铝棒', specifications: '6063' });
    const early = await buildCompanyOwner('南海采购铜业有限公司', '李四');
    const late = await t.buildUser({ nickName: '13912345678' });
    const elsewhere = await buildCompanyOwner('别家铝业有限公司');
    const theirStock = await t.buildStock(elsewhere.user.id);

    await view(early, ingot);
    await view(null, ingot);
    await view(seller, rod);
    await view(colleague, rod);
    await view(late, rod);
    await view(early, rod);
    await view(late, theirStock);

    const { body } = await list(seller, { kind: 'view' });
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data).toMatchObject({ page: 1, hasMore: false, total: 2, actions: 3, certified: false });
    const [first, second] = body.data!.list;
    expect(first).toMatchObject({
      count: 2,
      lastStock: { id: rod.id, productName: '铝棒', specifications: '6063', sortName: 'A00铝', status: 'sale' },
      visitor: { userId: null, nickName: '李**', companyName: '南海****公司', masked: true, head: '' },
    });
    expect(first!.visitor.phone).toMatch(/^139\*{4}\d{4}$/);
    expect(second).toMatchObject({ count: 1, visitor: { nickName: '139****5678', companyName: '', masked: true } });
    expect(Date.parse(first!.lastAt)).toBeGreaterThan(Date.parse(second!.lastAt));

    // The other company sees only its own visitor.
    const theirs = await list(elsewhere, { kind: 'view' });
    expect(theirs.body.data).toMatchObject({ total: 1, actions: 1 });
  });

  it("shows a certified supplier's company, employees included, who its visitors are", async () => {
    const seller = await buildCompanyOwner('认证访客铝业有限公司');
    const employee = await t.buildEmployee(seller);
    const stock = await t.buildStock(seller.user.id);
    const buyer = await buildCompanyOwner('顺德采购铝业有限公司', '王小明');
    await view(buyer, stock);
    await certify(seller);
    for (const reader of [seller, employee]) {
      const { body } = await list(reader, { kind: 'view' });
      expect(body.data!.certified).toBe(true);
      expect(body.data!.list).toEqual([
        expect.objectContaining({
          key: `u${buyer.user.id}`,
          visitor: {
            userId: buyer.user.id,
            nickName: '王小明',
            companyName: '顺德采购铝业有限公司',
            phone: buyer.phone,
            head: '',
            masked: false,
          },
        }),
      ]);
    }
  });

  it('lists cart additions recorded by the cart, never a guest or one of the company', async () => {
    const seller = await buildCompanyOwner('购物车铝业有限公司');
    const colleague = await t.buildEmployee(seller);
    const stock = await t.buildStock(seller.user.id, { productName: '铝板' });
    const buyer = await t.buildUser();
    expect(await addToCart(null, stock)).toBe(false);
    expect(await addToCart(colleague, stock)).toBe(false);
    expect(await addToCart(buyer, stock)).toBe(true);
    expect(await addToCart(buyer, stock)).toBe(true);
    const { body } = await list(seller, { kind: 'cart' });
    expect(body.data).toMatchObject({ total: 1, actions: 2 });
    expect(body.data!.list[0]).toMatchObject({ count: 2, lastStock: { id: stock.id, productName: '铝板' } });
    expect((await list(seller, { kind: 'view' })).body.data!.total).toBe(0);
  });

  it('lists the people who follow the company now; following again adds nothing', async () => {
    const seller = await buildCompanyOwner('关注访客铝业有限公司');
    const fan = await t.buildUser();
    const former = await t.buildUser();
    expect((await follow(fan, seller.user.id)).codeFlag).toBe(CodeFlag.ok);
    expect((await follow(fan, seller.user.id)).codeFlag).toBe(CodeFlag.ok);
    await follow(former, seller.user.id);
    await t.call(Calls.unfollow, { rootId: seller.user.id }, { session: former.session });

    const events = await t.db.select().from(visitorEvents).where(eq(visitorEvents.ownerRootId, seller.user.id));
    expect(events.map((e) => [e.kind, e.visitorUserId, e.stockId])).toEqual([
      ['attention', fan.user.id, null],
      ['attention', former.user.id, null],
    ]);
    const { body } = await list(seller, { kind: 'attention' });
    expect(body.data).toMatchObject({ total: 1, actions: 1 });
    expect(body.data!.list[0]).toMatchObject({ count: 1, lastStock: null });
  });

  it('drops a visitor who has since joined the company', async () => {
    const seller = await buildCompanyOwner('入职访客铝业有限公司');
    const stock = await t.buildStock(seller.user.id);
    const buyer = await t.buildUser();
    await view(buyer, stock);
    expect((await list(seller, { kind: 'view' })).body.data!.total).toBe(1);
    await t.db.update(users).set({ rootId: seller.user.id }).where(eq(users.id, buyer.user.id));
    expect((await list(seller, { kind: 'view' })).body.data!.total).toBe(0);
  });

  it('searches by listing for everyone, and by name, company or phone only for certified suppliers', async () => {
    const seller = await buildCompanyOwner('搜索访客铝业有限公司');
    const ingot = await t.buildStock(seller.user.id, { productName: '铝锭' });
    const rod = await t.buildStock(seller.user.id, { productName: '铝棒', specifications: '6063-T5' });
    const zhang = await buildCompanyOwner('湛江采购有限公司', '张三');
    const li = await buildCompanyOwner('柳州采购有限公司', '李四');
    await view(zhang, ingot);
    await view(zhang, rod);
    await view(li, rod);

    const search = async (keyword: string) => (await list(seller, { kind: 'view', keyword })).body.data!;
    expect((await search('铝锭')).list.map((row) => row.count)).toEqual([1]);
    const rods = await search('6063');
    expect(rods.total).toBe(2);
    expect(rods.list.map((row) => row.lastStock?.id)).toEqual([rod.id, rod.id]);
    expect((await search('A00')).total).toBe(2);
    // Not certified: a name finds nobody, so searching cannot tell who visited.
    expect((await search('张三')).total).toBe(0);
    expect((await search('湛江')).total).toBe(0);
    expect((await search('%')).total).toBe(0);

    await certify(seller);
    const byName = await search('张三');
    expect(byName.list.map((row) => row.visitor.userId)).toEqual([zhang.user.id]);
    expect(byName.list[0]!.count).toBe(2);
    expect((await search('柳州')).list.map((row) => row.visitor.userId)).toEqual([li.user.id]);
    expect((await search(li.phone.slice(-4))).list.map((row) => row.visitor.userId)).toEqual([li.user.id]);
    expect((await search('_')).total).toBe(0);
  });

  it('pages through visitors', async () => {
    const seller = await buildCompanyOwner('翻页访客铝业有限公司');
    const stock = await t.buildStock(seller.user.id);
    for (let i = 0; i < 3; i++) await view(await t.buildUser(), stock);
    const first = await list(seller, { kind: 'view', pageSize: 2 });
    expect(first.body.data).toMatchObject({ page: 1, hasMore: true, total: 3 });
    expect(first.body.data!.list.map((row) => row.key)).toEqual(['p1-0', 'p1-1']);
    const second = await list(seller, { kind: 'view', pageSize: 2, page: 2 });
    expect(second.body.data).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.data!.list).toHaveLength(1);
  });

  it('refuses an unknown kind, a long keyword or a bad page with localized messages, and asks guests to log in', async () => {
    const seller = await buildCompanyOwner('校验访客铝业有限公司');
    const invalid = { codeFlag: CodeFlag.invalidInput, mesg: 'Some input is invalid, please check and try again' };
    expect((await listRaw(seller, {}, 'en-US')).body).toMatchObject(invalid);
    expect((await listRaw(seller, { kind: 'like' }, 'en-US')).body).toMatchObject(invalid);
    expect((await list(seller, { kind: 'view', page: 0 }, 'en-US')).body).toMatchObject(invalid);
    expect((await list(seller, { kind: 'view', keyword: '铝'.repeat(51) })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '内容过长',
    });
    expect((await t.call(Calls.visitorList, { kind: 'view' })).body).toMatchObject({
      codeFlag: CodeFlag.notLoggedIn,
      mesg: '请先登录',
    });
  });
});

describe('visitor/detail', () => {
  it('is for certified suppliers: others are told so (codeFlag 9)', async () => {
    const seller = await buildCompanyOwner('详情访客铝业有限公司');
    const stock = await t.buildStock(seller.user.id);
    const buyer = await t.buildUser();
    await view(buyer, stock);
    expect((await detail(seller, buyer.user.id)).body).toEqual({
      codeFlag: CodeFlag.vipRequired,
      mesg: '访客详情为认证供应商专享，开通后可查看访客身份与浏览记录',
    });
    expect((await detail(seller, buyer.user.id, 'en-US')).body.mesg).toBe(
      'Visitor details are for certified suppliers: become one to see who visited and what they looked at',
    );
  });

  it("tells a certified supplier one visitor's actions on its listings and shop, newest first", async () => {
    const seller = await buildCompanyOwner('明细访客铝业有限公司');
    const employee = await t.buildEmployee(seller);
    const ingot = await t.buildStock(seller.user.id, { productName: '铝锭' });
    const rod = await t.buildStock(seller.user.id, { productName: '铝棒', status: 'offline' });
    const buyer = await buildCompanyOwner('明细采购有限公司', '赵六');
    const elsewhere = await buildCompanyOwner('明细别家有限公司');
    await view(buyer, ingot);
    await addToCart(buyer, ingot);
    await view(buyer, rod);
    await follow(buyer, seller.user.id);
    await view(buyer, await t.buildStock(elsewhere.user.id));
    await certify(seller);

    const { body } = await detail(employee, buyer.user.id, 'en-US');
    expect(body.codeFlag).toBe(CodeFlag.ok);
    expect(body.data).toMatchObject({
      visitor: { userId: buyer.user.id, nickName: '赵六', companyName: '明细采购有限公司', masked: false },
      counts: { view: 2, cart: 1, attention: 1 },
      following: true,
      actions: { page: 1, hasMore: false, total: 4 },
    });
    expect(body.data!.actions.list.map((a) => [a.kind, a.stock?.id ?? null, a.stock?.sortName ?? null])).toEqual([
      ['attention', null, null],
      ['view', rod.id, 'A00 aluminium'],
      ['cart', ingot.id, 'A00 aluminium'],
      ['view', ingot.id, 'A00 aluminium'],
    ]);
    expect(body.data!.actions.list[1]!.stock?.status).toBe('offline');
    expect(body.data!.firstAt).toBe(body.data!.actions.list[3]!.at);

    const paged = await detail(seller, buyer.user.id);
    expect(paged.body.data!.actions.list).toHaveLength(4);
    const second = await t.call(
      Calls.visitorDetail,
      { userId: buyer.user.id, page: 2, pageSize: 3 },
      { session: seller.session },
    );
    expect(second.body.data!.actions).toMatchObject({ page: 2, hasMore: false });
    expect(second.body.data!.actions.list.map((a) => a.kind)).toEqual(['view']);
  });

  it("never shows another company's visitors: a person who only visited them is not found here", async () => {
    const seller = await buildCompanyOwner('甲方访客铝业有限公司');
    const rival = await buildCompanyOwner('乙方访客铝业有限公司');
    const colleague = await t.buildEmployee(seller);
    const buyer = await t.buildUser();
    await view(buyer, await t.buildStock(seller.user.id));
    await view(colleague, await t.buildStock(rival.user.id));
    await certify(rival);
    await certify(seller);
    expect((await detail(rival, buyer.user.id)).body).toMatchObject({
      codeFlag: CodeFlag.notFound,
      mesg: '内容不存在或已删除',
    });
    // One of the company's own people is never its visitor, even where they did visit.
    expect((await detail(seller, colleague.user.id)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await detail(rival, colleague.user.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await detail(seller, 999_999)).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('refuses a malformed user id and asks guests to log in', async () => {
    const seller = await buildCompanyOwner('坏参访客铝业有限公司');
    for (const userId of ['', 'abc', '0', '-3', '1.5']) {
      expect((await detail(seller, userId)).body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: '输入有误，请检查后重试',
      });
    }
    expect((await t.call(Calls.visitorDetail, { userId: 1 })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

it("counts the company's visitors in the profile summary (visitNum)", async () => {
  const seller = await buildCompanyOwner('资料访客铝业有限公司');
  const employee = await t.buildEmployee(seller);
  const stock = await t.buildStock(seller.user.id);
  const [a, b] = [await t.buildUser(), await t.buildUser()];
  await view(a, stock);
  await view(a, stock);
  await view(b, stock);
  await view(null, stock);
  const info = async (person: { session: string }) =>
    (await t.call(Calls.info, {}, { session: person.session })).body.data!.visitNum;
  expect(await info(seller)).toBe(2);
  expect(await info(employee)).toBe(2);
  expect(await info(a)).toBe(0);
});

it('masks names: a phone as a phone, long company names keep their ends, anything else its first character, the stars not telling the length', () => {
  expect(maskName('13912345678', 'person')).toBe('139****5678');
  expect(maskName('佛山南海铝材有限公司', 'company')).toBe('佛山****公司');
  expect(maskName('演示买家（Demo）', 'person')).toBe('演**（Demo）');
  expect(maskName('演示采购有限公司（Demo）', 'company')).toBe('演示****公司（Demo）');
  expect(maskName('（Demo）', 'person')).toBe('（**');
  expect(maskName('王小明', 'person')).toBe('王**');
  expect(maskName('张三', 'person')).toBe('张**');
  expect(maskName('南铝', 'company')).toBe('南**');
  expect(maskName('A', 'person')).toBe('A**');
  expect(maskName('', 'company')).toBe('');
});
