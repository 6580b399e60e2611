import { Calls, CodeFlag } from '@metal/shared';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { stocks } from '../stocks/stocks.table';
import { accountTakedowns } from './accounts.table';

// An operator disables an account while its owner changes the company's listings. On PostgreSQL
// (TEST_DATABASE_URL) the calls run on separate connections of the pool, so these are real races; on
// PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROUNDS = 8;

it('disabling while the owner puts a listing back on sale and refreshes another ends consistent, and enabling restores it', async () => {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  const operator = await t.buildOperator();
  let editsFirst = 0;
  let editsRefused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const onSale = await t.buildStock(owner.user.id);
    const offSale = await t.buildStock(owner.user.id, { status: 'offline' });
    const session = (await t.call(Calls.login, { account: owner.phone, password: owner.password })).body.data!
      .sessionId;
    const [disabled, backOnSale, refreshed] = await Promise.all([
      t.call(
        Calls.consoleUserDisable,
        { userId: owner.user.id, reason: `第${round}轮` },
        { session: operator.session },
      ),
      t.call(Calls.stockBatchStatus, { ids: [offSale.id], status: 'sale' }, { session }),
      t.call(Calls.stockRefresh, { id: onSale.id }, { session }),
    ]);
    expect(disabled.body.codeFlag).toBe(CodeFlag.ok);
    for (const edit of [backOnSale, refreshed])
      expect([CodeFlag.ok, CodeFlag.notLoggedIn]).toContain(edit.body.codeFlag);
    const wentBackOnSale = backOnSale.body.codeFlag === CodeFlag.ok;
    if (wentBackOnSale) editsFirst++;
    else editsRefused++;

    // Neither listing is on sale, and the takedowns name exactly those that were when it ran (earlier
    // rounds' listings, back on sale, are taken down again too).
    const rows = await t.db
      .select({ id: stocks.id, status: stocks.status })
      .from(stocks)
      .where(inArray(stocks.id, [onSale.id, offSale.id]))
      .orderBy(asc(stocks.id));
    expect(rows.map((row) => row.status)).toEqual(['offline', 'offline']);
    const open = await t.db
      .select({ rowId: accountTakedowns.rowId })
      .from(accountTakedowns)
      .where(
        and(
          eq(accountTakedowns.userId, owner.user.id),
          isNull(accountTakedowns.restoredAt),
          inArray(accountTakedowns.rowId, [onSale.id, offSale.id]),
        ),
      )
      .orderBy(asc(accountTakedowns.rowId));
    expect(open.map((row) => row.rowId)).toEqual(wentBackOnSale ? [onSale.id, offSale.id] : [onSale.id]);

    const enabled = await t.call(
      Calls.consoleUserEnable,
      { userId: owner.user.id, reason: '核实无误' },
      { session: operator.session },
    );
    expect(enabled.body.codeFlag).toBe(CodeFlag.ok);
    const after = await t.db
      .select({ status: stocks.status })
      .from(stocks)
      .where(inArray(stocks.id, [onSale.id, offSale.id]))
      .orderBy(asc(stocks.id));
    expect(after.map((row) => row.status)).toEqual(['sale', wentBackOnSale ? 'sale' : 'offline']);
  }
  expect(editsFirst + editsRefused).toBe(ROUNDS);
});
