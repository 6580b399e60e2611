import { Calls, CodeFlag } from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, quoteFields } from '../../../test/inquiry-fixtures';
import { ownedRow } from '../../platform/ownership';
import { inquiryHandlings, inquiryQuotes } from '../inquiries/inquiries.table';
import { notices } from '../notices/notices.table';
import { tradeOrders } from '../orders/orders.table';
import { stockOwnership } from '../stocks/stocks.policy';

// An employee quoting while the owner removes them. On PostgreSQL (TEST_DATABASE_URL) each call runs on
// its own connection of the pool, so this is a real race; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const fixtures = inquiryFixtures(() => t);

it('removing an employee while they quote: the quote is refused, or it exists and is the company’s', async () => {
  for (let round = 0; round < 8; round++) {
    const owner = await fixtures.buildSupplier();
    const buyer = await fixtures.buildBuyer();
    const employee = await t.buildEmployee(owner, { permissions: ['quote', 'take_orders'] });
    await t.verifyRealName(employee);
    const inquiry = await fixtures.openInquiry(buyer);
    // Every other round they took the inquiry first: the hand-over then locks it too, as the quote does.
    if (round % 2 === 1)
      expect((await t.call(Calls.inquiryGrab, { id: inquiry.id }, { session: employee.session })).body.codeFlag).toBe(
        CodeFlag.ok,
      );
    const [quoted, removed] = await Promise.all([
      t.call(Calls.quoteSave, quoteFields(inquiry, [22_400, 23_000]), { session: employee.session }),
      t.call(Calls.staffDelete, { userId: employee.user.id }, { session: owner.session }),
    ]);
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    const quotes = await t.db
      .select()
      .from(inquiryQuotes)
      .where(and(eq(inquiryQuotes.inquiryId, inquiry.id), eq(inquiryQuotes.status, 'live')));
    const handlings = await t.db.select().from(inquiryHandlings).where(eq(inquiryHandlings.inquiryId, inquiry.id));
    if (quoted.body.codeFlag === CodeFlag.ok) {
      // It committed first: the removal found it and gave it to the owner.
      expect(quotes.map((q) => q.userId)).toEqual([owner.user.id]);
      expect(handlings.map((h) => [h.userId, h.state])).toEqual([[owner.user.id, 'quoted']]);
      expect(removed.body.data).toMatchObject({ quotes: 1, inquiries: 1 });
    } else {
      // The removal came first: the quote was refused and left nothing behind.
      expect([CodeFlag.forbidden, CodeFlag.notLoggedIn]).toContain(quoted.body.codeFlag);
      expect(quotes).toEqual([]);
      expect(handlings).toEqual([]);
    }
  }
}, 600_000);

it('removing an employee while the buyer agrees to their quote: both go through, the agreement told to whoever has the quote', async () => {
  for (let round = 0; round < 6; round++) {
    const owner = await fixtures.buildSupplier();
    const buyer = await fixtures.buildBuyer();
    const employee = await t.buildEmployee(owner, { permissions: ['quote'] });
    await t.verifyRealName(employee);
    const inquiry = await fixtures.openInquiry(buyer);
    const quoted = await t.call(Calls.quoteSave, quoteFields(inquiry, [22_400, 23_000]), {
      session: employee.session,
    });
    expect(quoted.body.codeFlag).toBe(CodeFlag.ok);
    const quoteId = quoted.body.data![0]!.id;
    // The agreement tells the quote's holder (a notice, a chat action) while it holds the inquiry, which the
    // hand-over waits for: the hand-over's hold on the employee's row must not keep those out.
    const [agreed, removed] = await Promise.all([
      t.call(Calls.quoteAgree, { quoteId }, { session: buyer.session }),
      t.call(Calls.staffDelete, { userId: employee.user.id }, { session: owner.session }),
    ]);
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    expect(agreed.body.codeFlag).toBe(CodeFlag.ok);
    const [quote] = await t.db.select().from(inquiryQuotes).where(eq(inquiryQuotes.id, quoteId));
    expect(quote!.status).toBe('agreed');
    // Agreed first, it stays the employee's (the hand-over moves live quotes); handed over first, the owner's.
    expect([employee.user.id, owner.user.id]).toContain(quote!.userId);
    const told = await t.db
      .select({ userId: notices.userId })
      .from(notices)
      .where(and(eq(notices.subject, `inquiry:${inquiry.id}`), eq(notices.messageKey, 'notice.quoteAgreed')));
    expect(told).toEqual([{ userId: quote!.userId }]);
  }
}, 600_000);

it('a change to a listing an employee set off before their removal is refused once it gets the row', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const employee = await t.buildEmployee(owner, { permissions: ['stock'] });
  const stock = await t.buildStock(owner.user.id);
  // Their call resolved its session a moment before the removal committed.
  const actor = await t.app.resolveSession(employee.session);
  expect(actor.userId).toBe(employee.user.id);
  const removed = await t.call(Calls.staffDelete, { userId: employee.user.id }, { session: owner.session });
  expect(removed.body.codeFlag).toBe(CodeFlag.ok);
  await expect(
    t.db.transaction((tx) => ownedRow({ db: tx, actor }, stockOwnership, { id: stock.id })),
  ).rejects.toMatchObject({ codeFlag: CodeFlag.forbidden, messageKey: 'staff.disabledLogin' });
});

it('removing a lot’s poster while a buyer orders it: the order always names someone still in the company', async () => {
  for (let round = 0; round < 6; round++) {
    const owner = await fixtures.buildSupplier();
    const buyer = await fixtures.buildBuyer();
    const poster = await t.buildEmployee(owner);
    const lot = await t.buildStock(owner.user.id, { userId: poster.user.id, splittable: true });
    const [ordered, removed] = await Promise.all([
      t.call(Calls.orderConfirmStock, { items: [{ stockId: lot.id, quantity: '1' }] }, { session: buyer.session }),
      t.call(Calls.staffDelete, { userId: poster.user.id }, { session: owner.session }),
    ]);
    expect(removed.body.codeFlag).toBe(CodeFlag.ok);
    expect(ordered.body.codeFlag).toBe(CodeFlag.ok);
    const orderId = ordered.body.data!.orders[0]!.orderId;
    // Ordered first, the removal moved it to the owner; removed first, the order went to the owner at once.
    const [order] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
    expect(order!.sellerUserId).toBe(owner.user.id);
  }
}, 600_000);
