import { Calls, CodeFlag } from '@metal/shared';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { stocks } from '../stocks/stocks.table';

// Batches at the same time over overlapping listings. On PostgreSQL (TEST_DATABASE_URL) the calls run
// on separate connections of the pool, so these are real races; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const ROUNDS = 8;

async function buildSeller() {
  const owner = await t.buildUser();
  await t.buildCompany(owner.user.id);
  return owner;
}

const rowsOf = (ids: number[]) => t.db.select().from(stocks).where(inArray(stocks.id, ids)).orderBy(asc(stocks.id));

it('loses no price adjustment: two +100 batches over overlapping listings, named in opposite orders, make +200', async () => {
  const seller = await buildSeller();
  for (let round = 0; round < ROUNDS; round++) {
    const a = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 2_000_000 });
    const b = await t.buildStock(seller.user.id, {
      priceType: 'market',
      seriesId: 1,
      processingFeeFen: 0,
      priceFen: null,
    });
    const c = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 1_000_000 });
    const [first, second] = await Promise.all([
      t.call(
        Calls.stockBatchEdit,
        { ids: [a.id, b.id, c.id], field: 'price', value: '100' },
        { session: seller.session },
      ),
      t.call(Calls.stockBatchEdit, { ids: [c.id, b.id], field: 'price', value: '100' }, { session: seller.session }),
    ]);
    expect([first.body.codeFlag, second.body.codeFlag]).toEqual([0, 0]);
    const rows = await rowsOf([a.id, b.id, c.id]);
    expect(rows.map((row) => [row.priceFen, row.processingFeeFen])).toEqual([
      [2_010_000, null],
      [null, 20_000],
      [1_020_000, null],
    ]);
  }
});

it('keeps each of two racing status batches all or nothing', async () => {
  const seller = await buildSeller();
  let onlineWon = 0;
  let onlineRefused = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const a = await t.buildStock(seller.user.id);
    const b = await t.buildStock(seller.user.id);
    const c = await t.buildStock(seller.user.id, { status: 'offline' });
    // Offline [a, b] always may run; online [b, c] may only after it (b must be off sale first).
    const [offline, online] = await Promise.all([
      t.call(Calls.stockBatchStatus, { ids: [a.id, b.id], status: 'offline' }, { session: seller.session }),
      t.call(Calls.stockBatchStatus, { ids: [c.id, b.id], status: 'sale' }, { session: seller.session }),
    ]);
    expect(offline.body.codeFlag).toBe(CodeFlag.ok);
    const statuses = (await rowsOf([a.id, b.id, c.id])).map((row) => row.status);
    if (online.body.codeFlag === CodeFlag.ok) {
      onlineWon++;
      expect(statuses).toEqual(['offline', 'sale', 'sale']);
    } else {
      onlineRefused++;
      expect(online.body.codeFlag).toBe(CodeFlag.conflict);
      expect(statuses).toEqual(['offline', 'offline', 'offline']);
    }
  }
  expect(onlineWon + onlineRefused).toBe(ROUNDS);
});

it('applies a price adjustment racing with a delete either entirely or not at all', async () => {
  const seller = await buildSeller();
  for (let round = 0; round < ROUNDS; round++) {
    const a = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 500_000 });
    const b = await t.buildStock(seller.user.id, { priceType: 'fixed', priceFen: 600_000 });
    const [edit, removal] = await Promise.all([
      t.call(Calls.stockBatchEdit, { ids: [a.id, b.id], field: 'price', value: '-10' }, { session: seller.session }),
      t.call(Calls.stockBatchStatus, { ids: [b.id], status: 'deleted' }, { session: seller.session }),
    ]);
    expect(removal.body.codeFlag).toBe(CodeFlag.ok);
    const rows = await rowsOf([a.id, b.id]);
    expect(rows.map((row) => row.status)).toEqual(['sale', 'deleted']);
    if (edit.body.codeFlag === CodeFlag.ok) {
      expect(rows.map((row) => row.priceFen)).toEqual([499_000, 599_000]);
    } else {
      // The delete came first: b is gone, so the edit is refused and a keeps its price too.
      expect(edit.body.codeFlag).toBe(CodeFlag.notFound);
      expect(rows.map((row) => row.priceFen)).toEqual([500_000, 600_000]);
    }
  }
});
