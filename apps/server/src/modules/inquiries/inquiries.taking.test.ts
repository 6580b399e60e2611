import { type CallRequest, Calls, CodeFlag, type TInquiryDetail } from '@metal/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, type Person, quoteFields } from '../../../test/inquiry-fixtures';
import { inquiryExpiryJob } from './inquiries.jobs';
import { inquiryHandlings, inquiryQuotes } from './inquiries.table';

// On PostgreSQL (TEST_DATABASE_URL) the calls of a Promise.all run on separate connections of the pool,
// so the races below are real; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const shanghai = (local: string) => new Date(`${local}+08:00`);
const { buildBuyer, buildSupplier, openInquiry } = inquiryFixtures(() => t);

const detail = (who: Person | undefined, id: number) =>
  t.call(Calls.inquiryDetail, { id }, who ? { session: who.session } : {});
const grab = (who: Person, id: number, lang?: string) =>
  t.call(Calls.inquiryGrab, { id }, { session: who.session, ...(lang ? { lang } : {}) });
const ignore = (who: Person, id: number, lang?: string) =>
  t.call(Calls.inquiryIgnore, { id }, { session: who.session, ...(lang ? { lang } : {}) });
const quote = (who: Person, inquiry: TInquiryDetail, prices = [22_400, 23_000]) =>
  t.call(Calls.quoteSave, quoteFields(inquiry, prices), { session: who.session });
const taking = (who: Person, tab: CallRequest<typeof Calls.inquiryTaking>['tab']) =>
  t.call(Calls.inquiryTaking, { tab }, { session: who.session });
const takingRaw = (who: Person, tab: string) => t.callRaw(Calls.inquiryTaking, { tab }, { session: who.session });
const stateFor = async (who: Person, id: number) => (await detail(who, id)).body.data?.supplierState;
const handlingRows = (inquiryId: number) =>
  t.db.select().from(inquiryHandlings).where(eq(inquiryHandlings.inquiryId, inquiryId));
const liveQuotes = async (inquiryId: number) =>
  (
    await t.db
      .select({ n: count() })
      .from(inquiryQuotes)
      .where(and(eq(inquiryQuotes.inquiryId, inquiryId), eq(inquiryQuotes.status, 'live')))
  )[0]!.n;

/** A verified colleague of the supplier company (an employee account of its owner). */
async function buildColleague(owner: Person) {
  const colleague = await t.buildEmployee(owner);
  await t.verifyRealName(colleague);
  return colleague;
}

describe('grabbing an inquiry (inquiry/grab) and colleagues', () => {
  it('lets one person of the company hold it; colleagues see who and cannot grab or quote meanwhile', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const colleague = await buildColleague(supplier);
    const inquiry = await openInquiry(buyer);
    expect(await stateFor(supplier, inquiry.id)).toBe('open');

    const grabbed = await grab(supplier, inquiry.id);
    expect(grabbed.body.codeFlag).toBe(CodeFlag.ok);
    expect(grabbed.body.data).toMatchObject({ supplierState: 'grabbed', handlerName: '' });
    const seen = (await detail(colleague, inquiry.id)).body.data!;
    expect(seen).toMatchObject({ supplierState: 'colleagueTook', handlerName: supplier.user.nickName });
    // The hall tells each logged-in supplier where the inquiry stands for them; visitors and the buyer get null.
    const hallRow = async (who?: Person) =>
      (await t.call(Calls.inquiryHall, { pageSize: 50 }, who ? { session: who.session } : {})).body.data!.list.find(
        (row) => row.id === inquiry.id,
      )?.supplierState;
    expect(await hallRow(supplier)).toBe('grabbed');
    expect(await hallRow(colleague)).toBe('colleagueTook');
    expect(await hallRow()).toBeNull();
    expect(await hallRow(buyer)).toBeNull();

    const zh = await grab(colleague, inquiry.id);
    expect(zh.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '该询价已由同事接单，请勿重复处理' });
    const en = await quote(colleague, inquiry);
    expect(en.body.codeFlag).toBe(CodeFlag.conflict);
    expect((await ignore(colleague, inquiry.id, 'en-US')).body.mesg).toBe(
      'A colleague is already handling this inquiry',
    );
    expect(await liveQuotes(inquiry.id)).toBe(0);
    expect(await handlingRows(inquiry.id)).toMatchObject([{ userId: supplier.user.id, state: 'grabbed' }]);

    // Grabbing again is harmless; quoting makes the holder's state quoted and the colleague's colleagueQuoted.
    expect((await grab(supplier, inquiry.id)).body.codeFlag).toBe(CodeFlag.ok);
    expect((await quote(supplier, inquiry)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await stateFor(supplier, inquiry.id)).toBe('quoted');
    expect(await stateFor(colleague, inquiry.id)).toBe('colleagueQuoted');
    // Grabbing with a live quote keeps it quoted.
    expect((await grab(supplier, inquiry.id)).body.data?.supplierState).toBe('quoted');

    // Once the holder gives up, the colleague may take it over.
    const [own] = (await t.call(Calls.quoteList, { inquiryId: inquiry.id }, { session: supplier.session })).body.data!;
    expect((await t.call(Calls.quoteWithdraw, { quoteId: own!.id }, { session: supplier.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect(await stateFor(supplier, inquiry.id)).toBe('gaveUp');
    expect(await stateFor(colleague, inquiry.id)).toBe('gaveUp');
    expect((await quote(colleague, inquiry)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await stateFor(colleague, inquiry.id)).toBe('quoted');
    expect(await stateFor(supplier, inquiry.id)).toBe('colleagueQuoted');
  });

  it("refuses a colleague's withdrawal of the holder's quote, changing nothing", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const colleague = await buildColleague(supplier);
    const inquiry = await openInquiry(buyer);
    expect((await quote(supplier, inquiry)).body.codeFlag).toBe(CodeFlag.ok);
    const [own] = (await t.call(Calls.quoteList, { inquiryId: inquiry.id }, { session: supplier.session })).body.data!;
    const withdrawn = await t.call(Calls.quoteWithdraw, { quoteId: own!.id }, { session: colleague.session });
    expect(withdrawn.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '该询价已由同事接单，请勿重复处理' });
    expect(await liveQuotes(inquiry.id)).toBe(1);
    expect(await handlingRows(inquiry.id)).toMatchObject([{ userId: supplier.user.id, state: 'quoted' }]);
  });

  it('needs what quoting needs, and refuses own, undesignated, ended and unknown inquiries, writing nothing', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const named = await buildSupplier({ shop: true });
    const outsider = await buildSupplier({ shop: true });
    const noLicence = await buildSupplier({ licence: false });
    const unverified = await buildSupplier({ verified: false });
    const open = await openInquiry(buyer);
    const designated = await openInquiry(buyer, {
      visibility: 'designated',
      designatedRootIds: [named.user.id],
    });

    expect((await grab(noLicence, open.id)).body.codeFlag).toBe(CodeFlag.companyInfoIncomplete);
    expect((await grab(unverified, open.id)).body.codeFlag).toBe(CodeFlag.realPersonRequired);
    const buyerColleague = await t.buildEmployee(buyer);
    await t.approveLicence(buyer);
    await t.verifyRealName(buyer);
    expect((await grab(buyer, open.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await ignore(buyerColleague, open.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await grab(outsider, designated.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await ignore(outsider, designated.id)).body.codeFlag).toBe(CodeFlag.forbidden);
    expect((await grab(named, 9_999_999)).body.codeFlag).toBe(CodeFlag.notFound);
    expect((await t.call(Calls.inquiryGrab, { id: 'x' }, { session: named.session })).body.codeFlag).toBe(
      CodeFlag.invalidInput,
    );

    t.clock.set(shanghai('2026-11-27T17:00:00'));
    const ended = await grab(named, designated.id, 'en-US');
    expect(ended.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: 'This inquiry has closed for quotes' });
    expect((await ignore(named, designated.id)).body.codeFlag).toBe(CodeFlag.conflict);
    expect(await handlingRows(open.id)).toEqual([]);
    expect(await handlingRows(designated.id)).toEqual([]);
    // Expired without the company ever quoting: it simply ended for them.
    expect(await stateFor(named, designated.id)).toBe('ended');
    expect((await detail(undefined, open.id)).body.data?.supplierState).toBeNull();
  });
});

describe('passing on an inquiry (inquiry/ignore)', () => {
  it("shows the buyer how each designated supplier answered, and moves it out of the supplier's todo list", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const first = await buildSupplier({ shop: true });
    const second = await buildSupplier({ shop: true });
    const third = await buildSupplier({ shop: true });
    const inquiry = await openInquiry(buyer, {
      visibility: 'designated',
      designatedRootIds: [first.user.id, second.user.id, third.user.id],
    });
    const todo = async (who: Person) => (await taking(who, 'todo')).body.data!.list.map((row) => row.id);
    expect(await todo(first)).toContain(inquiry.id);
    expect((await taking(first, 'todo')).body.data!.list[0]).toMatchObject({ id: inquiry.id, supplierState: 'open' });

    expect((await ignore(first, inquiry.id)).body.data?.supplierState).toBe('sellerIgnored');
    expect((await quote(second, inquiry)).body.codeFlag).toBe(CodeFlag.ok);
    // A live quote must be withdrawn before passing on the inquiry.
    const refused = await ignore(second, inquiry.id);
    expect(refused.body).toMatchObject({ codeFlag: CodeFlag.conflict, mesg: '您的报价仍有效，请先撤回报价' });
    expect(await stateFor(second, inquiry.id)).toBe('quoted');

    const seen = (await detail(buyer, inquiry.id)).body.data!;
    expect(seen.supplierState).toBeNull();
    expect(Object.fromEntries(seen.designatedSuppliers.map((s) => [s.rootId, s.state]))).toEqual({
      [first.user.id]: 'ignored',
      [second.user.id]: 'quoted',
      [third.user.id]: 'waiting',
    });
    // Nobody else learns who was designated or how they answered.
    expect((await detail(third, inquiry.id)).body.data?.designatedSuppliers).toEqual([]);

    expect(await todo(first)).not.toContain(inquiry.id);
    expect((await taking(first, 'passed')).body.data!.list).toMatchObject([
      { id: inquiry.id, supplierState: 'sellerIgnored' },
    ]);
    expect(await todo(second)).not.toContain(inquiry.id);
    expect((await taking(second, 'quoted')).body.data!.list).toMatchObject([
      { id: inquiry.id, supplierState: 'quoted' },
    ]);
    expect(await todo(third)).toContain(inquiry.id);

    // Passing is not final while it is open: the company may still quote.
    expect((await quote(first, inquiry)).body.codeFlag).toBe(CodeFlag.ok);
    expect(await stateFor(first, inquiry.id)).toBe('quoted');
  });

  it("lists a grabbed public inquiry in the grabber's todo list only, and nothing of another company", async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const colleague = await buildColleague(supplier);
    const stranger = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    expect((await taking(supplier, 'todo')).body.data!.list.map((r) => r.id)).not.toContain(inquiry.id);
    await grab(supplier, inquiry.id);
    expect((await taking(supplier, 'todo')).body.data!.list).toMatchObject([
      { id: inquiry.id, supplierState: 'grabbed' },
    ]);
    expect((await taking(colleague, 'todo')).body.data!.list.map((r) => r.id)).not.toContain(inquiry.id);
    for (const tab of ['todo', 'quoted', 'passed'] as const)
      expect((await taking(stranger, tab)).body.data!.list.map((r) => r.id)).not.toContain(inquiry.id);
    expect((await takingRaw(supplier, 'nope')).body.codeFlag).toBe(CodeFlag.invalidInput);
  });
});

describe("the supplier's side of every outcome", () => {
  it('reads agreed, cooperated with a colleague, cooperated with another supplier, and buyer ignored', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const winner = await buildSupplier();
    const winnerColleague = await buildColleague(winner);
    const loser = await buildSupplier();
    const bystander = await buildSupplier();
    const inquiry = await openInquiry(buyer);
    expect((await quote(winner, inquiry, [22_000, 23_000])).body.codeFlag).toBe(CodeFlag.ok);
    expect((await quote(loser, inquiry, [22_500, 23_500])).body.codeFlag).toBe(CodeFlag.ok);
    const compared = (await t.call(Calls.quoteList, { inquiryId: inquiry.id }, { session: buyer.session })).body.data!;
    const [cheapest, dearer] = compared;

    expect((await t.call(Calls.quoteIgnore, { quoteId: dearer!.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect(await stateFor(loser, inquiry.id)).toBe('buyerIgnored');
    // The ignored supplier may quote again, which makes it a contender once more.
    expect((await quote(loser, inquiry, [22_300, 23_300])).body.codeFlag).toBe(CodeFlag.ok);
    expect(await stateFor(loser, inquiry.id)).toBe('quoted');

    expect((await t.call(Calls.quoteAgree, { quoteId: cheapest!.id }, { session: buyer.session })).body.codeFlag).toBe(
      CodeFlag.ok,
    );
    expect(await stateFor(winner, inquiry.id)).toBe('agreed');
    const colleagueView = (await detail(winnerColleague, inquiry.id)).body.data!;
    expect(colleagueView).toMatchObject({ supplierState: 'colleagueCooperated', handlerName: winner.user.nickName });
    expect(await stateFor(loser, inquiry.id)).toBe('cooperatedOther');
    expect(await stateFor(bystander, inquiry.id)).toBe('cooperatedOther');
    expect((await taking(winner, 'quoted')).body.data!.list).toMatchObject([
      { id: inquiry.id, supplierState: 'agreed' },
    ]);
  });

  it('reads ended once the expiry job closed an inquiry the company never quoted', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const inquiry = await openInquiry(buyer, { quoteDeadline: '2026-11-24T12:00:00+08:00' });
    expect((await grab(supplier, inquiry.id)).body.codeFlag).toBe(CodeFlag.ok);
    t.clock.set(shanghai('2026-11-24T12:01:00'));
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    await inquiryExpiryJob.run({ db: t.db, clock: t.clock, log, slot: shanghai('2026-11-24T12:01:00') } as never);
    expect(await stateFor(supplier, inquiry.id)).toBe('ended');
    expect((await taking(supplier, 'todo')).body.data!.list.map((r) => r.id)).not.toContain(inquiry.id);
  });
});

describe('colleagues acting at the same moment', () => {
  it('leaves exactly one holder when two colleagues grab or quote at once', async () => {
    t.clock.set(shanghai('2026-11-24T10:00:00'));
    const buyer = await buildBuyer();
    const supplier = await buildSupplier();
    const colleague = await buildColleague(supplier);
    const grabbed = await openInquiry(buyer);
    const grabs = await Promise.all([grab(supplier, grabbed.id), grab(colleague, grabbed.id)]);
    expect(grabs.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    expect(await handlingRows(grabbed.id)).toHaveLength(1);

    const quoted = await openInquiry(buyer);
    const quotes = await Promise.all([quote(supplier, quoted), quote(colleague, quoted)]);
    expect(quotes.map((r) => r.body.codeFlag).sort()).toEqual([0, CodeFlag.conflict]);
    expect(await liveQuotes(quoted.id)).toBe(1);
    const [holder] = await handlingRows(quoted.id);
    const [live] = await t.db
      .select()
      .from(inquiryQuotes)
      .where(and(eq(inquiryQuotes.inquiryId, quoted.id), eq(inquiryQuotes.status, 'live')));
    expect(holder).toMatchObject({ state: 'quoted', userId: live!.userId });
  });
});
