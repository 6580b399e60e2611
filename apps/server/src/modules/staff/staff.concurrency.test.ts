import { Calls, CodeFlag } from '@metal/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { inquiryFixtures, quoteFields } from '../../../test/inquiry-fixtures';
import { inquiryHandlings, inquiryQuotes } from '../inquiries/inquiries.table';

// An employee quoting while the owner removes them. On PostgreSQL (TEST_DATABASE_URL) each call runs on
// its own connection of the pool, so this is a real race; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const fixtures = inquiryFixtures(() => t);

it('removing an employee while they quote: the quote is refused, or it exists and is the company’s', async () => {
  for (let round = 0; round < 4; round++) {
    const owner = await fixtures.buildSupplier();
    const buyer = await fixtures.buildBuyer();
    const employee = await t.buildEmployee(owner, { permissions: ['quote'] });
    await t.verifyRealName(employee);
    const inquiry = await fixtures.openInquiry(buyer);
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
