import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import { stocks } from '../modules/stocks/stocks.table';
import type { Database } from './client';
import { preparedQuery } from './prepared';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('builds a query once per database and runs it with each call’s values', async () => {
  let built = 0;
  const quantityOf = preparedQuery((db: Database) => {
    built++;
    return db
      .select({ quantityKg: stocks.quantityKg })
      .from(stocks)
      .where(eq(stocks.id, sql.placeholder('id')))
      .prepare('test_stock_quantity');
  });
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  const small = await t.buildStock(seller.user.id, { quantityKg: 1_000 });
  const large = await t.buildStock(seller.user.id, { quantityKg: 30_000 });
  expect(await quantityOf(t.db).execute({ id: small.id })).toEqual([{ quantityKg: 1_000 }]);
  expect(await quantityOf(t.db).execute({ id: large.id })).toEqual([{ quantityKg: 30_000 }]);
  expect(built).toBe(1);
  // Another database (another app, another test file) gets a query of its own.
  const other = await buildTestApp();
  try {
    expect(await quantityOf(other.db).execute({ id: small.id })).toEqual([]);
    expect(built).toBe(2);
  } finally {
    await other.close();
  }
});
