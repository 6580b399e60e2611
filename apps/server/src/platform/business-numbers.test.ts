import { and, eq, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers';
import type { Executor } from '../db/client';
import { businessNumber, underFreshNumber } from './business-numbers';

/** A table of this test only, with a unique number, as trade and payment orders have. */
const numbered = pgTable('business_numbers_test', {
  id: serial('id').primaryKey(),
  number: text('number').unique(),
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`create table business_numbers_test (id serial primary key, number text unique)`);
});
afterAll(() => t.close());

/** Draws the given numbers in turn, counting the draws. */
function drawing(...numbers: string[]) {
  const draws = { count: 0 };
  return { draws, draw: () => numbers[draws.count++]! };
}

const insertSkippingTaken = (executor: Executor) => async (number: string) =>
  (await executor.insert(numbered).values({ number }).onConflictDoNothing({ target: numbered.number }).returning())[0];

describe('business numbers', () => {
  it('are the prefix, the Shanghai date and time to the second and the random digits', () => {
    const number = businessNumber('TO', new Date('2026-11-26T16:05:09Z'), 6);
    expect(number).toMatch(/^TO20261127000509\d{6}$/);
  });

  it('a taken number is drawn again inside the same transaction, which stays usable', async () => {
    await t.db.insert(numbered).values([{ number: 'TO-1' }, { number: 'TO-2' }]);
    const { draws, draw } = drawing('TO-1', 'TO-2', 'TO-3');
    const written = await t.db.transaction(async (tx) => {
      const result = await underFreshNumber(draw, insertSkippingTaken(tx));
      await tx.insert(numbered).values({ number: 'after-in-same-transaction' });
      return result;
    });
    expect(written.number).toBe('TO-3');
    expect(written.row.number).toBe('TO-3');
    expect(draws.count).toBe(3);
    const [after] = await t.db.select().from(numbered).where(eq(numbered.number, 'after-in-same-transaction'));
    expect(after).toBeDefined();
  });

  it('an update guarded by "not exists" moves on from a taken number the same way', async () => {
    const [row] = await t.db.insert(numbered).values({ number: null }).returning();
    await t.db.insert(numbered).values({ number: 'REF-TAKEN' });
    const { draws, draw } = drawing('REF-TAKEN', 'REF-FREE');
    const written = await underFreshNumber(
      draw,
      async (number) =>
        (
          await t.db
            .update(numbered)
            .set({ number })
            .where(
              and(
                eq(numbered.id, row!.id),
                sql`not exists (select 1 from business_numbers_test taken where taken.number = ${number})`,
              ),
            )
            .returning()
        )[0],
    );
    expect(written.row).toMatchObject({ id: row!.id, number: 'REF-FREE' });
    expect(draws.count).toBe(2);
  });

  it('gives up after five taken draws rather than loop', async () => {
    await t.db.insert(numbered).values({ number: 'ALWAYS' });
    const { draws, draw } = drawing(...Array(10).fill('ALWAYS'));
    await expect(underFreshNumber(draw, insertSkippingTaken(t.db))).rejects.toThrow(/no free number/);
    expect(draws.count).toBe(5);
  });
});
