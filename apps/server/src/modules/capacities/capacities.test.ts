import {
  type CallRequest,
  Calls,
  CodeFlag,
  MESSAGES,
  type MessageKey,
  type TShopDetail,
  type TShopOpenState,
  type TUploadedFile,
} from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { albumPictures, companyAlbums } from '../albums/albums.table';
import { files } from '../files/files.table';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { capacities, capacityImages } from './capacities.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<TestApp['buildUser']>>;
type Session = { session: string };

/** A moment given as Asia/Shanghai wall time. */
const shanghai = (local: string) => new Date(`${local}+08:00`);

const save = (who: Session, fields: CallRequest<typeof Calls.capacitySave>, lang?: string) =>
  t.call(Calls.capacitySave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const saveRaw = (who: Session, fields: Record<string, unknown>, lang?: string) =>
  t.callRaw(Calls.capacitySave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const detail = (id: number, who?: Session) => t.call(Calls.capacityDetail, { id }, who ? { session: who.session } : {});
const mine = (who: Session, page: Record<string, unknown> = {}) =>
  t.call(Calls.capacityMine, page, { session: who.session });
const remove = (who: Session, id: number) => t.call(Calls.capacityDelete, { id }, { session: who.session });
const companyList = (rootId: number, page: Record<string, unknown> = {}) =>
  t.call(Calls.capacityCompanyList, { rootId, ...page });
const queue = (who: Session) => t.call(Calls.pendingCapacities, {}, { session: who.session });
const rowOf = async (id: number) => (await t.db.select().from(capacities).where(eq(capacities.id, id)))[0];
/** The version the operators' queue shows of a capacity now (its submittedAt): what a decision names. */
const versionOf = async (id: number) => ((await rowOf(id))?.submittedAt ?? t.clock.now()).toISOString();
type ReviewFields = Omit<CallRequest<typeof Calls.reviewCapacity>, 'submittedAt'> & { submittedAt?: string };
/** A decision as the console sends it: naming the version listed now, unless the test names another. */
const review = async (who: Session, input: ReviewFields, lang?: string) =>
  t.call(
    Calls.reviewCapacity,
    { submittedAt: await versionOf(Number(input.id)), ...input },
    { session: who.session, ...(lang ? { lang } : {}) },
  );
const rowsOf = (rootId: number) => t.db.select().from(capacities).where(eq(capacities.rootId, rootId));

async function uploadImages(who: Session, n: number, kind: 'image' | 'licence' = 'image') {
  const data = await plainImage('png');
  const { body } = await t.upload<TUploadedFile[]>(
    Array.from({ length: n }, (_, i) => ({ name: `c${i}.png`, data })),
    { session: who.session, kind },
  );
  if (!body.data) throw new Error(`upload failed: ${body.mesg}`);
  return body.data.map((f) => f.id);
}

/** An owner with complete company info (and, unless said otherwise, an approved licence). */
async function buildOwner({ licence = true } = {}) {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  if (licence) await t.approveLicence(owner);
  return owner;
}

/** An employee of the owner's company, with a role holding every permission. */
const buildEmployee = (owner: Person) => t.buildEmployee(owner);

const valid = (over: Record<string, unknown> = {}) => ({
  sortId: 13,
  productName: '6063铝棒',
  minOrder: '20.5',
  monthlyOutput: '3000',
  attributes: [
    { name: 'grade', value: '6063' },
    { name: '直径', value: 'Φ90-Φ178mm' },
  ],
  info: '可按图定制，月底前交货',
  imageIds: [],
  contactName: '李四',
  contactPhone: '13900001111',
  ...over,
});

async function post(who: Session, over: Record<string, unknown> = {}) {
  const saved = await save(who, valid(over));
  if (saved.body.codeFlag !== CodeFlag.ok) throw new Error(`not saved: ${saved.body.mesg}`);
  return saved.body.data!;
}

async function decide(id: number, approve: boolean, reason = '') {
  const operator = await t.buildOperator();
  const decided = await review(operator, { id, approve: approve ? 1 : 0, ...(reason ? { reason } : {}) });
  if (decided.body.codeFlag !== CodeFlag.ok) throw new Error(`not reviewed: ${decided.body.mesg}`);
  return decided.body.data!;
}

const localized = (key: MessageKey) => MESSAGES[key];

describe('posting a capacity (capacity/save)', () => {
  it('posts a capacity that waits for review, with tons in kilograms, attributes and images in order', async () => {
    t.clock.set(shanghai('2026-11-20T10:00:00'));
    const owner = await buildOwner();
    const imageIds = await uploadImages(owner, 3);
    const saved = await save(owner, valid({ imageIds: [imageIds[2], imageIds[0], imageIds[1]] }));
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    const data = saved.body.data!;
    expect(data).toMatchObject({
      rootId: owner.user.id,
      sortId: 13,
      sortName: 'A00铝',
      metal: 'aluminium',
      productName: '6063铝棒',
      minOrderKg: 20_500,
      monthlyOutputKg: 3_000_000,
      attributes: [
        { name: 'grade', value: '6063' },
        { name: '直径', value: 'Φ90-Φ178mm' },
      ],
      info: '可按图定制，月底前交货',
      contact: { name: '李四', phone: '13900001111', masked: false },
      status: 'waiting',
      reason: '',
      submittedAt: t.clock.now().toISOString(),
      reviewedAt: null,
      review: { awaitingLicence: false, dueDate: '2026-11-27', overdue: false },
      company: { rootId: owner.user.id, name: `测试铝业${owner.user.id}有限公司`, city: '佛山市', licence: true },
      mine: true,
      imageCount: 3,
    });
    expect(data.images.map((i) => i.id)).toEqual([imageIds[2], imageIds[0], imageIds[1]]);
    expect(data.cover?.id).toBe(imageIds[2]);
    expect(data.images[0]?.url).toMatch(/^\/files\/images\//);
    const [row] = await rowsOf(owner.user.id);
    expect(row).toMatchObject({ minOrderKg: 20_500, monthlyOutputKg: 3_000_000, postedBy: owner.user.id });
  });

  it('takes tons as numbers in a JSON body, a landline, no images and no optional fields', async () => {
    const owner = await buildOwner();
    const saved = await t.call(
      Calls.capacitySave,
      { sortId: 12, minOrder: 0.001, monthlyOutput: 1_000_000, contactName: '王五', contactPhone: '0757-86001234' },
      { session: owner.session, json: true },
    );
    expect(saved.body.data).toMatchObject({
      sortName: '1#电解铜',
      metal: 'copper',
      productName: '',
      minOrderKg: 1,
      monthlyOutputKg: 1_000_000_000,
      attributes: [],
      info: '',
      images: [],
      cover: null,
      contact: { phone: '0757-86001234' },
    });
  });

  it('stores a preset attribute typed by its label under the preset, in either language', async () => {
    const owner = await buildOwner();
    const saved = await post(owner, {
      attributes: [
        { name: '牌号', value: '6063' },
        { name: 'Temper', value: 'T5' },
        { name: ' 表面处理 ', value: ' 阳极氧化 ' },
      ],
    });
    expect(saved.attributes).toEqual([
      { name: 'grade', value: '6063' },
      { name: 'temper', value: 'T5' },
      { name: 'surface', value: '阳极氧化' },
    ]);
  });

  const longText = (n: number) => '铝'.repeat(n);
  const cases: [string, Record<string, unknown>, string, MessageKey][] = [
    ['no category', { sortId: undefined }, 'sortId', 'capacity.categoryRequired'],
    ['a category that is not a number', { sortId: 'abc' }, 'sortId', 'capacity.categoryRequired'],
    ['a category not in the catalogue', { sortId: 9999 }, 'sortId', 'capacity.categoryUnknown'],
    ['SHFE copper futures as the category', { sortId: 77 }, 'sortId', 'capacity.categoryNotPhysical'],
    ['a product name over 30 characters', { productName: longText(31) }, 'productName', 'capacity.productNameTooLong'],
    ['no minimum order', { minOrder: undefined }, 'minOrder', 'capacity.minOrderRequired'],
    ['a blank minimum order', { minOrder: '  ' }, 'minOrder', 'capacity.minOrderRequired'],
    ['a minimum order that is not a number', { minOrder: '二十' }, 'minOrder', 'capacity.tonsInvalid'],
    ['a minimum order with 4 decimals', { minOrder: '1.2345' }, 'minOrder', 'capacity.tonsInvalid'],
    ['a minimum order of 0', { minOrder: '0' }, 'minOrder', 'capacity.tonsPositive'],
    ['a minimum order of 0.000', { minOrder: '0.000' }, 'minOrder', 'capacity.tonsPositive'],
    ['a negative minimum order', { minOrder: '-3' }, 'minOrder', 'capacity.tonsPositive'],
    ['a minimum order over a million tons', { minOrder: '1000000.001' }, 'minOrder', 'capacity.tonsTooLarge'],
    ['a monthly production of 12345678 tons', { monthlyOutput: '12345678' }, 'monthlyOutput', 'capacity.tonsTooLarge'],
    ['no monthly production', { monthlyOutput: undefined }, 'monthlyOutput', 'capacity.monthlyOutputRequired'],
    ['a monthly production of 0', { monthlyOutput: '0' }, 'monthlyOutput', 'capacity.tonsPositive'],
    ['a monthly production of 1e3', { monthlyOutput: '1e3' }, 'monthlyOutput', 'capacity.tonsInvalid'],
    [
      'eleven attributes',
      { attributes: Array.from({ length: 11 }, (_, i) => ({ name: `属性${i}`, value: 'x' })) },
      'attributes',
      'capacity.tooManyAttributes',
    ],
    [
      'an attribute without a name',
      { attributes: [{ name: ' ', value: '6063' }] },
      'attributes.0.name',
      'capacity.attributeNameInvalid',
    ],
    [
      'an attribute name over 10 characters',
      { attributes: [{ name: longText(11), value: '6063' }] },
      'attributes.0.name',
      'capacity.attributeNameInvalid',
    ],
    [
      'an attribute without a value',
      { attributes: [{ name: 'grade', value: '' }] },
      'attributes.0.value',
      'capacity.attributeValueInvalid',
    ],
    [
      'an attribute value over 30 characters',
      { attributes: [{ name: 'grade', value: longText(31) }] },
      'attributes.0.value',
      'capacity.attributeValueInvalid',
    ],
    [
      'the same attribute twice (by key and by label)',
      {
        attributes: [
          { name: 'grade', value: '6063' },
          { name: '牌号', value: '6061' },
        ],
      },
      'attributes',
      'capacity.attributeDuplicate',
    ],
    ['attributes that are not JSON', { attributes: '[{name:' }, 'attributes', 'common.invalidJson'],
    ['additional info over 500 characters', { info: longText(501) }, 'info', 'capacity.infoTooLong'],
    ['ten images', { imageIds: Array.from({ length: 10 }, (_, i) => i + 1) }, 'imageIds', 'capacity.tooManyImages'],
    ['the same image twice', { imageIds: [5, 5] }, 'imageIds', 'capacity.imagesInvalid'],
    ['an image id that is not a number', { imageIds: ['a'] }, 'imageIds.0', 'capacity.imagesInvalid'],
    ['no contact person', { contactName: undefined }, 'contactName', 'capacity.contactNameRequired'],
    ['a blank contact person', { contactName: '   ' }, 'contactName', 'capacity.contactNameRequired'],
    [
      'a contact person over 20 characters',
      { contactName: longText(21) },
      'contactName',
      'capacity.contactNameTooLong',
    ],
    ['no contact phone', { contactPhone: undefined }, 'contactPhone', 'capacity.contactPhoneRequired'],
    ['a blank contact phone', { contactPhone: '' }, 'contactPhone', 'capacity.contactPhoneRequired'],
    ['a contact phone that is no number', { contactPhone: '12345' }, 'contactPhone', 'capacity.contactPhoneInvalid'],
    ['a mobile with a digit short', { contactPhone: '1390000111' }, 'contactPhone', 'capacity.contactPhoneInvalid'],
  ];

  it.each(cases)('refuses %s with its message in both languages, writing nothing', async (_what, over, field, key) => {
    const owner = await buildOwner({ licence: false });
    const fields = Object.fromEntries(Object.entries(valid(over)).filter(([, value]) => value !== undefined));
    const zh = await saveRaw(owner, fields);
    expect(zh.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: localized(key)['zh-CN'] });
    expect(zh.body.errors?.[field]).toBe(localized(key)['zh-CN']);
    const en = await saveRaw(owner, fields, 'en-US');
    expect(en.body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: localized(key)['en-US'] });
    expect(await rowsOf(owner.user.id)).toEqual([]);
  });

  it('refuses images that are not the company’s own unused uploaded images', async () => {
    const owner = await buildOwner({ licence: false });
    const other = await buildOwner({ licence: false });
    const [othersImage] = await uploadImages(other, 1);
    const [licenceFile] = await uploadImages(owner, 1, 'licence');
    const [inAlbum] = await uploadImages(owner, 1);
    const [album] = await t.db.insert(companyAlbums).values({ rootId: owner.user.id, name: '厂区' }).returning();
    await t.db.insert(albumPictures).values({ albumId: album!.id, fileId: inAlbum!, position: 0 });
    const [used] = await uploadImages(owner, 1);
    const first = await post(owner, { imageIds: [used] });
    for (const fileId of [othersImage, licenceFile, inAlbum, used, 999_999]) {
      const refused = await save(owner, valid({ imageIds: [fileId] }), 'en-US');
      expect(refused.body, String(fileId)).toEqual({
        codeFlag: CodeFlag.invalidInput,
        mesg: 'Some images are no longer available; please upload them again',
        errors: { imageIds: 'Some images are no longer available; please upload them again' },
      });
    }
    expect((await rowsOf(owner.user.id)).map((r) => r.id)).toEqual([first.id]);
  });

  it('needs complete company info (codeFlag 7) and a login (codeFlag 1), writing nothing', async () => {
    const owner = await t.buildUser();
    await t.buildCompany(owner.user.id, { linkPhone: '' });
    expect((await save(owner, valid())).body).toMatchObject({
      codeFlag: CodeFlag.companyInfoIncomplete,
      mesg: localized('companyInfo.incomplete')['zh-CN'],
    });
    const noCompany = await t.buildUser();
    expect((await save(noCompany, valid())).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    expect((await t.call(Calls.capacitySave, valid())).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    expect(await rowsOf(owner.user.id)).toEqual([]);
    expect(await rowsOf(noCompany.user.id)).toEqual([]);
  });
});

describe('review (console/capacity/list, console/capacity/review)', () => {
  it('passes a waiting capacity: public, noticed to the owner, recorded', async () => {
    t.clock.set(shanghai('2026-11-20T10:00:00'));
    const owner = await buildOwner();
    const posted = await post(owner);
    const visitorBefore = await detail(posted.id);
    expect(visitorBefore.body.codeFlag).toBe(CodeFlag.notFound);
    expect((await companyList(owner.user.id)).body.data).toMatchObject({ list: [], total: 0 });

    const operator = await t.buildOperator();
    const waiting = (await queue(operator)).body.data!.find((item) => item.id === posted.id);
    expect(waiting).toMatchObject({
      rootId: owner.user.id,
      companyName: `测试铝业${owner.user.id}有限公司`,
      city: '佛山市',
      sortName: 'A00铝',
      productName: '6063铝棒',
      minOrderKg: 20_500,
      contactPhone: '13900001111',
      createdAt: posted.submittedAt,
      dueDate: '2026-11-27',
      overdue: false,
      resubmitted: false,
    });
    t.clock.advance(3600);
    const passed = await review(operator, { id: posted.id, approve: 1 });
    expect(passed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { id: posted.id } });
    expect(await rowOf(posted.id)).toMatchObject({
      status: 'passed',
      reviewerId: operator.user.id,
      reviewedAt: t.clock.now(),
      passedAt: t.clock.now(),
    });
    expect((await queue(operator)).body.data!.some((item) => item.id === posted.id)).toBe(false);

    const seen = await detail(posted.id);
    expect(seen.body.data).toMatchObject({
      status: 'passed',
      review: { awaitingLicence: false, dueDate: null, overdue: false },
      contact: { name: '李四', phone: '139****1111', masked: true },
      mine: false,
    });
    const stranger = await t.buildUser();
    expect((await detail(posted.id, stranger)).body.data?.contact).toEqual({
      name: '李四',
      phone: '13900001111',
      masked: false,
    });
    expect((await companyList(owner.user.id)).body.data).toMatchObject({ list: [{ id: posted.id }], total: 1 });

    const [notice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.subject, `capacity:${posted.id}`));
    expect(notice).toMatchObject({
      userId: owner.user.id,
      messageKey: 'notice.capacityApproved',
      params: { name: '6063铝棒' },
    });
    const [action] = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `capacity:${posted.id}`));
    expect(action).toMatchObject({
      operatorId: operator.user.id,
      action: 'capacity.approve',
      detail: { rootId: owner.user.id },
    });
    expect((await review(operator, { id: posted.id, approve: 0, reason: '晚了' })).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: '该申请已处理',
    });
  });

  it('does not pass with a reason (required), which the owner sees; the notice names the category when there is no product name', async () => {
    const owner = await buildOwner();
    const posted = await post(owner, { productName: '' });
    const operator = await t.buildOperator('admin');
    expect((await review(operator, { id: posted.id, approve: 0 })).body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: '驳回时请填写原因',
    });
    expect((await rowOf(posted.id))?.status).toBe('waiting');
    await review(operator, { id: posted.id, approve: 0, reason: '图片与产品不符' });
    expect(await rowOf(posted.id)).toMatchObject({ status: 'notPassed', reason: '图片与产品不符', passedAt: null });
    expect((await mine(owner)).body.data?.list[0]).toMatchObject({
      id: posted.id,
      status: 'notPassed',
      reason: '图片与产品不符',
      review: { dueDate: null },
    });
    expect((await detail(posted.id)).body.codeFlag).toBe(CodeFlag.notFound);
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.subject, `capacity:${posted.id}`));
    expect(notice).toMatchObject({
      messageKey: 'notice.capacityRejected',
      params: { name: 'A00铝', reason: '图片与产品不符' },
    });
    const [action] = await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `capacity:${posted.id}`));
    expect(action).toMatchObject({ action: 'capacity.reject', detail: { reason: '图片与产品不符' } });
  });

  it('refuses a decision on a submission the company has changed since the operator’s list showed it, in the operator’s language, deciding nothing', async () => {
    const owner = await buildOwner();
    const posted = await post(owner);
    const operator = await t.buildOperator();
    const listed = (await queue(operator)).body.data!.find((item) => item.id === posted.id)!;
    expect(listed.submittedAt).toBe(posted.submittedAt);
    expect(listed.createdAt).toBe(listed.submittedAt);
    // Changed while it waits, at the same clock tick: still a new version.
    const changed = await save(owner, valid({ id: posted.id, monthlyOutput: '3500' }));
    expect(changed.body.data!.submittedAt).not.toBe(listed.submittedAt);
    for (const [lang, approve] of [
      ['zh-CN', 1],
      ['en-US', 0],
    ] as const) {
      const refused = await review(
        operator,
        { id: posted.id, approve, reason: '产量不实', submittedAt: listed.submittedAt },
        lang,
      );
      expect(refused.body).toEqual({
        codeFlag: CodeFlag.invalidInput,
        mesg: localized('review.changedSinceListed')[lang],
        errors: { submittedAt: localized('review.changedSinceListed')[lang] },
      });
    }
    // Nothing was decided, told or logged.
    expect(await rowOf(posted.id)).toMatchObject({ status: 'waiting', reviewerId: null, passedAt: null });
    expect(
      await t.db
        .select()
        .from(notices)
        .where(eq(notices.subject, `capacity:${posted.id}`)),
    ).toEqual([]);
    expect(
      await t.db
        .select()
        .from(operatorActions)
        .where(eq(operatorActions.target, `capacity:${posted.id}`)),
    ).toEqual([]);
    const relisted = (await queue(operator)).body.data!.find((item) => item.id === posted.id)!;
    expect(relisted.monthlyOutputKg).toBe(3_500_000);
    const passed = await review(operator, { id: posted.id, approve: 1, submittedAt: relisted.submittedAt });
    expect(passed.body.codeFlag).toBe(CodeFlag.ok);
    expect((await rowOf(posted.id))?.status).toBe('passed');
    expect(
      await t.db
        .select()
        .from(operatorActions)
        .where(eq(operatorActions.target, `capacity:${posted.id}`)),
    ).toMatchObject([{ action: 'capacity.approve' }]);
  });

  it('is for operators only: users are refused (codeFlag 3) and visitors sent to log in, nothing changed', async () => {
    const owner = await buildOwner();
    const posted = await post(owner);
    expect((await queue(owner)).body).toMatchObject({ codeFlag: CodeFlag.forbidden });
    expect((await review(owner, { id: posted.id, approve: 1 })).body).toMatchObject({ codeFlag: CodeFlag.forbidden });
    expect(
      (await t.call(Calls.reviewCapacity, { id: posted.id, approve: 1, submittedAt: await versionOf(posted.id) })).body
        .codeFlag,
    ).toBe(CodeFlag.notLoggedIn);
    expect((await rowOf(posted.id))?.status).toBe('waiting');
    const operator = await t.buildOperator();
    expect((await review(operator, { id: 999_999, approve: 1 })).body.codeFlag).toBe(CodeFlag.notFound);
  });
});

describe('the review’s due date', () => {
  it('starts after the company’s approval: no queue and no due date until the licence is approved', async () => {
    t.clock.set(shanghai('2026-11-20T10:00:00'));
    const owner = await buildOwner({ licence: false });
    const posted = await post(owner);
    expect(posted.review).toEqual({ awaitingLicence: true, dueDate: null, overdue: false });
    expect((await mine(owner)).body.data).toMatchObject({
      licenceApproved: false,
      list: [{ id: posted.id, review: { awaitingLicence: true, dueDate: null } }],
    });
    const operator = await t.buildOperator();
    expect((await queue(operator)).body.data!.some((item) => item.id === posted.id)).toBe(false);
    expect((await review(operator, { id: posted.id, approve: 1 })).body).toEqual({
      codeFlag: CodeFlag.conflict,
      mesg: '该公司营业执照尚未通过审核，其产能暂不能审核',
    });

    // Approved on Wednesday the 25th: five working days on is Wednesday 2 December.
    t.clock.set(shanghai('2026-11-25T15:00:00'));
    await t.approveLicence(owner);
    expect((await mine(owner)).body.data).toMatchObject({
      licenceApproved: true,
      list: [{ review: { awaitingLicence: false, dueDate: '2026-12-02', overdue: false } }],
    });
    const item = (await queue(operator)).body.data!.find((i) => i.id === posted.id);
    expect(item).toMatchObject({ dueDate: '2026-12-02', reviewStartAt: t.clock.now().toISOString() });
  });

  it('skips the weekend, and is overdue once its day is over', async () => {
    t.clock.set(shanghai('2026-11-21T09:00:00'));
    const owner = await buildOwner();
    // Posted on Saturday 21 November: Monday to Friday of the next week.
    const posted = await post(owner);
    expect(posted.review.dueDate).toBe('2026-11-27');
    t.clock.set(shanghai('2026-11-27T23:59:00'));
    expect((await detail(posted.id, owner)).body.data?.review).toEqual({
      awaitingLicence: false,
      dueDate: '2026-11-27',
      overdue: false,
    });
    t.clock.set(shanghai('2026-11-28T00:01:00'));
    expect((await detail(posted.id, owner)).body.data?.review.overdue).toBe(true);
    const operator = await t.buildOperator();
    expect((await queue(operator)).body.data!.find((i) => i.id === posted.id)?.overdue).toBe(true);
  });

  it('skips statutory holidays (National Day) and follows operators’ calendar changes', async () => {
    t.clock.set(shanghai('2026-09-30T10:00:00'));
    const owner = await buildOwner();
    // 1-7 October are holidays: Thursday 8, Friday 9, Monday 12, Tuesday 13, Wednesday 14.
    expect((await post(owner)).review.dueDate).toBe('2026-10-14');

    const admin = await t.buildOperator('admin');
    const opened = await t.call(
      Calls.calendarSetDay,
      { date: '2027-01-09', trading: 1, note: '调休' },
      { session: admin.session },
    );
    expect(opened.body.codeFlag).toBe(CodeFlag.ok);
    t.clock.set(shanghai('2027-01-04T10:00:00'));
    const owner2 = await buildOwner();
    // Tuesday 5 to Friday 8, then the Saturday the operators opened.
    expect((await post(owner2)).review.dueDate).toBe('2027-01-09');
  });

  it('orders the queue by due date: a company approved later waits behind one posted later but approved before', async () => {
    t.clock.set(shanghai('2028-03-01T10:00:00'));
    const early = await buildOwner({ licence: false });
    const earlyPost = await post(early);
    t.clock.set(shanghai('2028-03-02T10:00:00'));
    const ready = await buildOwner();
    const readyPost = await post(ready);
    t.clock.set(shanghai('2028-03-03T10:00:00'));
    await t.approveLicence(early);
    const operator = await t.buildOperator();
    const ids = (await queue(operator)).body.data!.map((i) => i.id);
    expect(ids.indexOf(readyPost.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(readyPost.id)).toBeLessThan(ids.indexOf(earlyPost.id));
    const items = (await queue(operator)).body.data!;
    const dueDates = items.map((i) => i.dueDate);
    expect(dueDates).toEqual([...dueDates].sort());
  });
});

describe('changing and deleting', () => {
  it('sends a not-passed capacity back to review with a new due date when it is modified', async () => {
    t.clock.set(shanghai('2026-11-20T10:00:00'));
    const owner = await buildOwner();
    const posted = await post(owner);
    await decide(posted.id, false, '规格不清');
    t.clock.set(shanghai('2026-11-30T10:00:00'));
    const changed = await save(owner, valid({ id: posted.id, productName: '6063铝棒 Φ120' }));
    expect(changed.body.data).toMatchObject({
      id: posted.id,
      productName: '6063铝棒 Φ120',
      status: 'waiting',
      reason: '',
      submittedAt: t.clock.now().toISOString(),
      review: { dueDate: '2026-12-07' },
    });
    const operator = await t.buildOperator();
    expect((await queue(operator)).body.data!.find((i) => i.id === posted.id)).toMatchObject({
      resubmitted: true,
      dueDate: '2026-12-07',
    });
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
  });

  it('takes a passed capacity out of public view until it passes again; sent unchanged it stays public', async () => {
    const owner = await buildOwner();
    const [a, b] = await uploadImages(owner, 2);
    const posted = await post(owner, { imageIds: [a, b] });
    await decide(posted.id, true);

    const unchanged = await save(owner, valid({ id: posted.id, imageIds: [a, b] }));
    expect(unchanged.body.data).toMatchObject({ status: 'passed' });
    expect((await companyList(owner.user.id)).body.data?.total).toBe(1);

    const [c] = await uploadImages(owner, 1);
    const changed = await save(owner, valid({ id: posted.id, imageIds: [b, c] }));
    expect(changed.body.data).toMatchObject({ status: 'waiting', imageCount: 2 });
    expect(changed.body.data?.images.map((i) => i.id)).toEqual([b, c]);
    // The image taken off is deleted with its file.
    expect(await t.db.select().from(files).where(eq(files.id, a!))).toEqual([]);
    expect((await detail(posted.id)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await companyList(owner.user.id)).body.data).toMatchObject({ list: [], total: 0 });
    await decide(posted.id, true);
    expect((await companyList(owner.user.id)).body.data?.total).toBe(1);
  });

  it('deletes a capacity in any status with its images', async () => {
    const owner = await buildOwner();
    const waiting = await post(owner, { imageIds: await uploadImages(owner, 2) });
    const passed = await post(owner);
    await decide(passed.id, true);
    const notPassed = await post(owner);
    await decide(notPassed.id, false, '重复发布');
    for (const capacity of [waiting, passed, notPassed]) {
      expect((await remove(owner, capacity.id)).body).toEqual({ codeFlag: CodeFlag.ok, mesg: '', data: null });
      expect(await rowOf(capacity.id)).toBeUndefined();
    }
    expect(await t.db.select().from(capacityImages).where(eq(capacityImages.capacityId, waiting.id))).toEqual([]);
    expect(await t.db.select().from(files).where(eq(files.id, waiting.images[0]!.id))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: waiting.images[0]!.url })).statusCode).toBe(404);
    expect((await remove(owner, waiting.id)).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('lets employees act for their company, and refuses another company everything but a passed capacity’s page', async () => {
    const owner = await buildOwner();
    const employee = await buildEmployee(owner);
    const posted = await post(employee);
    expect(posted).toMatchObject({ rootId: owner.user.id, mine: true });
    expect((await rowOf(posted.id))?.postedBy).toBe(employee.user.id);
    expect((await mine(owner)).body.data?.list.map((c) => c.id)).toEqual([posted.id]);
    expect((await detail(posted.id, owner)).body.data?.mine).toBe(true);
    expect((await save(owner, valid({ id: posted.id, info: '老板改的' }))).body.data?.info).toBe('老板改的');

    const passed = await post(owner);
    await decide(passed.id, true);
    const other = await buildOwner();
    const before = await rowsOf(owner.user.id);
    expect((await detail(posted.id, other)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await detail(passed.id, other)).body.data).toMatchObject({ mine: false, status: 'passed' });
    for (const id of [posted.id, passed.id]) {
      expect((await save(other, valid({ id, productName: '冒名' }))).body).toMatchObject({
        codeFlag: CodeFlag.forbidden,
      });
      expect((await remove(other, id)).body).toMatchObject({ codeFlag: CodeFlag.forbidden });
    }
    expect((await mine(other)).body.data?.list).toEqual([]);
    expect(await rowsOf(owner.user.id)).toEqual(before);
    expect(await rowsOf(other.user.id)).toEqual([]);

    expect((await remove(employee, posted.id)).body.codeFlag).toBe(CodeFlag.ok);
  });
});

describe('lists', () => {
  it('pages the company’s capacities, latest change first', async () => {
    t.clock.set(shanghai('2029-05-07T10:00:00'));
    const owner = await buildOwner();
    const posted = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(60);
      posted.push(await post(owner, { productName: `产品${i}` }));
    }
    const first = (await mine(owner, { page: 1, pageSize: 2 })).body.data!;
    expect(first).toMatchObject({ page: 1, hasMore: true, total: 3, licenceApproved: true });
    expect(first.list.map((c) => c.productName)).toEqual(['产品2', '产品1']);
    const second = (await mine(owner, { page: 2, pageSize: 2 })).body.data!;
    expect(second).toMatchObject({ page: 2, hasMore: false, total: 3 });
    expect(second.list.map((c) => c.productName)).toEqual(['产品0']);
    expect((await mine(owner, { pageSize: 51 })).body.codeFlag).toBe(CodeFlag.invalidInput);

    for (const capacity of posted) await decide(capacity.id, true);
    const shop = (await companyList(owner.user.id, { pageSize: 2 })).body.data!;
    expect(shop).toMatchObject({ total: 3, hasMore: true });
    expect(shop.list.map((c) => c.productName)).toEqual(['产品2', '产品1']);
    expect((await t.call(Calls.capacityCompanyList, { rootId: 'x' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('names categories in the reader’s language', async () => {
    const owner = await buildOwner();
    const posted = await post(owner);
    await decide(posted.id, true);
    const en = await t.call(Calls.capacityDetail, { id: posted.id }, { lang: 'en-US' });
    expect(en.body.data?.sortName).toBe('A00 aluminium');
  });
});

describe('shop opening counts passed capacities', () => {
  it('counts a company’s passed capacities (and only those) through the real counter', async () => {
    // A second server on the same database, built as production is: its listing counts are the modules' own.
    const real = await buildApp({
      config: { ...loadConfig({ LOG_LEVEL: 'silent' }, []), rateLimitPerMinute: 10_000 },
      db: t.db,
      clock: t.clock,
      keys: t.keys,
      storage: t.storage,
      logger: false,
    });
    await real.ready();
    try {
      const ask = async <T>(contract: { path: string }, fields: Record<string, unknown>, session = '') =>
        (
          await real.inject({
            method: 'POST',
            url: `/${contract.path}.htmls`,
            payload: new URLSearchParams({ session_id: session, platform: '5', ...fields }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          })
        ).json() as { codeFlag: number; data: T };

      const owner = await buildOwner();
      const passed = [await post(owner), await post(owner)];
      const waiting = await post(owner);
      const rejected = await post(owner);
      for (const capacity of passed) await decide(capacity.id, true);
      await decide(rejected.id, false, '信息不全');
      expect(waiting.status).toBe('waiting');

      const state = await ask<TShopOpenState>(Calls.shopOpenState, {}, owner.session);
      expect(state.data.conditions.listings).toEqual({ required: 5, stock: 0, capacity: 2, shortfall: 3 });
      const shop = await ask<TShopDetail>(Calls.shopDetail, { id: String(owner.user.id) });
      expect(shop.data.counts).toMatchObject({ capacity: 2 });

      await remove(owner, passed[0]!.id);
      const after = await ask<TShopOpenState>(Calls.shopOpenState, {}, owner.session);
      expect(after.data.conditions.listings.capacity).toBe(1);
    } finally {
      await real.close();
    }
  });
});
