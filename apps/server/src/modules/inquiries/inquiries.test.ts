import { type CallRequest, Calls, ChatProductType, CodeFlag, productCardText } from '@metal/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { productLinkCheckers } from '../chat/chat.product-links';
import { MODULES } from '../index';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { inquiryExpiryJob } from './inquiries.jobs';
import { inquiries, inquirySpecs } from './inquiries.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
const shanghai = (local: string) => new Date(`${local}+08:00`);

const save = (who: Person, fields: CallRequest<typeof Calls.inquirySave>, lang?: string) =>
  t.call(Calls.inquirySave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const saveRaw = (who: Person, fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.inquirySave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const detail = (id: number, who?: Person) => t.call(Calls.inquiryDetail, { id }, who ? { session: who.session } : {});
const hall = (filters: Record<string, unknown> = {}) => t.call(Calls.inquiryHall, filters);
const mine = (who: Person, tab: CallRequest<typeof Calls.inquiryMine>['tab']) =>
  t.call(Calls.inquiryMine, { tab }, { session: who.session });
const queue = (who: Person) => t.call(Calls.pendingInquiries, {}, { session: who.session });
const review = (who: Person, input: CallRequest<typeof Calls.reviewInquiry>) =>
  t.call(Calls.reviewInquiry, input, { session: who.session });

const valid = (over: Partial<CallRequest<typeof Calls.inquirySave>> = {}): CallRequest<typeof Calls.inquirySave> => ({
  sortId: 13,
  specs: [
    {
      productName: 'A00铝锭',
      specification: 'AL99.70',
      quantity: '100',
      attributes: [{ name: '品牌', value: '中铝' }],
    },
    { productName: '6063铝棒', specification: 'Φ178mm', quantity: '20.5' },
  ],
  taxIncluded: 1,
  freightIncluded: 0,
  paymentMethod: 'advance',
  quoteDeadline: '2026-11-27T17:00:00+08:00',
  deliveryDate: '2026-12-05',
  supplierProvince: '河南省',
  supplierCity: '',
  receiver: '王五',
  receiverPhone: '13900002222',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  address: '狮山镇工业大道8号',
  ...over,
});

/** A buyer company owner with complete company info. */
async function buildBuyer() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

/** A supplier company with an open shop. */
async function buildSupplier() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id, { shopOpenedAt: t.clock.now() });
  return owner;
}

async function post(who: Person, over: Record<string, unknown> = {}) {
  const saved = await save(who, valid(over));
  if (saved.body.codeFlag !== CodeFlag.ok) throw new Error(`not saved: ${saved.body.mesg}`);
  return saved.body.data!;
}

/** The submission an operator's queue shows: the version a decision names. */
const submittedAt = async (id: number) => (await rowOf(id)).submittedAt.toISOString();

async function approve(id: number) {
  const operator = await t.buildOperator();
  const decided = await review(operator, { id, approve: 1, submittedAt: await submittedAt(id) });
  if (decided.body.codeFlag !== CodeFlag.ok) throw new Error(`not reviewed: ${decided.body.mesg}`);
  return decided.body.data!;
}

const rowOf = async (id: number) => (await t.db.select().from(inquiries).where(eq(inquiries.id, id)))[0]!;
const inquiryCount = async () => (await t.db.select({ n: count() }).from(inquiries))[0]!.n;
const noticesOf = (userId: number, key: string) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.messageKey, key)));

describe('posting an inquiry (inquiry/save) and its review', () => {
  it('posts a public inquiry that waits for review, then opens in the hall once approved', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const stranger = await buildSupplier();
    const posted = await post(buyer);
    expect(posted).toMatchObject({
      status: 'review',
      visibility: 'public',
      sortName: 'A00铝',
      title: 'A00铝锭 AL99.70',
      specCount: 2,
      totalQuantityKg: 120_500,
      province: '广东省',
      city: '佛山市',
      receiver: '王五',
      receiverPhone: '13900002222',
      address: '狮山镇工业大道8号',
      paymentMethod: 'advance',
      taxIncluded: true,
      freightIncluded: false,
      deliveryDate: '2026-12-05',
      supplierProvince: '河南省',
      mine: true,
      quoteCount: 0,
      views: 0,
    });
    expect(posted.specs).toMatchObject([
      { productName: 'A00铝锭', quantityKg: 100_000, attributes: [{ name: '品牌', value: '中铝' }] },
      { productName: '6063铝棒', quantityKg: 20_500, attributes: [] },
    ]);
    expect(posted.quoteDeadline).toBe(shanghai('2026-11-27T17:00:00').toISOString());

    // Waiting for review: only its own company sees it.
    expect((await detail(posted.id, stranger)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await detail(posted.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await hall()).body.data!.list.map((i) => i.id)).not.toContain(posted.id);
    expect((await mine(buyer, 'review')).body.data!.list.map((i) => i.id)).toEqual([posted.id]);

    const operator = await t.buildOperator();
    expect((await queue(operator)).body.data!.map((i) => i.id)).toContain(posted.id);
    expect((await queue(buyer)).body.codeFlag).toBe(CodeFlag.forbidden);
    const opened = await approve(posted.id);
    expect(opened.status).toBe('open');
    expect(await noticesOf(buyer.user.id, 'notice.inquiryApproved')).toHaveLength(1);
    expect(
      (await review(operator, { id: posted.id, approve: 1, submittedAt: await submittedAt(posted.id) })).body.codeFlag,
    ).toBe(CodeFlag.conflict);

    expect((await hall()).body.data!.list[0]).toMatchObject({ id: posted.id, buyerCompanyName: expect.any(String) });
    // The category reads in the reader's language.
    const inEnglish = await t.call(Calls.inquiryHall, {}, { lang: 'en-US' });
    expect(inEnglish.body.data!.list[0]).toMatchObject({ id: posted.id, sortName: 'A00 aluminium' });
    expect((await mine(buyer, 'open')).body.data!.list.map((i) => i.id)).toEqual([posted.id]);
    // Another company sees the place but not the delivery contact, and its view counts once a day.
    const seen = (await detail(posted.id, stranger)).body.data!;
    expect(seen).toMatchObject({ mine: false, receiver: '', receiverPhone: '', address: '', city: '佛山市', views: 1 });
    expect((await detail(posted.id, stranger)).body.data!.views).toBe(1);
    expect((await detail(posted.id, buyer)).body.data!.views).toBe(1);
    expect((await detail(posted.id)).body.data!).toMatchObject({ views: 1, receiver: '' });
    t.clock.advance(24 * 3600);
    expect((await detail(posted.id, stranger)).body.data!.views).toBe(2);
  });

  it('refuses incomplete or wrong input with messages in both languages, and writes nothing', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const before = await inquiryCount();
    const eleven = JSON.stringify(Array.from({ length: 11 }, () => ({ quantity: '1' })));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ sortId: '' }, 'sortId', '请先选择品类'],
      [{ sortId: 999_999 }, 'sortId', '请先选择品类'],
      [{ sortId: 78 }, 'sortId', '期货品种只看行情，请选择现货品类'],
      [{ sortId: 40 }, 'sortId', '期货品种只看行情，请选择现货品类'],
      [{ specs: '[]' }, 'specs', '请至少填写一个采购产品'],
      [{ specs: eleven }, 'specs', '最多添加10个规格'],
      [
        { specs: JSON.stringify([{ productName: '铝锭' }]) },
        'specs.0.quantity',
        '请填写每个产品的采购数量（吨，最多3位小数）',
      ],
      [{ quoteDeadline: '' }, 'quoteDeadline', '请选择报价截止时间'],
      [{ quoteDeadline: '2026-11-24T09:00:00+08:00' }, 'quoteDeadline', '报价截止时间须在现在之后90天以内'],
      [{ quoteDeadline: '2027-03-01T09:00:00+08:00' }, 'quoteDeadline', '报价截止时间须在现在之后90天以内'],
      [{ deliveryDate: '2026-11-26' }, 'deliveryDate', '期望交货日期不能早于报价截止日期'],
      [{ address: '' }, 'address', '请填写收货地址'],
      [{ city: '广州' }, 'province', '请选择正确的省、市、区'],
      [{ supplierProvince: '火星' }, 'supplierProvince', '请选择正确的省、市、区'],
      [{ paymentMethod: 'credit' }, 'creditDays', '请填写账期天数'],
      [{ paymentMethod: 'barter' }, 'paymentMethod', '请选择付款方式'],
      [{ visibility: 'designated' }, 'designatedRootIds', '请至少选择一家指定供应商'],
      [
        { visibility: 'designated', designatedRootIds: [buyer.user.id] },
        'designatedRootIds',
        '指定的供应商须是已开店的其他公司',
      ],
      [{ attachments: ['/files/not-ours.png'] }, 'attachments', '附件须是本公司上传的文件'],
    ];
    for (const [over, field, mesg] of cases) {
      const answer = await save(buyer, valid(over));
      expect(answer.body, JSON.stringify(over)).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
      expect(answer.body.errors?.[field], JSON.stringify(over)).toBe(mesg);
    }
    const english = await saveRaw(buyer, { ...valid(), specs: eleven }, 'en-US');
    expect(english.body.mesg).toBe('At most 10 specifications');
    const futures = await save(buyer, valid({ sortId: 78 }), 'en-US');
    expect(futures.body.mesg).toBe('Futures are quotes only: please choose a physical product category');
    expect(await inquiryCount()).toBe(before);
  });

  it('needs complete company info (codeFlag 7) and a login', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const loner = await t.buildUser();
    expect((await save(loner, valid())).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    expect((await t.callRaw(Calls.inquirySave, valid())).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('opens a designated inquiry at once for the suppliers named, and keeps it from everyone else', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const [named, other] = [await buildSupplier(), await buildSupplier()];
    const posted = await post(buyer, { visibility: 'designated', designatedRootIds: JSON.stringify([named.user.id]) });
    expect(posted).toMatchObject({ status: 'open', visibility: 'designated', designatedRootIds: [named.user.id] });
    expect(await noticesOf(named.user.id, 'notice.inquiryDesignated')).toHaveLength(1);
    expect(await noticesOf(other.user.id, 'notice.inquiryDesignated')).toHaveLength(0);
    expect((await detail(posted.id, named)).body.data).toMatchObject({ mine: false, designatedRootIds: [] });
    expect((await detail(posted.id, other)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await detail(posted.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await hall()).body.data!.list.map((i) => i.id)).not.toContain(posted.id);
  });

  it("changes its own inquiry only while in review or rejected, and never another company's", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const stranger = await buildBuyer();
    const posted = await post(buyer);
    const changed = await save(buyer, valid({ id: posted.id, specs: [{ quantity: '5' }] }));
    expect(changed.body.data).toMatchObject({ id: posted.id, specCount: 1, totalQuantityKg: 5000, title: 'A00铝' });
    expect((await save(stranger, valid({ id: posted.id }))).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.inquiryClose, { id: posted.id }, { session: stranger.session })).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await t.call(Calls.inquiryDelete, { id: posted.id }, { session: stranger.session })).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect(await t.db.select().from(inquirySpecs).where(eq(inquirySpecs.inquiryId, posted.id))).toHaveLength(1);
    expect((await rowOf(posted.id)).status).toBe('review');

    const operator = await t.buildOperator();
    const version = await submittedAt(posted.id);
    expect((await review(operator, { id: posted.id, approve: 0, submittedAt: version })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
    expect(
      (await review(operator, { id: posted.id, approve: 0, reason: '数量不实', submittedAt: version })).body.data!
        .status,
    ).toBe('rejected');
    expect(await noticesOf(buyer.user.id, 'notice.inquiryRejected')).toMatchObject([
      { params: { reason: '数量不实' } },
    ]);
    expect((await detail(posted.id, buyer)).body.data).toMatchObject({ status: 'rejected', reason: '数量不实' });
    // The company's own list carries the reason too; nobody else ever sees it.
    expect((await mine(buyer, 'review')).body.data!.list).toMatchObject([{ id: posted.id, reason: '数量不实' }]);
    expect((await save(buyer, valid({ id: posted.id }))).body.data!.status).toBe('review');
    await approve(posted.id);
    expect((await save(buyer, valid({ id: posted.id }))).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '询价已发布，不能再修改',
    });
  });

  it('closes an open inquiry and deletes any, for its own company only', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const posted = await post(buyer);
    const close = () => t.call(Calls.inquiryClose, { id: posted.id }, { session: buyer.session });
    expect((await close()).body.codeFlag).toBe(CodeFlag.conflict);
    await approve(posted.id);
    expect((await close()).body.codeFlag).toBe(CodeFlag.ok);
    expect((await mine(buyer, 'ended')).body.data!.list).toMatchObject([{ id: posted.id, status: 'closed' }]);
    expect((await hall()).body.data!.list.map((i) => i.id)).not.toContain(posted.id);
    expect((await t.call(Calls.inquiryDelete, { id: posted.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await detail(posted.id, buyer)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await mine(buyer, 'ended')).body.data!.list).toEqual([]);
  });
});

describe('the reviewed version (console/inquiry/review)', () => {
  const decisionsOn = (id: number) =>
    t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `inquiry:${id}`));

  it('refuses a decision on a version the buyer has since changed, in the operator’s language, and decides the one shown', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const operator = await t.buildOperator();
    const posted = await post(buyer);
    const listed = (await queue(operator)).body.data!.find((item) => item.id === posted.id)!;
    expect(listed.submittedAt).toBe(posted.submittedAt);
    expect(listed.submittedAt).toBe(await submittedAt(posted.id));
    // The buyer changes it while it waits (at the same clock tick: still a new version).
    const edited = await save(buyer, valid({ id: posted.id, specs: [{ productName: '毒品', quantity: '5' }] }));
    expect(edited.body.codeFlag).toBe(CodeFlag.ok);
    expect(edited.body.data!.submittedAt).not.toBe(listed.submittedAt);

    const stale = await review(operator, { id: posted.id, approve: 1, submittedAt: listed.submittedAt! });
    expect(stale.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '提交方已修改该内容，请查看修改后的内容再审核',
    });
    expect(stale.body.errors?.submittedAt).toBe('提交方已修改该内容，请查看修改后的内容再审核');
    const staleEn = await t.call(
      Calls.reviewInquiry,
      { id: posted.id, approve: 0, reason: '数量不实', submittedAt: listed.submittedAt! },
      { session: operator.session, lang: 'en-US' },
    );
    expect(staleEn.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'The submitter has changed this since it was listed: look at the changes before deciding',
    });
    // No version at all (a console from before it), or one that is no moment: bad input too.
    for (const version of [undefined, '', 'yesterday']) {
      const answer = await t.callRaw(
        Calls.reviewInquiry,
        { id: posted.id, approve: 1, ...(version === undefined ? {} : { submittedAt: version }) },
        { session: operator.session, lang: 'en-US' },
      );
      expect(answer.body, String(version)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'Reload the review queue and decide again',
      });
    }
    // A buyer is no operator, whatever version it names.
    expect(
      (await review(buyer, { id: posted.id, approve: 1, submittedAt: await submittedAt(posted.id) })).body.codeFlag,
    ).toBe(CodeFlag.forbidden);
    // Nothing was decided, told or logged.
    expect((await rowOf(posted.id)).status).toBe('review');
    expect((await rowOf(posted.id)).reviewerId).toBeNull();
    expect(await noticesOf(buyer.user.id, 'notice.inquiryApproved')).toEqual([]);
    expect(await noticesOf(buyer.user.id, 'notice.inquiryRejected')).toEqual([]);
    expect(await decisionsOn(posted.id)).toEqual([]);

    // Looked at again, the edited version is decided.
    const relisted = (await queue(operator)).body.data!.find((item) => item.id === posted.id)!;
    expect(relisted.specs).toMatchObject([{ productName: '毒品' }]);
    const rejected = await review(operator, {
      id: posted.id,
      approve: 0,
      reason: '违禁品',
      submittedAt: relisted.submittedAt!,
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: '违禁品' });
    expect(await decisionsOn(posted.id)).toMatchObject([{ action: 'inquiry.reject' }]);
  });

  it('shows the version to the buyer’s company and operators only', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const posted = await post(buyer);
    await approve(posted.id);
    expect(posted.submittedAt).toBe(shanghai('2026-11-24T10:00:00').toISOString());
    expect((await detail(posted.id, buyer)).body.data!.submittedAt).toBe(posted.submittedAt);
    expect((await detail(posted.id, supplier)).body.data!.submittedAt).toBeUndefined();
    expect((await hall()).body.data!.list.find((item) => item.id === posted.id)).not.toHaveProperty('submittedAt');
  });
});

describe('closing an inquiry past its deadline (inquiry/close)', () => {
  it('answers as for an expired inquiry before the expiry job has run, and leaves the job to end it as expired', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const stranger = await buildBuyer();
    const posted = await post(buyer, { quoteDeadline: '2026-11-24T12:00:00+08:00', deliveryDate: '' });
    await approve(posted.id);
    const close = (who: Person, lang?: string) =>
      t.call(Calls.inquiryClose, { id: posted.id }, { session: who.session, ...(lang ? { lang } : {}) });
    t.clock.set(shanghai('2026-11-24T12:00:30'));
    // The job has not run yet: the row still says open, while the buyer already sees it expired.
    expect((await rowOf(posted.id)).status).toBe('open');
    expect((await mine(buyer, 'open')).body.data!.list).toMatchObject([{ id: posted.id, status: 'expired' }]);
    expect((await close(buyer)).body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '询价已结束' });
    expect((await close(buyer, 'en-US')).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: 'This inquiry has ended',
    });
    expect((await close(stranger)).body.codeFlag).toBe(CodeFlag.forbidden);
    const bad = await t.callRaw(Calls.inquiryClose, { id: 'x' }, { session: buyer.session, lang: 'en-US' });
    expect(bad.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
    });
    expect((await rowOf(posted.id)).status).toBe('open');

    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    await inquiryExpiryJob.run({ db: t.db, clock: t.clock, log, slot: shanghai('2026-11-24T12:01:00') } as never);
    expect((await rowOf(posted.id)).status).toBe('expired');
    expect(await noticesOf(buyer.user.id, 'notice.inquiryExpired')).toHaveLength(1);
    // After the job: the very same answer.
    expect((await close(buyer)).body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '询价已结束' });
    expect((await mine(buyer, 'ended')).body.data!.list).toMatchObject([{ id: posted.id, status: 'expired' }]);
  });

  it('still closes an open inquiry up to its deadline', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const posted = await post(buyer, { quoteDeadline: '2026-11-24T12:00:00+08:00', deliveryDate: '' });
    await approve(posted.id);
    t.clock.set(shanghai('2026-11-24T11:59:59'));
    expect((await t.call(Calls.inquiryClose, { id: posted.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await rowOf(posted.id)).status).toBe('closed');
  });
});

describe('the procurement hall (inquiry/hall) and expiry', () => {
  it('filters by category, delivery province and deadline', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const today = await post(buyer, { quoteDeadline: '2026-11-24T20:00:00+08:00', deliveryDate: '' });
    const copper = await post(buyer, { sortId: 25, province: '江苏省', city: '苏州市', district: '' });
    const later = await post(buyer, { quoteDeadline: '2026-12-20T17:00:00+08:00', deliveryDate: '' });
    for (const inquiry of [today, copper, later]) await approve(inquiry.id);
    const ids = async (filters: Record<string, unknown>) => {
      const answer = await hall({ ...filters, pageSize: 50 });
      expect(answer.body.mesg).toBe('');
      return answer.body.data!.list.map((i) => i.id);
    };
    expect(await ids({ deadline: 'today' })).toContain(today.id);
    expect(await ids({ deadline: 'today' })).not.toContain(copper.id);
    expect(await ids({ deadline: 'week' })).toEqual(expect.arrayContaining([today.id, copper.id]));
    expect(await ids({ deadline: 'week' })).not.toContain(later.id);
    expect(await ids({ sortId: 25 })).toEqual([copper.id]);
    expect(await ids({ province: '江苏省', city: '苏州市' })).toEqual([copper.id]);
    expect((await hall({ deadline: 'someday' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('shows an inquiry past its deadline as expired at once, and the job ends it and tells the buyer once', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const posted = await post(buyer, { quoteDeadline: '2026-11-24T12:00:00+08:00', deliveryDate: '' });
    await approve(posted.id);
    t.clock.set(shanghai('2026-11-24T12:00:30'));
    expect((await detail(posted.id, buyer)).body.data!.status).toBe('expired');
    expect((await hall({ pageSize: 50 })).body.data!.list.map((i) => i.id)).not.toContain(posted.id);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const run = () =>
      inquiryExpiryJob.run({ db: t.db, clock: t.clock, log, slot: shanghai('2026-11-24T12:01:00') } as never);
    await run();
    await run();
    expect((await rowOf(posted.id)).status).toBe('expired');
    expect(await noticesOf(buyer.user.id, 'notice.inquiryExpired')).toHaveLength(1);
  });

  it('ends as expired an inquiry approved after its deadline passed in the queue', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const posted = await post(buyer, { quoteDeadline: '2026-11-24T11:00:00+08:00', deliveryDate: '' });
    t.clock.set(shanghai('2026-11-24T11:30:00'));
    expect((await approve(posted.id)).status).toBe('expired');
  });
});

describe('sharing an inquiry in chat (product link type 2)', () => {
  it('shares an inquiry the sender may read, with a snapshot, and refuses one it may not', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const open = await post(buyer);
    await approve(open.id);
    const waiting = await post(buyer);
    const checker = productLinkCheckers(MODULES)(ChatProductType.inquiry)!;
    const context = (who: Person) => ({
      db: t.db,
      clock: t.clock,
      links: t.app.deps.fileLinks,
      sender: { userId: who.user.id, rootId: who.user.rootId },
    });
    const card = await checker(context(supplier), open.id);
    expect(card).toMatchObject({
      sortId: 13,
      sortName: { 'zh-CN': 'A00铝', 'en-US': 'A00 aluminium' },
      productName: 'A00铝锭',
      details: ['AL99.70'],
      quantityKg: 120_500,
      priceFen: null,
      city: '佛山市',
    });
    expect(productCardText(card!, 'zh-CN').summary).toBe('A00铝 · AL99.70 · 120.5 吨 · 佛山市');
    expect(productCardText(card!, 'en-US').summary).toBe('A00 aluminium · AL99.70 · 120.5 t · 佛山市');
    expect(await checker(context(supplier), waiting.id)).toBeNull();
    expect(await checker(context(buyer), waiting.id)).toMatchObject({ productName: 'A00铝锭' });
    expect(await checker(context(supplier), 999_999)).toBeNull();
  });
});
