import {
  type CallRequest,
  Calls,
  CodeFlag,
  type Language,
  type MessageKey,
  PERMISSIONS,
  type TUploadedFile,
  translate,
  ZStockQuantityChanged,
} from '@metal/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { plainImage } from '../../../test/images';
import { users } from '../accounts/accounts.table';
import { albumPictures, companyAlbums } from '../albums/albums.table';
import type { companies } from '../companies/companies.table';
import { MODULES } from '../index';
import { priceRows } from '../markets/markets.table';
import { notices } from '../notices/notices.table';
import { operatorActions } from '../operators/operators.table';
import { countPublicListings } from '../shops/shops.listings';
import { shopOpenState } from '../shops/shops.service';
import { visitorEvents } from '../visitors/visitors.table';
import { stockExpiryJob } from './stocks.jobs';
import { searchQuery } from './stocks.search';
import { stockDailyViews, stockImages, stocks } from './stocks.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Changjiang A00 (series 1) and LME aluminium (series 8) quotes around the test clock's day (2026-11-20).
  await t.db.insert(priceRows).values([
    { seriesId: 1, date: '2026-11-19', lowCents: 0, highCents: 0, priceCents: 2_040_000, upDownCents: 10_000 },
    { seriesId: 1, date: '2026-11-20', lowCents: 0, highCents: 0, priceCents: 2_050_000, upDownCents: -12_000 },
    { seriesId: 8, date: '2026-11-20', lowCents: 0, highCents: 0, priceCents: 270_000 },
  ]);
});
afterAll(() => t.close());

type Who = { session: string; user: { id: number } };
const langs: Language[] = ['zh-CN', 'en-US'];

async function supplier(fields: Partial<typeof companies.$inferInsert> = {}) {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id, fields);
  return owner;
}

async function uploadImages(who: { session: string }, n: number, kind: 'image' | 'licence' = 'image') {
  const data = await plainImage('png');
  const { body } = await t.upload<TUploadedFile[]>(
    Array.from({ length: n }, (_, i) => ({ name: `p${i}.png`, data })),
    { session: who.session, kind },
  );
  if (!body.data) throw new Error(`upload failed: ${body.mesg}`);
  return body.data;
}

/** What input_stock sends for a complete listing: weights in tons, money in yuan, as typed. */
const listing = (over: Partial<CallRequest<typeof Calls.stockSave>> = {}): CallRequest<typeof Calls.stockSave> => ({
  sortId: 13,
  specifications: 'AL99.70',
  quantity: '30.5',
  grossWeight: '31',
  pieceWeight: '0.025',
  pieces: '1220',
  properties: '国标',
  productName: 'A00铝锭',
  boxNumber: 'B-17',
  province: '广东省',
  city: '佛山市',
  district: '南海区',
  storageAddress: '里水仓库3号库',
  productionDate: '2026-10-08',
  manufacturer: '南海铝厂',
  brand: '南铝',
  priceType: 'market',
  seriesId: 1,
  processingFee: '-150.5',
  priceIntro: '款到发货',
  fixedPrice: 0,
  splittable: 1,
  specialSale: 0,
  freightIncluded: 1,
  additionalInfo: '可看货',
  transportInfo: '汽运',
  paymentDays: '7',
  ...over,
});

const save = (who: { session: string }, fields: CallRequest<typeof Calls.stockSave>, lang?: Language) =>
  t.call(Calls.stockSave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const detail = (id: number, who?: { session: string }, extra: Record<string, unknown> = {}) =>
  t.call(Calls.stockDetail, { id, ...extra }, who ? { session: who.session } : {});
const refresh = (who: { session: string }, id: number) => t.call(Calls.stockRefresh, { id }, { session: who.session });
const stockRow = async (id: number) => (await t.db.select().from(stocks).where(eq(stocks.id, id)))[0]!;
/** The version the operators' queue shows of a listing now (its updatedAt): what a decision names. */
const versionOf = async (id: number) =>
  (await t.db.select().from(stocks).where(eq(stocks.id, id)))[0]?.updatedAt.toISOString() ??
  t.clock.now().toISOString();
type ReviewFields = Omit<CallRequest<typeof Calls.reviewStock>, 'submittedAt'> & { submittedAt?: string };
/** A decision as the console sends it: naming the version listed now, unless the test names another. */
const review = async (who: { session: string }, fields: ReviewFields, lang?: Language) =>
  t.call(
    Calls.reviewStock,
    { submittedAt: await versionOf(Number(fields.id)), ...fields },
    { session: who.session, ...(lang ? { lang } : {}) },
  );
const stockCount = async () => (await t.db.select({ n: count() }).from(stocks))[0]!.n;

async function approved(owner: Who, over: Record<string, unknown> = {}) {
  const saved = await save(owner, listing(over));
  if (saved.body.codeFlag !== CodeFlag.ok) throw new Error(`not saved: ${saved.body.mesg}`);
  const operator = await t.buildOperator();
  const passed = await review(operator, { id: saved.body.data!.id, approve: 1 });
  if (passed.body.codeFlag !== CodeFlag.ok) throw new Error(`not approved: ${passed.body.mesg}`);
  return saved.body.data!.id;
}

describe('posting stock (stock/save)', () => {
  it('stores a complete listing in kilograms and fen, in review, placed at its storage district', async () => {
    const owner = await supplier();
    const [first, second] = await uploadImages(owner, 2);
    const saved = await save(owner, listing({ images: [second!.url, first!.url] }));
    expect(saved.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { status: 'review' } });
    const row = await stockRow(saved.body.data!.id);
    expect(row).toMatchObject({
      rootId: owner.user.id,
      userId: owner.user.id,
      status: 'review',
      sortId: 13,
      specifications: 'AL99.70',
      quantityKg: 30_500,
      grossWeightKg: 31_000,
      pieceWeightKg: 25,
      pieces: 1220,
      province: '广东省',
      city: '佛山市',
      district: '南海区',
      lng: 113.1456,
      lat: 23.0316,
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: -15_050,
      priceFen: null,
      fixedPrice: false,
      splittable: true,
      freightIncluded: true,
      paymentDays: 7,
      productionDate: '2026-10-08',
      publishedAt: null,
      isDemo: false,
    });
    expect(row.refreshedAt).toEqual(t.clock.now());
    const pictures = await t.db
      .select()
      .from(stockImages)
      .where(eq(stockImages.stockId, row.id))
      .orderBy(stockImages.position);
    expect(pictures.map((p) => p.fileId)).toEqual([second!.id, first!.id]);
    // Its words are indexed for search, storage place included.
    const matches = async (keyword: string) =>
      (
        await t.db
          .select({ id: stocks.id })
          .from(stocks)
          .where(and(eq(stocks.id, row.id), sql`${stocks.searchVector} @@ ${searchQuery(keyword)}`))
      ).length;
    expect(await matches('铝锭')).toBe(1);
    expect(await matches('南海')).toBe(1);
    expect(await matches('铜杆')).toBe(0);
  });

  it('keeps a fixed price only, and places a listing without a storage place at the company', async () => {
    const owner = await supplier({ lng: 120.1551, lat: 30.2741 });
    const saved = await save(
      owner,
      listing({
        priceType: 'fixed',
        price: '20880.5',
        seriesId: 1,
        processingFee: '100',
        province: '',
        city: '',
        district: '',
        grossWeight: '',
        pieces: '',
        paymentDays: '',
      }),
    );
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    expect(await stockRow(saved.body.data!.id)).toMatchObject({
      priceType: 'fixed',
      priceFen: 2_088_050,
      seriesId: null,
      processingFeeFen: null,
      province: '',
      lng: 120.1551,
      lat: 30.2741,
      grossWeightKg: null,
      pieces: null,
      paymentDays: null,
    });
  });

  it('lets an employee post for the company', async () => {
    const owner = await supplier();
    const employee = await t.buildEmployee(owner);
    const saved = await save(employee, listing());
    expect(saved.body.codeFlag).toBe(CodeFlag.ok);
    expect(await stockRow(saved.body.data!.id)).toMatchObject({ rootId: owner.user.id, userId: employee.user.id });
  });

  it('needs a login and complete company info (codeFlag 7), writing nothing', async () => {
    const before = await stockCount();
    expect((await t.callRaw(Calls.stockSave, listing())).body.codeFlag).toBe(CodeFlag.notLoggedIn);
    const incomplete = await supplier({ addressDetail: '' });
    const refused = await save(incomplete, listing(), 'en-US');
    expect(refused.body).toMatchObject({
      codeFlag: CodeFlag.companyInfoIncomplete,
      mesg: translate('companyInfo.incomplete', 'en-US'),
    });
    const noCompany = await t.buildUser();
    expect((await save(noCompany, listing())).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    expect(await stockCount()).toBe(before);
  });

  describe('refuses bad input with the field and a sentence in the reader language, writing nothing', () => {
    const cases: [string, Record<string, unknown>, string, MessageKey][] = [
      ['no category', { sortId: '' }, 'sortId', 'stock.categoryRequired'],
      ['an unknown category', { sortId: 999 }, 'sortId', 'stock.categoryRequired'],
      ['SHFE aluminium futures as the category', { sortId: 78 }, 'sortId', 'stock.categoryNotPhysical'],
      ['LME copper futures as the category', { sortId: 41 }, 'sortId', 'stock.categoryNotPhysical'],
      ['no quantity', { quantity: '' }, 'quantity', 'stock.quantityRequired'],
      ['a quantity of zero', { quantity: '0' }, 'quantity', 'stock.quantityRequired'],
      ['a quantity with 4 decimals', { quantity: '1.2345' }, 'quantity', 'stock.quantityRequired'],
      ['a quantity in words', { quantity: 'thirty' }, 'quantity', 'stock.quantityRequired'],
      ['a quantity beyond a million tons', { quantity: '1000001' }, 'quantity', 'stock.quantityRequired'],
      ['no piece weight', { pieceWeight: '' }, 'pieceWeight', 'stock.pieceWeightRequired'],
      ['a negative piece weight', { pieceWeight: '-1' }, 'pieceWeight', 'stock.pieceWeightRequired'],
      ['a gross weight in words', { grossWeight: 'heavy' }, 'grossWeight', 'stock.weightInvalid'],
      ['a gross weight below the quantity', { grossWeight: '30' }, 'grossWeight', 'stock.grossBelowNet'],
      ['half a piece', { pieces: '1.5' }, 'pieces', 'common.onlyPositiveIntegers'],
      ['no price type', { priceType: '' }, 'priceType', 'stock.priceRequired'],
      ['a market price without a series', { seriesId: '' }, 'seriesId', 'stock.seriesRequired'],
      ['a market price without a fee', { processingFee: '' }, 'processingFee', 'stock.processingFeeRequired'],
      ['a fee with 3 decimals', { processingFee: '1.005' }, 'processingFee', 'common.pleaseEnterNumbers'],
      ['a fee out of range', { processingFee: '10000001' }, 'processingFee', 'stock.priceOutOfRange'],
      ['an unknown series', { seriesId: 999 }, 'seriesId', 'stock.seriesRequired'],
      ['a series quoted in dollars', { seriesId: 8 }, 'seriesId', 'stock.seriesNotYuan'],
      ['a fixed price without a price', { priceType: 'fixed', price: '' }, 'price', 'stock.priceRequired'],
      ['a fixed price of zero', { priceType: 'fixed', price: '0' }, 'price', 'stock.priceRequired'],
      ['a negative fixed price', { priceType: 'fixed', price: '-1' }, 'price', 'common.pleaseEnterNumbers'],
      ['a production date in words', { productionDate: 'last week' }, 'productionDate', 'stock.dateInvalid'],
      ['a specification too long', { specifications: 'x'.repeat(101) }, 'specifications', 'common.tooLong'],
      ['additional info too long', { additionalInfo: '长'.repeat(501) }, 'additionalInfo', 'common.tooLong'],
      ['payment days of zero', { paymentDays: '0' }, 'paymentDays', 'common.onlyPositiveIntegers'],
      ['payment days beyond a year', { paymentDays: '366' }, 'paymentDays', 'common.onlyPositiveIntegers'],
      ['a flag that is not 0 or 1', { fixedPrice: '2' }, 'fixedPrice', 'common.invalidInput'],
      [
        'ten pictures',
        { images: Array.from({ length: 10 }, (_, i) => `/files/x${i}.png`) },
        'images',
        'stock.tooManyImages',
      ],
      ['pictures that are not a list', { images: '[not json' }, 'images', 'common.invalidJson'],
      ['a picture that was never uploaded', { images: ['/files/images/1/none.png'] }, 'images', 'stock.imagesInvalid'],
      [
        'a picture that is not a file address',
        { images: ['https://example.com/a.png'] },
        'images',
        'stock.imagesInvalid',
      ],
      ['a district outside its city', { district: '天河区' }, 'province', 'stock.regionInvalid'],
      ['a province alone', { city: '', district: '' }, 'province', 'stock.regionInvalid'],
    ];
    it.each(cases)('%s', async (_name, over, field, key) => {
      const owner = await supplier();
      const before = await stockCount();
      for (const lang of langs) {
        const { body } = await save(owner, listing(over), lang);
        expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate(key, lang) });
        expect(body.errors?.[field]).toBe(translate(key, lang));
      }
      expect(await stockCount()).toBe(before);
    });

    it('names the messages as SPEC words them in both languages', async () => {
      const owner = await supplier();
      const zh = await save(owner, listing({ sortId: '' }), 'zh-CN');
      expect(zh.body.mesg).toBe('请先选择品类');
      const en = await save(owner, listing({ paymentDays: '2.5' }), 'en-US');
      expect(en.body.mesg).toBe('Only positive integers');
      const numbers = await save(owner, listing({ processingFee: 'abc' }), 'en-US');
      expect(numbers.body.mesg).toBe('Please enter numbers');
    });

    it("refuses another company's pictures, a licence, and an album's pictures", async () => {
      const owner = await supplier();
      const other = await supplier();
      const [theirs] = await uploadImages(other, 1);
      const [licence] = await uploadImages(owner, 1, 'licence');
      const [inAlbum] = await uploadImages(owner, 1);
      const [album] = await t.db.insert(companyAlbums).values({ rootId: owner.user.id, name: '厂区' }).returning();
      await t.db.insert(albumPictures).values({ albumId: album!.id, fileId: inAlbum!.id, position: 0 });
      const [mine] = await uploadImages(owner, 1);
      const before = await stockCount();
      for (const images of [[theirs!.url], [licence!.url], [inAlbum!.url], [mine!.url, mine!.url]]) {
        const { body } = await save(owner, listing({ images }));
        expect(body).toMatchObject({
          codeFlag: CodeFlag.invalidInput,
          errors: { images: '部分图片已失效，请重新上传' },
        });
      }
      expect(await stockCount()).toBe(before);
    });
  });

  it('changes its own listing, which goes back to review, refreshed now, with its new pictures', async () => {
    const owner = await supplier();
    const id = await approved(owner);
    const published = (await stockRow(id)).publishedAt;
    t.clock.advance(3600);
    const [picture] = await uploadImages(owner, 1);
    const changed = await save(owner, listing({ id, quantity: '12', grossWeight: '', images: [picture!.url] }));
    expect(changed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { id, status: 'review' } });
    const row = await stockRow(id);
    expect(row).toMatchObject({ status: 'review', quantityKg: 12_000, grossWeightKg: null, publishedAt: published });
    expect(row.refreshedAt).toEqual(t.clock.now());
    const pictures = await t.db.select().from(stockImages).where(eq(stockImages.stockId, id));
    expect(pictures.map((p) => p.fileId)).toEqual([picture!.id]);
    // Rejected listings may be changed and sent again; the reason goes with the new review.
    const operator = await t.buildOperator();
    await review(operator, { id, approve: 0, reason: '图片不清晰' });
    expect((await save(owner, listing({ id }))).body.codeFlag).toBe(CodeFlag.ok);
    expect(await stockRow(id)).toMatchObject({ status: 'review', reason: '' });
  });

  it('refuses a change whose form showed more tons than orders have left, and takes one that saw them', async () => {
    const owner = await supplier();
    const buyer = await supplier();
    const id = await approved(owner, { quantity: '30' });
    const order = await t.call(
      Calls.orderConfirmStock,
      { items: [{ stockId: id, quantity: '5' }], remark: '' },
      { session: buyer.session },
    );
    expect(order.body.codeFlag).toBe(CodeFlag.ok);
    const before = await stockRow(id);
    expect(before).toMatchObject({ status: 'sale', quantityKg: 25_000 });

    // The seller opened the form at 30 t and saves 30 t: the 5 t the order took would be sold twice.
    for (const lang of langs) {
      const stale = await save(owner, listing({ id, quantity: '30', grossWeight: '', seenQuantityKg: 30_000 }), lang);
      expect(stale.body).toMatchObject({
        codeFlag: CodeFlag.conflict,
        mesg: translate('stock.quantityChanged', lang, { tons: '25', seenTons: '30' }),
        data: { quantityKg: 25_000 },
      });
      expect(ZStockQuantityChanged.parse(stale.body.data)).toEqual({ quantityKg: 25_000 });
    }
    expect(await stockRow(id)).toEqual(before);

    const seen = await save(owner, listing({ id, quantity: '40', grossWeight: '', seenQuantityKg: 25_000 }));
    expect(seen.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { id, status: 'review' } });
    expect(await stockRow(id)).toMatchObject({ quantityKg: 40_000 });
    // A client that does not say what it saw (the existing app) saves as before.
    expect((await save(owner, listing({ id, quantity: '41', grossWeight: '' }))).body.codeFlag).toBe(CodeFlag.ok);
    expect(await stockRow(id)).toMatchObject({ quantityKg: 41_000 });
  });

  it("refuses a malformed seen quantity in the caller's language, writing nothing", async () => {
    const owner = await supplier();
    const id = await approved(owner, { quantity: '30' });
    const before = await stockRow(id);
    for (const seenQuantityKg of ['-1', '2.5', 'abc', String(2 ** 53)]) {
      const { body } = await save(owner, listing({ id, quantity: '31', seenQuantityKg } as never), 'en-US');
      expect(body).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg: translate('common.invalidInput', 'en-US') });
    }
    expect(await stockRow(id)).toEqual(before);
  });

  it("refuses another company's listing and a deleted one, changing nothing", async () => {
    const owner = await supplier();
    const other = await supplier();
    const id = await approved(owner);
    const before = await stockRow(id);
    const refused = await save(other, listing({ id, quantity: '1' }), 'en-US');
    expect(refused.body).toMatchObject({ codeFlag: CodeFlag.forbidden, mesg: translate('common.forbidden', 'en-US') });
    expect(await stockRow(id)).toEqual(before);
    await t.db.update(stocks).set({ status: 'deleted' }).where(eq(stocks.id, id));
    expect((await save(owner, listing({ id }))).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await save(owner, listing({ id: 987_654 }))).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await stockRow(id)).status).toBe('deleted');
  });
});

describe('operator review (console/stock/list and console/stock/review)', () => {
  it('lists listings waiting for review oldest first, with pictures, price worked out and company', async () => {
    const owner = await supplier({ name: '佛山现货铝业有限公司' });
    const employee = await t.buildEmployee(owner);
    const [picture] = await uploadImages(owner, 1);
    const first = (await save(employee, listing({ images: [picture!.url] }))).body.data!.id;
    t.clock.advance(60);
    const second = (await save(owner, listing({ priceType: 'fixed', price: '21000' }))).body.data!.id;
    const operator = await t.buildOperator();
    const queue = await t.call(Calls.pendingStocks, {}, { session: operator.session });
    const mine = queue.body.data!.filter((item) => item.rootId === owner.user.id);
    expect(mine.map((item) => item.id)).toEqual([first, second]);
    expect(mine[0]).toMatchObject({
      companyName: '佛山现货铝业有限公司',
      posterAccount: employee.user.account,
      sortName: 'A00铝',
      quantityKg: 30_500,
      price: { type: 'market', unitPriceFen: 2_034_950, seriesName: '长江A00铝', quoteDate: '2026-11-20' },
      images: [{ url: picture!.url, thumbUrl: picture!.thumbUrl }],
      resubmitted: false,
    });
    expect(mine[1]?.price).toMatchObject({ type: 'fixed', unitPriceFen: 2_100_000 });
    const english = await t.call(Calls.pendingStocks, {}, { session: operator.session, lang: 'en-US' });
    expect(english.body.data!.find((item) => item.id === first)?.sortName).toBe('A00 aluminium');
  });

  it('puts a listing on sale: published now, the poster told, the action logged', async () => {
    const owner = await supplier();
    const id = (await save(owner, listing({ productName: '铝锭甲' }))).body.data!.id;
    t.clock.advance(120);
    const operator = await t.buildOperator();
    const passed = await review(operator, { id, approve: 1 });
    expect(passed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { id, status: 'sale' } });
    const row = await stockRow(id);
    expect(row).toMatchObject({ status: 'sale', reviewerId: operator.user.id });
    expect(row.publishedAt).toEqual(t.clock.now());
    expect(row.refreshedAt).toEqual(t.clock.now());
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.subject, `stock:${id}`));
    expect(notice).toMatchObject({
      userId: owner.user.id,
      messageKey: 'notice.stockApproved',
      params: { name: '铝锭甲' },
    });
    const [action] = await t.db
      .select()
      .from(operatorActions)
      .where(and(eq(operatorActions.operatorId, operator.user.id), eq(operatorActions.target, `stock:${id}`)));
    expect(action).toMatchObject({ action: 'stock.approve', detail: { rootId: owner.user.id } });
    expect((await detail(id)).body.data?.status).toBe('sale');
  });

  it('rejects only with a reason, tells the poster why, and refuses a second decision (codeFlag 5)', async () => {
    const owner = await supplier();
    const employee = await t.buildEmployee(owner);
    const id = (await save(employee, listing({ productName: '' }))).body.data!.id;
    const operator = await t.buildOperator();
    for (const lang of langs) {
      const missing = await review(operator, { id, approve: 0 }, lang);
      expect(missing.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: translate('review.reasonRequired', lang),
      });
    }
    expect((await stockRow(id)).status).toBe('review');
    const rejected = await review(operator, { id, approve: 0, reason: '价格明显不实' });
    expect(rejected.body).toMatchObject({
      codeFlag: CodeFlag.ok,
      data: { status: 'rejected', reason: '价格明显不实' },
    });
    const [notice] = await t.db
      .select()
      .from(notices)
      .where(eq(notices.subject, `stock:${id}`));
    expect(notice).toMatchObject({
      userId: employee.user.id,
      messageKey: 'notice.stockRejected',
      params: { name: 'A00铝 AL99.70', reason: '价格明显不实' },
    });
    const again = await review(operator, { id, approve: 1 }, 'en-US');
    expect(again.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: translate('review.notPending', 'en-US') });
    expect(await stockRow(id)).toMatchObject({ status: 'rejected', reason: '价格明显不实' });
    expect((await review(operator, { id: 987_654, approve: 1 })).body.codeFlag).toBe(CodeFlag.notFound);
  });

  it('is for operators only', async () => {
    const owner = await supplier();
    const id = (await save(owner, listing())).body.data!.id;
    expect((await t.call(Calls.pendingStocks, {}, { session: owner.session })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await review(owner, { id, approve: 1 })).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.reviewStock, { id, approve: 1, submittedAt: await versionOf(id) })).body.codeFlag).toBe(
      CodeFlag.notLoggedIn,
    );
    expect((await stockRow(id)).status).toBe('review');
  });

  const queued = async (operator: { session: string }, id: number) =>
    (await t.call(Calls.pendingStocks, {}, { session: operator.session })).body.data!.find((item) => item.id === id)!;
  const decisionsOn = async (id: number) => ({
    notices: await t.db
      .select()
      .from(notices)
      .where(eq(notices.subject, `stock:${id}`)),
    actions: await t.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, `stock:${id}`)),
  });

  it('refuses a decision on a listing the seller changed after the queue listed it, in the operator’s language, deciding nothing', async () => {
    const owner = await supplier();
    const operator = await t.buildOperator();
    const id = (await save(owner, listing({ productName: '铝锭乙', quantity: '30' }))).body.data!.id;
    const listed = await queued(operator, id);
    expect(listed.submittedAt).toBe(await versionOf(id));
    // The seller changes it while it waits (stock/save with its id), at the same clock tick: still a new version.
    expect((await save(owner, listing({ id, productName: '铝锭乙', quantity: '3' }))).body.codeFlag).toBe(CodeFlag.ok);
    for (const lang of langs) {
      const stale = await review(operator, { id, approve: 1, submittedAt: listed.submittedAt }, lang);
      expect(stale.body).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: translate('review.changedSinceListed', lang),
        errors: { submittedAt: translate('review.changedSinceListed', lang) },
      });
    }
    expect(
      (await review(operator, { id, approve: 0, reason: '数量不实', submittedAt: listed.submittedAt })).body.codeFlag,
    ).toBe(CodeFlag.invalidInput);
    // Nothing was decided, told or logged.
    expect(await stockRow(id)).toMatchObject({
      status: 'review',
      quantityKg: 3_000,
      reviewerId: null,
      publishedAt: null,
    });
    expect(await decisionsOn(id)).toEqual({ notices: [], actions: [] });

    // A batch edit of the price in the stock manager, at the same tick again, is a new version too.
    const relisted = await queued(operator, id);
    expect(relisted.quantityKg).toBe(3_000);
    const edited = await t.call(
      Calls.stockBatchEdit,
      { ids: [id], field: 'price', value: '100' },
      { session: owner.session },
    );
    expect(edited.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { changed: 1 } });
    const refused = await review(operator, { id, approve: 1, submittedAt: relisted.submittedAt });
    expect(refused.body.codeFlag).toBe(CodeFlag.invalidInput);
    expect((await stockRow(id)).status).toBe('review');

    // Looked at again, the version shown is decided.
    const current = await queued(operator, id);
    expect(current.price).toMatchObject({ processingFeeFen: -5_050 });
    const passed = await review(operator, { id, approve: 1, submittedAt: current.submittedAt });
    expect(passed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { id, status: 'sale', quantityKg: 3_000 } });
    expect(await stockRow(id)).toMatchObject({ status: 'sale', reviewerId: operator.user.id });
    const decided = await decisionsOn(id);
    expect(decided.notices).toMatchObject([{ messageKey: 'notice.stockApproved' }]);
    expect(decided.actions).toMatchObject([{ action: 'stock.approve' }]);
  });

  it('refuses a decision that names no version, or no moment, in the operator’s language (a console from before it)', async () => {
    const owner = await supplier();
    const operator = await t.buildOperator();
    const id = (await save(owner, listing())).body.data!.id;
    for (const [lang, version] of [
      ['zh-CN', undefined],
      ['en-US', undefined],
      ['en-US', ''],
      ['zh-CN', 'yesterday'],
    ] as const) {
      const answer = await t.callRaw(
        Calls.reviewStock,
        { id, approve: 1, ...(version === undefined ? {} : { submittedAt: version }) },
        { session: operator.session, lang },
      );
      expect(answer.body, String(version)).toMatchObject({
        codeFlag: CodeFlag.invalidInput,
        mesg: translate('review.versionRequired', lang),
        errors: { submittedAt: translate('review.versionRequired', lang) },
      });
    }
    expect(await stockRow(id)).toMatchObject({ status: 'review', reviewerId: null });
    expect(await decisionsOn(id)).toEqual({ notices: [], actions: [] });
  });
});

describe('stock_detail (stock/detail)', () => {
  it('shows a listing for sale to a visitor with the phone masked, and counts the view', async () => {
    const owner = await supplier({ name: '南海铝材有限公司', linkPhone: '13912345678', lng: 113.1456, lat: 23.0316 });
    await t.approveLicence(owner);
    const [a, b] = await uploadImages(owner, 2);
    const id = await approved(owner, { images: [a!.url, b!.url] });
    const seen = await detail(id, undefined, { lng: 121.4737, lat: 31.2304 });
    expect(seen.body.data).toMatchObject({
      id,
      status: 'sale',
      sortName: 'A00铝',
      quantityKg: 30_500,
      pieceWeightKg: 25,
      storageAddress: '里水仓库3号库',
      price: { type: 'market', unitPriceFen: 2_034_950, processingFeeFen: -15_050, quoteDate: '2026-11-20' },
      priceChangeFen: -12_000,
      images: [{ url: a!.url }, { url: b!.url }],
      shop: {
        rootId: owner.user.id,
        name: '南海铝材有限公司',
        shopOpen: false,
        licence: true,
        realName: false,
        city: '佛山市',
      },
      contact: { linkName: '张三', phone: '139****5678', masked: true },
      isOwn: false,
      views: 1,
      isDemo: false,
    });
    // Shanghai to Foshan is about 1,220 km as the crow flies.
    expect(seen.body.data!.distanceKm).toBeGreaterThan(1_150);
    expect(seen.body.data!.shop.distanceKm).toBeGreaterThan(1_150);
    expect((await detail(id)).body.data!.distanceKm).toBeNull();
    const visitorEventCount = await t.db.select().from(visitorEvents).where(eq(visitorEvents.stockId, id));
    expect(visitorEventCount).toHaveLength(0);
  });

  it('shows the phone to a logged-in user and records them as a visitor; the seller sees its own without a count', async () => {
    const owner = await supplier({ linkPhone: '13912345678' });
    const id = await approved(owner);
    const buyer = await t.buildUser();
    const seen = await detail(id, buyer);
    expect(seen.body.data).toMatchObject({ contact: { phone: '13912345678', masked: false }, isOwn: false, views: 1 });
    const own = await detail(id, owner);
    expect(own.body.data).toMatchObject({ isOwn: true, views: 1 });
    expect((await stockRow(id)).views).toBe(1);
    const events = await t.db.select().from(visitorEvents).where(eq(visitorEvents.stockId, id));
    expect(events.map((e) => e.visitorUserId)).toEqual([buyer.user.id]);
    const daily = await t.db.select().from(stockDailyViews).where(eq(stockDailyViews.stockId, id));
    expect(daily.map((d) => d.views)).toEqual([1]);
  });

  it('hides a listing that is not for sale from everyone but its company, which sees the rejection reason', async () => {
    const owner = await supplier();
    const other = await supplier();
    const employee = await t.buildEmployee(owner);
    const id = (await save(owner, listing())).body.data!.id;
    for (const who of [undefined, other]) {
      const hidden = await detail(id, who);
      expect(hidden.body).toMatchObject({ codeFlag: CodeFlag.notFound, mesg: translate('common.notFound', 'zh-CN') });
    }
    expect((await detail(id, owner)).body.data).toMatchObject({ status: 'review', isOwn: true });
    const operator = await t.buildOperator();
    await review(operator, { id, approve: 0, reason: '规格填写有误' });
    expect((await detail(id, employee)).body.data).toMatchObject({ status: 'rejected', reason: '规格填写有误' });
    expect((await detail(id, other)).body.codeFlag).toBe(CodeFlag.notFound);
    for (const status of ['soldOut', 'offline', 'onTheWay', 'expired'] as const) {
      await t.db.update(stocks).set({ status }).where(eq(stocks.id, id));
      expect((await detail(id, other)).body.codeFlag).toBe(CodeFlag.notFound);
      expect((await detail(id, owner)).body.data?.status).toBe(status);
    }
    await t.db.update(stocks).set({ status: 'deleted' }).where(eq(stocks.id, id));
    expect((await detail(id, owner)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await stockRow(id)).views).toBe(0);
    expect((await detail(987_654)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.stockDetail, { id: 'abc' })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it("marks the seller's real-name verification and licence each as it stands", async () => {
    const owner = await supplier({ name: '实名铝业' });
    await t.verifyRealName(owner);
    const stock = await t.buildStock(owner.user.id, { specifications: 'AL99.85 实名' });
    const seen = await detail(stock.id);
    expect(seen.body.data?.shop).toMatchObject({ name: '实名铝业', licence: false, realName: true });
    expect(seen.body.data?.sameSpecCount).toBe(0);
  });

  it('labels demo listings and names them in the reader language', async () => {
    const owner = await supplier();
    const stock = await t.buildStock(owner.user.id, { isDemo: true, sortId: 12 });
    const seen = await t.call(Calls.stockDetail, { id: stock.id }, { lang: 'en-US' });
    expect(seen.body.data).toMatchObject({ isDemo: true, sortName: '1# electrolytic copper' });
  });

  it("labels a demo company's new listing demo, and nobody else's", async () => {
    const demo = await supplier();
    await t.db.update(users).set({ isDemo: true }).where(eq(users.id, demo.user.id));
    const ordinary = await supplier();
    const posted = await save(demo, listing());
    const other = await save(ordinary, listing());
    expect(posted.body.codeFlag).toBe(CodeFlag.ok);
    expect((await stockRow(posted.body.data!.id)).isDemo).toBe(true);
    expect((await stockRow(other.body.data!.id)).isDemo).toBe(false);
  });
});

describe('stock_same_spec (stock/same_spec)', () => {
  it('lists other listings of the same category and specification for sale, nearest price first', async () => {
    const owner = await supplier();
    const other = await supplier();
    const spec = '6063-T5 Φ90';
    const base = await t.buildStock(owner.user.id, { sortId: 21, specifications: spec, priceFen: 2_100_000 });
    const near = await t.buildStock(other.user.id, { sortId: 21, specifications: '6063-t5 φ90', priceFen: 2_095_000 });
    const far = await t.buildStock(other.user.id, { sortId: 21, specifications: spec, priceFen: 2_300_000 });
    // Changjiang A00 2,050,000 + 40,000 = 2,090,000: 10,000 away.
    const following = await t.buildStock(other.user.id, {
      sortId: 21,
      specifications: spec,
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 40_000,
      priceFen: null,
    });
    await t.buildStock(other.user.id, { sortId: 21, specifications: spec, status: 'offline' });
    await t.buildStock(other.user.id, { sortId: 13, specifications: spec });
    await t.buildStock(other.user.id, { sortId: 21, specifications: '6063-T6 Φ90' });
    const page = await t.call(Calls.stockSameSpec, { id: base.id });
    expect(page.body.data!.list.map((s) => s.id)).toEqual([near.id, following.id, far.id]);
    expect(page.body.data).toMatchObject({ total: 3, hasMore: false, page: 1 });
    const second = await t.call(Calls.stockSameSpec, { id: base.id, page: 2, pageSize: 2 });
    expect(second.body.data).toMatchObject({ list: [{ id: far.id }], hasMore: false, total: 3 });
    expect((await detail(base.id)).body.data?.sameSpecCount).toBe(3);
  });

  it('answers only for listings the caller may see', async () => {
    const owner = await supplier();
    const hidden = await t.buildStock(owner.user.id, { status: 'review' });
    expect((await t.call(Calls.stockSameSpec, { id: hidden.id })).body.codeFlag).toBe(CodeFlag.notFound);
    const own = await t.call(Calls.stockSameSpec, { id: hidden.id }, { session: owner.session });
    expect(own.body.codeFlag).toBe(CodeFlag.ok);
    expect((await t.call(Calls.stockSameSpec, { id: hidden.id, pageSize: 51 })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );
  });
});

describe("a company's stock (stock/company_list) and shop opening", () => {
  it("lists a company's listings for sale, newest first, page by page", async () => {
    const owner = await supplier();
    const older = await t.buildStock(owner.user.id, { publishedAt: new Date('2026-11-01T00:00:00Z') });
    const newer = await t.buildStock(owner.user.id, { publishedAt: new Date('2026-11-10T00:00:00Z') });
    await t.buildStock(owner.user.id, { status: 'review', publishedAt: null });
    await t.buildStock(owner.user.id, { status: 'soldOut' });
    const other = await supplier();
    await t.buildStock(other.user.id);
    const page = await t.call(Calls.stockCompanyList, { rootId: owner.user.id, pageSize: 1 });
    expect(page.body.data).toMatchObject({ list: [{ id: newer.id }], total: 2, hasMore: true });
    const next = await t.call(Calls.stockCompanyList, { rootId: owner.user.id, page: 2, pageSize: 1 });
    expect(next.body.data).toMatchObject({ list: [{ id: older.id }], hasMore: false });
    expect((await t.call(Calls.stockCompanyList, { rootId: 0 })).body.codeFlag).toBe(CodeFlag.invalidInput);
  });

  it('counts real listings for sale towards opening a shop', async () => {
    const owner = await supplier();
    const actor = {
      userId: owner.user.id,
      rootId: owner.user.id,
      account: '',
      operatorRole: null,
      sessionHash: null,
      companyRole: 'owner' as const,
      permissions: PERMISSIONS,
    };
    expect(await countPublicListings(MODULES)(t.db, owner.user.id)).toEqual({ stock: 0, capacity: 0 });
    await approved(owner);
    await approved(owner);
    await save(owner, listing());
    const state = await shopOpenState({
      db: t.db,
      clock: t.clock,
      countListings: countPublicListings(MODULES),
      minListings: 5,
      actor,
    });
    expect(state.conditions.listings).toMatchObject({ stock: 2, shortfall: 3 });
  });
});

describe('refreshing and expiry', () => {
  it('refreshes a listing for sale, and puts an expired one that was on sale back on sale', async () => {
    const owner = await supplier();
    const id = await approved(owner);
    t.clock.advance(86_400);
    const refreshed = await refresh(owner, id);
    expect(refreshed.body).toMatchObject({ codeFlag: CodeFlag.ok, data: { id, status: 'sale' } });
    expect((await stockRow(id)).refreshedAt).toEqual(t.clock.now());
    await t.db.update(stocks).set({ status: 'expired' }).where(eq(stocks.id, id));
    expect((await refresh(owner, id)).body.data?.status).toBe('sale');
  });

  it('refuses other states (codeFlag 5) and other companies (codeFlag 3), changing nothing', async () => {
    const owner = await supplier();
    const other = await supplier();
    const waiting = (await save(owner, listing())).body.data!.id;
    const before = await stockRow(waiting);
    for (const lang of langs) {
      const refused = await t.call(Calls.stockRefresh, { id: waiting }, { session: owner.session, lang });
      expect(refused.body).toMatchObject({
        codeFlag: CodeFlag.conflict,
        mesg: translate('stock.refreshNotAllowed', lang),
      });
    }
    // Expired without ever having been on sale: there is nothing to put back.
    await t.db.update(stocks).set({ status: 'expired' }).where(eq(stocks.id, waiting));
    expect((await refresh(owner, waiting)).body.codeFlag).toBe(CodeFlag.conflict);
    const onSale = await approved(owner);
    for (const status of ['offline', 'soldOut', 'rejected', 'onTheWay'] as const) {
      await t.db.update(stocks).set({ status }).where(eq(stocks.id, onSale));
      expect((await refresh(owner, onSale)).body.codeFlag).toBe(CodeFlag.conflict);
    }
    await t.db.update(stocks).set({ status: 'sale' }).where(eq(stocks.id, onSale));
    const saleBefore = await stockRow(onSale);
    t.clock.advance(60);
    expect((await refresh(other, onSale)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect(await stockRow(onSale)).toEqual(saleBefore);
    expect((await stockRow(waiting)).refreshedAt).toEqual(before.refreshedAt);
    expect((await t.call(Calls.stockRefresh, { id: onSale })).body.codeFlag).toBe(CodeFlag.notLoggedIn);
  });

  it('expires listings not refreshed for the configured days once, telling each company once', async () => {
    const owner = await supplier();
    const other = await supplier();
    const stale = [await approved(owner), await approved(owner)];
    const elsewhere = await approved(other);
    t.clock.advance(20 * 86_400);
    const fresh = await approved(owner);
    const waiting = (await save(owner, listing())).body.data!.id;
    t.clock.advance(11 * 86_400);
    const job = stockExpiryJob(30);
    const run = () => job.run({ db: t.db, clock: t.clock, bus: t.app.deps.bus, log: quiet, slot: t.clock.now() });
    await run();
    for (const id of [...stale, elsewhere]) expect((await stockRow(id)).status).toBe('expired');
    expect((await stockRow(fresh)).status).toBe('sale');
    expect((await stockRow(waiting)).status).toBe('review');
    const told = await t.db.select().from(notices).where(eq(notices.messageKey, 'notice.stockExpired'));
    expect(told.filter((n) => n.userId === owner.user.id).map((n) => n.params)).toEqual([{ count: 2, days: 30 }]);
    expect(told.filter((n) => n.userId === other.user.id).map((n) => n.params)).toEqual([{ count: 1, days: 30 }]);
    await run();
    expect(await t.db.select().from(notices).where(eq(notices.messageKey, 'notice.stockExpired'))).toHaveLength(
      told.length,
    );
    // Expired listings are not public, and the seller can put them back.
    expect((await detail(elsewhere)).body.codeFlag).toBe(CodeFlag.notFound);
    // A month on, the seller logs in again (sessions last 30 days) and puts it back on sale.
    const login = await t.call(Calls.login, { account: other.phone, password: other.password });
    expect((await refresh({ session: login.body.data!.sessionId }, elsewhere)).body.data?.status).toBe('sale');
    expect(job.cron).toBe('0 3 * * *');
  });
});

const quiet = { info: () => {}, error: () => {} };

describe('price series (stock/price_series)', () => {
  it('offers yuan series only, each with its latest quote', async () => {
    const { body } = await t.call(Calls.stockPriceSeries, {}, { lang: 'en-US' });
    const ids = body.data!.map((s) => s.id);
    expect(ids).not.toContain(8);
    expect(ids).not.toContain(9);
    expect(body.data!.find((s) => s.id === 1)).toEqual({
      id: 1,
      name: 'Changjiang A00 aluminium',
      marketName: 'Changjiang Spot',
      sortId: 13,
      quoteFen: 2_050_000,
      quoteDate: '2026-11-20',
    });
    expect(body.data!.find((s) => s.id === 2)).toMatchObject({ quoteFen: null, quoteDate: null });
  });
});
