import { type CallRequest, Calls, ChatActionType, ChatContentType, CodeFlag, chatIdOf } from '@metal/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFields, inquiryFixtures, type Person, quoteFields } from '../../../test/inquiry-fixtures';
import { chatMessages } from '../chat/chat.table';
import { notices } from '../notices/notices.table';
import { inquiries, inquiryQuotes } from './inquiries.table';

// On PostgreSQL (TEST_DATABASE_URL) the calls of a Promise.all run on separate connections of the pool,
// so the races below are real; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shanghai = (local: string) => new Date(`${local}+08:00`);
const { buildBuyer, buildSupplier, openInquiry } = inquiryFixtures(() => t);

const quote = (who: Person, fields: CallRequest<typeof Calls.quoteSave>, lang?: string) =>
  t.call(Calls.quoteSave, fields, { session: who.session, ...(lang ? { lang } : {}) });
const quotes = (who: Person, inquiryId: number) => t.call(Calls.quoteList, { inquiryId }, { session: who.session });
const agree = (who: Person, quoteId: number) => t.call(Calls.quoteAgree, { quoteId }, { session: who.session });

const quoteCount = async () => (await t.db.select({ n: count() }).from(inquiryQuotes))[0]!.n;
const inquiryRow = async (id: number) => (await t.db.select().from(inquiries).where(eq(inquiries.id, id)))[0]!;
const noticesOf = (userId: number, key: string) =>
  t.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, userId), eq(notices.messageKey, key)));

describe('quoting (inquiry/quote)', () => {
  it('quotes each product, replaces its own earlier quote and keeps the history, and tells the buyer', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    const first = await quote(supplier, quoteFields(inquiry, [22_400, 23_000.5]));
    expect(first.body.codeFlag).toBe(CodeFlag.ok);
    expect(first.body.data).toMatchObject([
      {
        status: 'live',
        rootId: supplier.user.id,
        items: [
          { productName: 'A00铝锭', unitPriceFen: 2_240_000, quantityKg: 100_000, amountFen: 224_000_000 },
          { productName: '6063铝棒', unitPriceFen: 2_300_050, quantityKg: 20_500, amountFen: 47_151_025 },
        ],
        totalFen: 271_151_025,
        paymentMethod: 'onDelivery',
        taxIncluded: true,
        city: '郑州市',
      },
    ]);
    // Nanhai (Foshan) to Gongyi lies about 11.7 degrees of latitude north: some 1,300 km.
    expect(first.body.data![0]!.distanceKm).toBeGreaterThan(1250);
    expect(first.body.data![0]!.distanceKm).toBeLessThan(1350);
    expect(await noticesOf(buyer.user.id, 'notice.inquiryQuoted')).toHaveLength(1);

    const second = await quote(supplier, quoteFields(inquiry, [22_300, 22_900]));
    expect(second.body.data!.map((q) => q.status)).toEqual(['live', 'replaced']);
    expect((await quotes(buyer, inquiry.id)).body.data!).toMatchObject([{ status: 'live', totalFen: 269_945_000 }]);
    expect((await t.call(Calls.inquiryDetail, { id: inquiry.id })).body.data!.quoteCount).toBe(1);
  });

  it('refuses bad quotes with messages in both languages, and writes nothing', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    const other = await openInquiry(buyer);
    const before = await quoteCount();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ items: '[]' }, 'items', '请至少为一个产品报价'],
      [{ items: [{ specId: other.specs[0]!.id, price: '1' }] }, 'items', '报价的产品须是该询价的产品，且每个只报一次'],
      [
        { items: [inquiry.specs[0], inquiry.specs[0]].map((s) => ({ specId: s!.id, price: '1' })) },
        'items',
        '报价的产品须是该询价的产品，且每个只报一次',
      ],
      [{ items: [{ specId: inquiry.specs[0]!.id, price: '0' }] }, 'items.0.price', '请填写单价'],
      [{ items: [{ specId: inquiry.specs[0]!.id, price: 'abc' }] }, 'items.0.price', '请输入数字'],
      [{ deliveryDate: '' }, 'deliveryDate', '请选择交货日期'],
      [{ paymentMethod: 'credit' }, 'creditDays', '请填写账期天数'],
    ];
    for (const [over, field, mesg] of cases) {
      const answer = await quote(supplier, quoteFields(inquiry, [1, 1], over));
      expect(answer.body, JSON.stringify(over)).toMatchObject({ codeFlag: CodeFlag.invalidInput, mesg });
      expect(answer.body.errors?.[field], JSON.stringify(over)).toBe(mesg);
    }
    expect((await quote(supplier, quoteFields(inquiry, [1, 1], { deliveryDate: '' }), 'en-US')).body.mesg).toBe(
      'Please choose the delivery date',
    );
    expect(await quoteCount()).toBe(before);
  });

  it('needs approved company info (7), a verified person (8), an open inquiry before its deadline (5), and not its own', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const inquiry = await openInquiry(buyer);
    const before = await quoteCount();
    const noCompany = await t.buildUser();
    expect((await quote(noCompany, quoteFields(inquiry, [1, 1]))).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    const noLicence = await buildSupplier({ licence: false });
    expect((await quote(noLicence, quoteFields(inquiry, [1, 1]))).body).toMatchObject({
      codeFlag: CodeFlag.companyInfoIncomplete,
      mesg: '报价前请先上传营业执照并通过审核',
    });
    const unverified = await buildSupplier({ verified: false });
    expect((await quote(unverified, quoteFields(inquiry, [1, 1]))).body.codeFlag).toBe(CodeFlag.realPersonRequired);
    await t.approveLicence(buyer);
    await t.verifyRealName(buyer);
    expect((await quote(buyer, quoteFields(inquiry, [1, 1]))).body.codeFlag).toBe(CodeFlag.forbidden);

    const supplier = await buildSupplier();
    const waiting = (await t.call(Calls.inquirySave, inquiryFields(), { session: buyer.session })).body.data!;
    expect((await quote(supplier, quoteFields(waiting, [1, 1]))).body.codeFlag).toBe(CodeFlag.notFound);
    t.clock.set(shanghai('2026-11-27T17:00:00'));
    expect((await quote(supplier, quoteFields(inquiry, [1, 1]))).body).toMatchObject({
      codeFlag: CodeFlag.conflict,
      mesg: '询价已截止或已结束，不能再报价',
    });
    t.clock.set(shanghai('2026-11-24T11:00:00'));
    expect((await t.call(Calls.inquiryClose, { id: inquiry.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await quote(supplier, quoteFields(inquiry, [1, 1]))).body.codeFlag).toBe(CodeFlag.conflict);
    expect(await quoteCount()).toBe(before);
  });

  it('lets only a designated supplier quote a designated inquiry', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const named = await buildSupplier({ shop: true });
    const outsider = await buildSupplier({ shop: true });
    const inquiry = await openInquiry(buyer, {
      visibility: 'designated',
      designatedRootIds: [named.user.id],
    });
    expect((await quote(outsider, quoteFields(inquiry, [1, 1]))).body).toMatchObject({
      codeFlag: CodeFlag.forbidden,
      mesg: '该询价仅限指定供应商报价',
    });
    expect((await quote(named, quoteFields(inquiry, [1, 1]))).body.codeFlag).toBe(CodeFlag.ok);
  });
});

describe('quotes and agreements in chat', () => {
  it("sends each quote to the buyer's chat, replacing the earlier one, and the agreement to the winner's", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    const between = () =>
      t.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.chatId, chatIdOf(buyer.user.id, supplier.user.id)))
        .orderBy(chatMessages.id);
    const first = (await quote(supplier, quoteFields(inquiry, [1, 1]))).body.data![0]!;
    const second = (await quote(supplier, quoteFields(inquiry, [2, 2]))).body.data![0]!;
    const quotesInChat = await between();
    expect(quotesInChat.map((m) => [m.type, m.sendUserId, JSON.parse(m.info), m.replacedAt !== null])).toEqual([
      [ChatContentType.inquiryQuote, supplier.user.id, { inquiryId: inquiry.id, quoteId: first.id }, true],
      [ChatContentType.inquiryQuote, supplier.user.id, { inquiryId: inquiry.id, quoteId: second.id }, false],
    ]);
    await agree(buyer, second.id);
    const agreed = (await between()).at(-1)!;
    expect(agreed).toMatchObject({ type: ChatContentType.action, sendUserId: buyer.user.id });
    expect(JSON.parse(agreed.info)).toEqual({
      actionType: ChatActionType.buyerAgreedInquiryQuote,
      actionInfo: { inquiryId: inquiry.id, quoteId: second.id },
    });
  });

  it('tells each designated supplier in chat (action 16)', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const named = await buildSupplier({ shop: true });
    const inquiry = await openInquiry(buyer, {
      visibility: 'designated',
      designatedRootIds: [named.user.id],
    });
    const [invitation] = await t.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.chatId, chatIdOf(buyer.user.id, named.user.id)));
    expect(JSON.parse(invitation!.info)).toEqual({
      actionType: ChatActionType.notifyDesignatedInquirySupplier,
      actionInfo: { inquiryId: inquiry.id },
    });
  });
});

describe('comparing and agreeing', () => {
  it('shows the buyer every quote cheapest first, each supplier only its own, and nobody else any', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const [cheap, dear, stranger] = [await buildSupplier(), await buildSupplier(), await buildSupplier()];
    const inquiry = await openInquiry(buyer);
    await quote(dear, quoteFields(inquiry, [23_000, 23_000]));
    await quote(cheap, quoteFields(inquiry, [22_000, 22_000]));
    expect((await quotes(buyer, inquiry.id)).body.data!.map((q) => q.rootId)).toEqual([cheap.user.id, dear.user.id]);
    expect((await quotes(cheap, inquiry.id)).body.data!.map((q) => q.rootId)).toEqual([cheap.user.id]);
    expect((await quotes(stranger, inquiry.id)).body.codeFlag).toBe(CodeFlag.forbidden);
  });

  it('puts a partial quote after every complete one, however low its total, and the fuller partial first', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const [dear, cheap, half, third, stranger] = [
      await buildSupplier(),
      await buildSupplier(),
      await buildSupplier(),
      await buildSupplier(),
      await buildSupplier(),
    ];
    const inquiry = await openInquiry(buyer, {
      specs: [
        { productName: 'A00铝锭', specification: 'AL99.70', quantity: '100' },
        { productName: '6063铝棒', specification: 'Φ178mm', quantity: '20.5' },
        { productName: '铝板', specification: '1060', quantity: '10' },
      ],
    });
    const only = (prices: Array<number | null>) => ({
      items: inquiry.specs.flatMap((spec, i) =>
        prices[i] == null ? [] : [{ specId: spec.id, price: String(prices[i]) }],
      ),
    });
    // One product priced: the lowest total of all. Two products priced: lower than any complete quote.
    await quote(third, quoteFields(inquiry, [], only([21_000, null, null])));
    await quote(half, quoteFields(inquiry, [], only([21_500, 21_500, null])));
    await quote(dear, quoteFields(inquiry, [23_000, 23_000, 23_000]));
    await quote(cheap, quoteFields(inquiry, [22_000, 22_000, 22_000]));
    const compared = (await quotes(buyer, inquiry.id)).body.data!;
    expect(compared.map((q) => [q.rootId, q.items.length])).toEqual([
      [cheap.user.id, 3],
      [dear.user.id, 3],
      [half.user.id, 2],
      [third.user.id, 1],
    ]);
    expect(compared[2]!.totalFen).toBeLessThan(compared[0]!.totalFen);
    // Bad input, in the caller's language; another company's comparison is refused.
    const bad = await t.callRaw(Calls.quoteList, { inquiryId: 'x' }, { session: buyer.session, lang: 'en-US' });
    expect(bad.body).toMatchObject({
      codeFlag: CodeFlag.invalidInput,
      mesg: 'Some input is invalid, please check and try again',
    });
    expect((await quotes(stranger, inquiry.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await quotes(half, inquiry.id)).body.data!.map((q) => q.rootId)).toEqual([half.user.id]);
  });

  it('agrees to one quote: the inquiry is cooperated, the others lost, and each supplier told', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const [winner, loser, third] = [await buildSupplier(), await buildSupplier(), await buildSupplier()];
    const inquiry = await openInquiry(buyer);
    const won = (await quote(winner, quoteFields(inquiry, [22_000, 22_000]))).body.data![0]!;
    const lost = (await quote(loser, quoteFields(inquiry, [23_000, 23_000]))).body.data![0]!;
    const ignored = (await quote(third, quoteFields(inquiry, [24_000, 24_000]))).body.data![0]!;

    expect((await agree(winner, won.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await t.call(Calls.quoteIgnore, { quoteId: ignored.id }, { session: loser.session })).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await t.call(Calls.quoteWithdraw, { quoteId: lost.id }, { session: winner.session })).body.codeFlag).toBe(
      CodeFlag.forbidden,
    );
    expect((await t.call(Calls.quoteIgnore, { quoteId: ignored.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );

    const agreed = await agree(buyer, won.id);
    expect(agreed.body.data!.map((q) => [q.rootId, q.status])).toEqual([
      [winner.user.id, 'agreed'],
      [loser.user.id, 'lost'],
      [third.user.id, 'ignored'],
    ]);
    expect((await inquiryRow(inquiry.id)).status).toBe('cooperated');
    expect(await noticesOf(winner.user.id, 'notice.quoteAgreed')).toHaveLength(1);
    expect(await noticesOf(loser.user.id, 'notice.quoteLost')).toHaveLength(1);
    expect(await noticesOf(third.user.id, 'notice.quoteLost')).toHaveLength(0);
    expect((await agree(buyer, lost.id)).body.codeFlag).toBe(CodeFlag.conflict);
    expect((await quote(loser, quoteFields(inquiry, [1, 1]))).body.codeFlag).toBe(CodeFlag.conflict);
    expect((await quotes(loser, inquiry.id)).body.data).toMatchObject([{ status: 'lost' }]);
  });

  it('lets a supplier withdraw its quote, which then leaves the count', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    const mine = (await quote(supplier, quoteFields(inquiry, [1, 1]))).body.data![0]!;
    expect((await t.call(Calls.quoteWithdraw, { quoteId: mine.id }, { session: supplier.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await inquiryRow(inquiry.id)).quoteCount).toBe(0);
    expect((await quotes(buyer, inquiry.id)).body.data).toEqual([]);
    expect((await agree(buyer, mine.id)).body.codeFlag).toBe(CodeFlag.conflict);
  });

  it('counts a supplier once when it quotes again after the buyer set its quote aside', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    const first = (await quote(supplier, quoteFields(inquiry, [22_000, 22_000]))).body.data![0]!;
    expect((await t.call(Calls.quoteIgnore, { quoteId: first.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect((await quote(supplier, quoteFields(inquiry, [21_000, 21_000]))).body.codeFlag).toBe(CodeFlag.ok);
    expect((await quotes(buyer, inquiry.id)).body.data!.map((q) => q.status)).toEqual(['live']);
    expect((await inquiryRow(inquiry.id)).quoteCount).toBe(1);
  });

  it('leaves one consistent outcome when suppliers quote and the buyer agrees at the same moment', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const suppliers = [await buildSupplier(), await buildSupplier(), await buildSupplier()];
    for (let round = 0; round < 4; round++) {
      const inquiry = await openInquiry(buyer);
      const first = (await quote(suppliers[0]!, quoteFields(inquiry, [22_000, 22_000]))).body.data![0]!;
      const second = (await quote(suppliers[1]!, quoteFields(inquiry, [22_100, 22_100]))).body.data![0]!;
      const answers = await Promise.all([
        agree(buyer, first.id),
        agree(buyer, second.id),
        quote(suppliers[2]!, quoteFields(inquiry, [21_000, 21_000])),
        quote(suppliers[1]!, quoteFields(inquiry, [21_500, 21_500])),
      ]);
      const agreements = answers.slice(0, 2).map((a) => a.body.codeFlag);
      expect(agreements.sort()).toEqual([0, CodeFlag.conflict]);
      const rows = await t.db.select().from(inquiryQuotes).where(eq(inquiryQuotes.inquiryId, inquiry.id));
      expect(rows.filter((r) => r.status === 'agreed')).toHaveLength(1);
      expect(rows.filter((r) => r.status === 'live')).toHaveLength(0);
      const row = await inquiryRow(inquiry.id);
      const decided = rows.filter((r) => r.status === 'agreed' || r.status === 'lost');
      expect(row).toMatchObject({ status: 'cooperated', quoteCount: decided.length });
      // A quote that came in before the agreement lost; one after it was refused; none is left hanging.
      for (const late of answers.slice(2)) expect([0, CodeFlag.conflict]).toContain(late.body.codeFlag);
    }
  });
});
