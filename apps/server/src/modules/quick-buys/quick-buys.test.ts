import { createECDH, randomBytes } from 'node:crypto';
import { type CallRequest, Calls, CodeFlag, MAX_QUICK_BUY_SUBSCRIPTIONS } from '@metal/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, type Person } from '../../../test/inquiry-fixtures';
import { scheduledJobs } from '../../platform/module';
import { Scheduler } from '../../platform/scheduler';
import { users } from '../accounts/accounts.table';
import { notices } from '../notices/notices.table';
import { dispatchDuePushes } from '../push/push.outbox';
import { stocks } from '../stocks/stocks.table';
import { quickBuyMatchJob } from './quick-buys.jobs';
import { matchNewItems } from './quick-buys.service';
import { quickBuyMatches, quickBuySubscriptions } from './quick-buys.table';

// On PostgreSQL (TEST_DATABASE_URL) the calls of a Promise.all run on separate connections of the pool,
// so the races below are real; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Fields = Record<string, unknown>;
const shanghai = (local: string) => new Date(`${local}+08:00`);
/** Sort 13 is A00 aluminium in the market catalogue, 12 copper cathode; 78 and 41 are futures, quoted only. */
const ALUMINIUM = 13;
const COPPER = 12;
const SHFE_ALUMINIUM_FUTURES = 78;
const LME_COPPER_FUTURES = 41;

/** A subscription; a specification or province left out is not sent (its type wants the key, the form does not). */
const add = (who: Person, fields: Partial<CallRequest<typeof Calls.quickBuyAdd>>, lang?: string) =>
  t.call(
    Calls.quickBuyAdd,
    { specification: undefined, province: undefined, ...fields },
    { session: who.session, ...(lang ? { lang } : {}) },
  );
const list = (who: Person) => t.call(Calls.quickBuyList, {}, { session: who.session });
const remove = (who: Person, id: CallRequest<typeof Calls.quickBuyDelete>['id'], lang?: string) =>
  t.call(Calls.quickBuyDelete, { id }, { session: who.session, ...(lang ? { lang } : {}) });
const feed = (who: Person, fields: Fields = {}) => t.call(Calls.quickBuyMatches, fields, { session: who.session });
const read = (who: Person, fields: CallRequest<typeof Calls.quickBuyRead> = { ids: undefined }) =>
  t.call(Calls.quickBuyRead, fields, { session: who.session });
const readRaw = (who: Person, fields: Fields = {}) => t.callRaw(Calls.quickBuyRead, fields, { session: who.session });
const subscriptionCount = async (who: Person) =>
  (
    await t.db.select({ n: count() }).from(quickBuySubscriptions).where(eq(quickBuySubscriptions.userId, who.user.id))
  )[0]!.n;
const quickBuyNotices = (who: Person) =>
  t.db
    .select()
    .from(notices)
    .where(
      and(
        eq(notices.userId, who.user.id),
        inArray(notices.messageKey, ['notice.quickBuyStock', 'notice.quickBuyInquiry']),
      ),
    );
const runJob = () => matchNewItems({ db: t.db, clock: t.clock });
/** Time moves on between steps, as it does between a subscription and the stock it waits for. */
const later = () => t.clock.advance(60);

async function buildCompanyOwner(fields: Parameters<TestApp['buildCompany']>[1] = {}) {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id, fields);
  return owner;
}

const fixtures = inquiryFixtures(() => t);
/** An inquiry as a buyer posts it and an operator opens it (public) or as it opens at once (designated). */
const openInquiry = (buyer: Person, over: Partial<CallRequest<typeof Calls.inquirySave>> = {}) =>
  fixtures.openInquiry(buyer, {
    sortId: ALUMINIUM,
    specs: [
      { productName: 'A00铝锭', specification: 'AL99.70', quantity: '100' },
      { productName: '6063铝棒', specification: 'Φ178mm  T5', quantity: '20.5' },
    ],
    ...over,
  });

describe('quick_buy/add and quick_buy/list', () => {
  it('subscribes to a category, a specification and a province, and lists them newest first', async () => {
    const user = await t.buildUser();
    const first = await add(user, { sortId: ALUMINIUM, specification: '  6063   T5 ', province: '广东省' });
    expect(first.body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { sortId: ALUMINIUM, sortName: 'A00铝', specification: '6063 T5', province: '广东省' },
    });
    later();
    const second = await add(user, { sortId: COPPER }, 'en-US');
    expect(second.body.data).toMatchObject({ sortId: COPPER, specification: '', province: '' });
    expect(second.body.data!.sortName).not.toMatch(/\p{Script=Han}/u);
    const mine = (await list(user)).body.data!;
    expect(mine.map((s) => s.id)).toEqual([second.body.data!.id, first.body.data!.id]);
    const [stored] = await t.db
      .select()
      .from(quickBuySubscriptions)
      .where(eq(quickBuySubscriptions.id, first.body.data!.id));
    expect(stored?.specKey).toBe('6063 t5');
    expect((await list(await t.buildUser())).body.data).toEqual([]);
  });

  it.each([
    [{}, '不能添加空信息！', 'Cannot add empty information!'],
    [{ sortId: '', specification: '  ', province: '' }, '不能添加空信息！', 'Cannot add empty information!'],
    [{ specification: '6063' }, '请先选择品类', 'Please select a category first'],
    [{ sortId: 999999 }, '该品类不存在', 'This category does not exist'],
    [
      { sortId: SHFE_ALUMINIUM_FUTURES, specification: '6063' },
      '期货品种只看行情，请选择现货品类',
      'Futures are quotes only: please choose a physical product category',
    ],
    [
      { sortId: LME_COPPER_FUTURES },
      '期货品种只看行情，请选择现货品类',
      'Futures are quotes only: please choose a physical product category',
    ],
    [{ sortId: ALUMINIUM, province: '火星省' }, '请选择正确的省份', 'Please choose a valid province'],
    [{ sortId: ALUMINIUM, specification: 'x'.repeat(51) }, '内容过长', 'Too long'],
    [{ sortId: 'abc' }, '输入有误，请检查后重试', 'Some input is invalid, please check and try again'],
  ])('refuses %j in the caller’s language and writes nothing', async (fields, zh, en) => {
    const user = await t.buildUser();
    expect((await add(user, fields)).body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: zh });
    expect((await add(user, fields, 'en-US')).body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: en });
    expect(await subscriptionCount(user)).toBe(0);
  });

  it('rejects a specification already subscribed in the category, however it is spaced or cased', async () => {
    const user = await t.buildUser();
    expect((await add(user, { sortId: ALUMINIUM, specification: '6063 T5' })).body.codeFlag).toBe(CodeFlag.ok);
    const again = await add(user, { sortId: ALUMINIUM, specification: ' 6063  t5', province: '河南省' });
    expect(again.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '该规格已订阅！' });
    const inEnglish = await add(user, { sortId: ALUMINIUM, specification: '6063 T5' }, 'en-US');
    expect(inEnglish.body.mesg).toBe('This specification has already been subscribed!');
    expect(await subscriptionCount(user)).toBe(1);
    expect((await add(user, { sortId: COPPER, specification: '6063 T5' })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await add(user, { sortId: ALUMINIUM })).body.codeFlag).toBe(CodeFlag.ok);
    expect((await add(user, { sortId: ALUMINIUM })).body.codeFlag).toBe(CodeFlag.conflict);
    // Another user may hold the same one.
    expect((await add(await t.buildUser(), { sortId: ALUMINIUM, specification: '6063 T5' })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
  });

  it(`holds at most ${MAX_QUICK_BUY_SUBSCRIPTIONS} subscriptions per user`, async () => {
    const user = await t.buildUser();
    for (let i = 0; i < MAX_QUICK_BUY_SUBSCRIPTIONS; i++) {
      expect((await add(user, { sortId: ALUMINIUM, specification: `spec-${i}` })).body.codeFlag).toBe(CodeFlag.ok);
    }
    const over = await add(user, { sortId: ALUMINIUM, specification: 'one-too-many' });
    expect(over.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '最多订阅20条，请先删除不需要的订阅' });
    expect((await add(user, { sortId: ALUMINIUM, specification: 'x' }, 'en-US')).body.mesg).toBe(
      'You can hold at most 20 subscriptions; delete one you no longer need first',
    );
    expect(await subscriptionCount(user)).toBe(MAX_QUICK_BUY_SUBSCRIPTIONS);
  });

  it('sends visitors to log in', async () => {
    expect(
      (await t.call(Calls.quickBuyAdd, { sortId: ALUMINIUM, specification: '', province: '' })).body.codeFlag,
    ).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.quickBuyList)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.quickBuyMatches)).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.quickBuyRead, { ids: [] })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect((await t.call(Calls.quickBuyDelete, { id: 1 })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });
});

describe('quick_buy/delete', () => {
  it('ends one’s own subscription with its matches', async () => {
    const seller = await buildCompanyOwner();
    const user = await t.buildUser();
    const made = (await add(user, { sortId: COPPER, specification: 'DEL-T2' })).body.data!;
    later();
    await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'del-t2 8mm' });
    await runJob();
    expect((await feed(user)).body.data!.list).toHaveLength(1);
    expect((await remove(user, made.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await list(user)).body.data).toEqual([]);
    expect((await feed(user)).body.data).toMatchObject({ list: [], unread: 0, subscriptions: 0 });
    expect((await remove(user, made.id)).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('refuses another user’s subscription in their language and changes nothing', async () => {
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    const made = (await add(owner, { sortId: ALUMINIUM, specification: 'keep' })).body.data!;
    expect((await remove(stranger, made.id)).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: '无权进行此操作',
    });
    expect((await remove(stranger, made.id, 'en-US')).body.mesg).toBe('You are not allowed to do this');
    expect((await remove(stranger, 'x')).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await list(owner)).body.data!.map((s) => s.id)).toEqual([made.id]);
  });
});

describe('matching new stock and inquiries', () => {
  it('tells a subscriber of stock in the category whose name or specification holds the spec, in the province', async () => {
    const seller = await buildCompanyOwner({ name: '佛山南海铝材厂' });
    const buyer = await t.buildUser();
    await add(buyer, { sortId: ALUMINIUM, specification: '6063 t5', province: '广东省' });
    later();
    const hit = await t.buildStock(seller.user.id, { productName: '6063铝棒', specifications: '6063   T5 Φ90' });
    const acrossFields = await t.buildStock(seller.user.id, { productName: '铝棒 6063', specifications: 'T5' });
    await t.buildStock(seller.user.id, { specifications: '6061 T6' });
    await t.buildStock(seller.user.id, { sortId: COPPER, specifications: '6063 T5' });
    await t.buildStock(seller.user.id, { specifications: '6063 T5', province: '河南省', city: '郑州市' });
    await t.buildStock(seller.user.id, { specifications: '6063 T5', status: 'review', publishedAt: null });
    await runJob();
    const page = (await feed(buyer)).body.data!;
    expect(page).toMatchObject({ unread: 2, subscriptions: 1, hasMore: false });
    expect(page.list.map((m) => [m.kind, m.itemId, m.read])).toEqual(
      expect.arrayContaining([
        ['stock', hit.id, false],
        ['stock', acrossFields.id, false],
      ]),
    );
    const card = page.list.find((m) => m.itemId === hit.id)!;
    expect(card.stock).toMatchObject({
      id: hit.id,
      companyName: '佛山南海铝材厂',
      specifications: '6063   T5 Φ90',
      quantityKg: 30_000,
      province: '广东省',
      price: expect.objectContaining({ unitPriceFen: 2_050_000 }),
    });
    expect(card.subscription).toEqual({ sortName: 'A00铝', specification: '6063 t5', province: '广东省' });
    const told = await quickBuyNotices(buyer);
    expect(told.map((n) => n.subject).sort()).toEqual([`stock:${acrossFields.id}`, `stock:${hit.id}`].sort());
    const noticePage = (await t.call(Calls.noticeList, { category: 'trade' }, { session: buyer.session })).body.data;
    expect(noticePage?.list.find((n) => n.link === `/pages/stock_detail/stock_detail?id=${hit.id}`)).toMatchObject({
      title: '快采订阅',
      content: '您订阅的「A00铝 6063 t5」有新现货：6063铝棒 6063   T5 Φ90，佛山南海铝材厂',
    });
  });

  it('tells of public inquiries that open with a matching product, never of designated ones', async () => {
    const buyerCompany = await buildCompanyOwner();
    const supplier = await t.buildUser();
    await add(supplier, { sortId: ALUMINIUM, specification: 'φ178MM t5' });
    later();
    const open = await openInquiry(buyerCompany);
    const designatedTo = await buildCompanyOwner({ shopOpenedAt: t.clock.now() });
    await openInquiry(buyerCompany, {
      visibility: 'designated',
      designatedRootIds: [designatedTo.user.id],
    });
    await openInquiry(buyerCompany, {
      specs: [{ productName: 'A00铝锭', specification: 'AL99.70', quantity: '5' }],
    });
    await runJob();
    const page = (await feed(supplier)).body.data!;
    expect(page.list.map((m) => [m.kind, m.itemId])).toEqual([['inquiry', open.id]]);
    expect(page.list[0]!.inquiry).toMatchObject({ id: open.id, status: 'open', province: '广东省' });
    const [notice] = await quickBuyNotices(supplier);
    expect(notice).toMatchObject({ messageKey: 'notice.quickBuyInquiry', subject: `inquiry:${open.id}` });
  });

  it('never tells of an inquiry whose deadline passed before the run, as the feed hides it', async () => {
    later();
    const buyerCompany = await buildCompanyOwner();
    const supplier = await t.buildUser();
    await add(supplier, { sortId: ALUMINIUM, specification: 'AL99.70' });
    later();
    const deadline = new Date(t.clock.now().getTime() + 2 * 3_600_000);
    const past = await openInquiry(buyerCompany, { quoteDeadline: deadline.toISOString(), deliveryDate: '' });
    const current = await openInquiry(buyerCompany);
    // The expiry job has not run: the row still says open, past its deadline.
    t.clock.set(new Date(deadline.getTime() + 30_000));
    await runJob();
    const told = await quickBuyNotices(supplier);
    expect(told.map((n) => n.subject)).toEqual([`inquiry:${current.id}`]);
    expect((await feed(supplier)).body.data!.list.map((m) => m.itemId)).toEqual([current.id]);
    const [recorded] = await t.db
      .select({ n: count() })
      .from(quickBuyMatches)
      .where(eq(quickBuyMatches.inquiryId, past.id));
    expect(recorded!.n).toBe(0);
  });

  it('never tells anyone of their own company’s items, nor of items listed before they subscribed', async () => {
    const owner = await buildCompanyOwner();
    const employee = await t.buildEmployee(owner);
    await t.buildStock(owner.user.id, { sortId: COPPER, specifications: 'OWN-EARLY' });
    later();
    await add(owner, { sortId: COPPER, specification: 'own-' });
    await add(employee, { sortId: COPPER, specification: 'own-' });
    const outsider = await t.buildUser();
    await add(outsider, { sortId: COPPER, specification: 'own-' });
    later();
    const listed = await t.buildStock(owner.user.id, { sortId: COPPER, specifications: 'OWN-1' });
    await openInquiry(owner, {
      sortId: COPPER,
      specs: [{ productName: '电解铜', specification: 'own-2', quantity: '5' }],
    });
    await runJob();
    expect(await quickBuyNotices(owner)).toEqual([]);
    expect(await quickBuyNotices(employee)).toEqual([]);
    expect((await feed(employee)).body.data!.list).toEqual([]);
    expect((await feed(outsider)).body.data!.list.map((m) => m.itemId)).toHaveLength(2);
    expect((await quickBuyNotices(outsider)).map((n) => n.subject)).toContain(`stock:${listed.id}`);
  });

  it('tells each subscriber once per item: across runs, several matching subscriptions and a relisting', async () => {
    const seller = await buildCompanyOwner();
    const buyer = await t.buildUser();
    await add(buyer, { sortId: COPPER, specification: 'ONCE' });
    await add(buyer, { sortId: COPPER, specification: 'once-t2' });
    later();
    const stock = await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'ONCE-T2' });
    await runJob();
    await runJob();
    expect(await quickBuyNotices(buyer)).toHaveLength(1);
    later();
    // Edited, reviewed again and back on sale: published anew, but already told.
    await t.db.update(stocks).set({ publishedAt: t.clock.now() }).where(eq(stocks.id, stock.id));
    await runJob();
    expect(await quickBuyNotices(buyer)).toHaveLength(1);
    expect((await feed(buyer)).body.data!.list).toHaveLength(1);
  });

  it('runs as a scheduled job every minute, and one slot runs once across instances', async () => {
    expect(scheduledJobs(t.app)).toContain(quickBuyMatchJob);
    expect(quickBuyMatchJob.cron).toBe('* * * * *');
    const seller = await buildCompanyOwner();
    const buyer = await t.buildUser();
    await add(buyer, { sortId: COPPER, specification: 'JOB-RUN' });
    later();
    await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'job-run' });
    const log = { info: () => {}, error: () => {} };
    const instances = [1, 2].map(
      () => new Scheduler({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log }, [quickBuyMatchJob]),
    );
    const slot = t.clock.now();
    const results = await Promise.all(instances.map((s) => s.runSlot(quickBuyMatchJob, slot)));
    expect(results.sort()).toEqual(['ran', 'taken']);
    expect(await quickBuyNotices(buyer)).toHaveLength(1);
  });

  it('two runs at once (slow slots, two instances) record and tell each match once', async () => {
    const seller = await buildCompanyOwner();
    const buyers = await Promise.all([1, 2, 3].map(() => t.buildUser()));
    for (const buyer of buyers) await add(buyer, { sortId: COPPER, specification: 'RACE' });
    later();
    const listed = await Promise.all(
      [1, 2, 3, 4].map((i) => t.buildStock(seller.user.id, { sortId: COPPER, specifications: `race-${i}` })),
    );
    await Promise.all([runJob(), runJob(), runJob()]);
    for (const buyer of buyers) {
      const told = await quickBuyNotices(buyer);
      expect(told.map((n) => n.subject).sort()).toEqual(listed.map((s) => `stock:${s.id}`).sort());
    }
    const [stored] = await t.db
      .select({ n: count() })
      .from(quickBuyMatches)
      .where(
        and(
          inArray(
            quickBuyMatches.stockId,
            listed.map((s) => s.id),
          ),
          inArray(
            quickBuyMatches.userId,
            buyers.map((b) => b.user.id),
          ),
        ),
      );
    expect(stored?.n).toBe(buyers.length * listed.length);
  });

  it('two adds at once store one subscription of a specification and never pass the cap', async () => {
    const user = await t.buildUser();
    const same = await Promise.all([1, 2, 3].map(() => add(user, { sortId: ALUMINIUM, specification: 'SAME' })));
    expect(same.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict, CodeFlag.conflict]);
    const many = await Promise.all(
      Array.from({ length: MAX_QUICK_BUY_SUBSCRIPTIONS + 4 }, (_, i) =>
        add(user, { sortId: ALUMINIUM, specification: `many-${i}` }),
      ),
    );
    expect(many.filter((r) => r.body.codeFlag === CodeFlag.ok)).toHaveLength(MAX_QUICK_BUY_SUBSCRIPTIONS - 1);
    expect(await subscriptionCount(user)).toBe(MAX_QUICK_BUY_SUBSCRIPTIONS);
  });
});

describe('quick_buy/matches and quick_buy/read', () => {
  it('pages the feed newest first, leaves out what is no longer for sale or open, and marks it read', async () => {
    const seller = await buildCompanyOwner();
    const buyer = await t.buildUser();
    await add(buyer, { sortId: COPPER, specification: 'FEED' });
    later();
    const older = await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'feed-1' });
    await runJob();
    later();
    const newer = await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'feed-2' });
    const sold = await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'feed-3' });
    await runJob();
    await t.db.update(stocks).set({ status: 'soldOut' }).where(eq(stocks.id, sold.id));
    const first = (await feed(buyer, { pageSize: 1 })).body.data!;
    expect(first).toMatchObject({ page: 1, hasMore: true, unread: 2, subscriptions: 1 });
    expect(first.list.map((m) => m.itemId)).toEqual([newer.id]);
    const second = (await feed(buyer, { page: 2, pageSize: 1 })).body.data!;
    expect(second).toMatchObject({ hasMore: false });
    expect(second.list.map((m) => m.itemId)).toEqual([older.id]);

    expect((await read(buyer, { ids: [first.list[0]!.id] })).body.data).toEqual({ unread: 1 });
    const after = (await feed(buyer)).body.data!;
    expect(after.list.map((m) => m.read)).toEqual([true, false]);
    expect((await read(buyer)).body.data).toEqual({ unread: 0 });
    expect((await feed(buyer)).body.data!.unread).toBe(0);
  });

  it('leaves out and never tells of the items of a disabled company, as the lists and the hall do', async () => {
    const seller = await buildCompanyOwner();
    const buyerCompany = await buildCompanyOwner();
    const subscriber = await t.buildUser();
    await add(subscriber, { sortId: ALUMINIUM, specification: 'AL99.70' });
    later();
    const listed = await t.buildStock(seller.user.id, { specifications: 'AL99.70 earlier' });
    const inquiry = await openInquiry(buyerCompany);
    await runJob();
    expect((await feed(subscriber)).body.data!).toMatchObject({ unread: 2 });

    await t.db
      .update(users)
      .set({ status: 'disabled' })
      .where(inArray(users.id, [seller.user.id, buyerCompany.user.id]));
    const page = (await feed(subscriber)).body.data!;
    expect(page).toMatchObject({ unread: 0, list: [] });
    later();
    const afterwards = await t.buildStock(seller.user.id, { specifications: 'AL99.70 later' });
    await runJob();
    expect((await feed(subscriber)).body.data!).toMatchObject({ unread: 0, list: [] });
    const told = (await quickBuyNotices(subscriber)).map((n) => n.subject);
    expect(told).toEqual(expect.arrayContaining([`stock:${listed.id}`, `inquiry:${inquiry.id}`]));
    expect(told).not.toContain(`stock:${afterwards.id}`);
  });

  it('refuses to mark another user’s matches and marks nothing', async () => {
    const seller = await buildCompanyOwner();
    const owner = await t.buildUser();
    const stranger = await t.buildUser();
    await add(owner, { sortId: COPPER, specification: 'PRIVATE' });
    later();
    await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'private' });
    await runJob();
    const [match] = (await feed(owner)).body.data!.list;
    const refused = await read(stranger, { ids: [match!.id] });
    expect(refused.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: '无权进行此操作' });
    expect((await read(owner, { ids: [987654321] })).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await readRaw(owner, { ids: 'not json' })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await readRaw(owner, { ids: JSON.stringify(['x']) })).body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await feed(owner)).body.data).toMatchObject({
      unread: 1,
      list: [expect.objectContaining({ read: false })],
    });
    expect((await feed(stranger, { pageSize: 0 })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe('the push of a match', () => {
  it('found in a quiet time waits for its end', async () => {
    const seller = await buildCompanyOwner();
    const buyer = await t.buildUser();
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const device = {
      endpoint: `https://fcm.googleapis.com/fcm/send/quick-buy-${randomBytes(4).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    };
    const bound = await t.call(Calls.bindToken, { token: JSON.stringify(device) }, { session: buyer.session });
    expect(bound.body.codeFlag).toBe(CodeFlag.ok);
    await add(buyer, { sortId: COPPER, specification: 'NIGHT' });
    t.clock.set(shanghai('2026-11-20T22:30:00'));
    await t.buildStock(seller.user.id, { sortId: COPPER, specifications: 'night-1' });
    await runJob();
    expect(await quickBuyNotices(buyer)).toHaveLength(1);
    t.push.sent.length = 0;
    const dispatch = () => dispatchDuePushes({ db: t.db, clock: t.clock, provider: t.push, log: t.app.log });
    await dispatch();
    t.clock.set(shanghai('2026-11-21T06:59:00'));
    await dispatch();
    expect(t.push.sent.filter((s) => s.endpoint === device.endpoint)).toEqual([]);
    t.clock.set(shanghai('2026-11-21T07:00:00'));
    await dispatch();
    const sent = t.push.sent.filter((s) => s.endpoint === device.endpoint);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.message.payload)).toMatchObject({ body: expect.stringContaining('night-1') });
  });
});
