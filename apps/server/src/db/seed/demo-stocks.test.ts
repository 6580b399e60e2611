import { Calls } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { users } from '../../modules/accounts/accounts.table';
import { stocks } from '../../modules/stocks/stocks.table';
import { DEMO_ACCOUNTS, seedDemoData } from './demo';
import { seedDemoStocks } from './demo-stocks';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it("loads the demo supplier's labelled listings for sale once, shown on its shop page", async () => {
  expect(await seedDemoStocks(t.db, t.clock.now())).toBe(0);
  await seedDemoData(t.db);
  const loaded = await seedDemoStocks(t.db, t.clock.now());
  expect(loaded).toBeGreaterThanOrEqual(3);
  expect(await seedDemoStocks(t.db, t.clock.now())).toBe(0);

  const [supplier] = await t.db.select().from(users).where(eq(users.phone, DEMO_ACCOUNTS[1].phone));
  const rows = await t.db.select().from(stocks);
  expect(rows).toHaveLength(loaded);
  for (const row of rows) {
    expect(row).toMatchObject({ rootId: supplier!.id, status: 'sale', isDemo: true });
    expect(row.additionalInfo).toContain('Demo');
    expect(row.lng).not.toBeNull();
  }
  const shelf = await t.call(Calls.stockCompanyList, { rootId: supplier!.id });
  expect(shelf.body.data!.list).toHaveLength(loaded);
  expect(shelf.body.data!.list.every((row) => row.isDemo)).toBe(true);
  const first = await t.call(Calls.stockDetail, { id: shelf.body.data!.list[0]!.id });
  expect(first.body.data).toMatchObject({ isDemo: true, shop: { name: '演示铝业有限公司（Demo）' } });
});
