import { Calls, CodeFlag } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { cartItems } from './cart.table';

// Adds of one company at the same moment. On PostgreSQL (TEST_DATABASE_URL) each call runs on its own
// connection of the pool, so these are real races; on PGlite they serialise.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('twenty adds of one ton of a ten-ton lot at once hold exactly ten tons, the rest refused', async () => {
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  const buyer = await t.buildUser();
  await t.buildCompany(buyer.user.id);
  const colleague = await t.buildEmployee(buyer);
  const stock = await t.buildStock(seller.user.id, { quantityKg: 10_000, splittable: true });

  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.call(Calls.cartAdd, { stockId: stock.id, quantity: '1' }, { session: (i % 2 ? colleague : buyer).session }),
    ),
  );
  const flags = answers.map((answer) => answer.body.codeFlag);
  expect(flags.filter((flag) => flag === CodeFlag.ok)).toHaveLength(10);
  expect(flags.filter((flag) => flag === CodeFlag.invalidInput)).toHaveLength(10);
  const lines = await t.db.select().from(cartItems).where(eq(cartItems.rootId, buyer.user.id));
  expect(lines).toHaveLength(1);
  expect(lines[0]?.quantityKg).toBe(10_000);
  console.info(
    `cart race (${t.kind}): 20 adds of 1 t of a 10 t lot → ${lines[0]?.quantityKg} kg in the cart, ${flags.filter((f) => f !== 0).length} refused`,
  );
});

it('a whole lot added twice at once is in the cart once', async () => {
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  const buyer = await t.buildUser();
  await t.buildCompany(buyer.user.id);
  const lot = await t.buildStock(seller.user.id, { quantityKg: 25_000, splittable: false });
  const answers = await Promise.all(
    Array.from({ length: 6 }, () =>
      t.call(Calls.cartAdd, { stockId: lot.id, quantity: '25' }, { session: buyer.session }),
    ),
  );
  expect(answers.filter((answer) => answer.body.codeFlag === CodeFlag.ok)).toHaveLength(1);
  const lines = await t.db.select().from(cartItems).where(eq(cartItems.rootId, buyer.user.id));
  expect(lines.map((line) => line.quantityKg)).toEqual([25_000]);
});

it('updates racing adds never leave a line above what is available', async () => {
  const seller = await t.buildUser();
  await t.buildCompany(seller.user.id);
  const buyer = await t.buildUser();
  await t.buildCompany(buyer.user.id);
  const stock = await t.buildStock(seller.user.id, { quantityKg: 8000, splittable: true });
  const line = (await t.call(Calls.cartAdd, { stockId: stock.id, quantity: '1' }, { session: buyer.session })).body
    .data!;
  await Promise.all([
    ...Array.from({ length: 6 }, () =>
      t.call(Calls.cartAdd, { stockId: stock.id, quantity: '2' }, { session: buyer.session }),
    ),
    ...Array.from({ length: 6 }, () =>
      t.call(Calls.cartUpdate, { id: line.id, quantity: '6' }, { session: buyer.session }),
    ),
  ]);
  const [held] = await t.db.select().from(cartItems).where(eq(cartItems.id, line.id));
  expect(held!.quantityKg).toBeLessThanOrEqual(8000);
});
