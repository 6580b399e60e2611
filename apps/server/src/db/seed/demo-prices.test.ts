import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { priceRows } from '../../modules/markets/markets.table';
import { seedDemoPrices } from './demo-prices';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('loads two years of realistic, labelled demo quotes for every series, once', async () => {
  const now = new Date('2026-11-20T08:00:00Z');
  const loaded = await seedDemoPrices(t.db, now);
  expect(loaded).toBeGreaterThan(14 * 450);
  expect(await seedDemoPrices(t.db, now)).toBe(0);

  const all = await t.db.select().from(priceRows);
  expect(all.every((r) => r.isDemo)).toBe(true);
  expect(all.every((r) => r.lowCents <= r.priceCents && r.priceCents <= r.highCents)).toBe(true);

  const a00 = await t.db.select().from(priceRows).where(eq(priceRows.seriesId, 1)).orderBy(asc(priceRows.date));
  expect(a00[0]?.date).toBe('2024-11-20');
  expect(a00.at(-1)?.date).toBe('2026-11-20');
  expect(a00.map((r) => r.date)).not.toContain('2026-10-01');
  for (const row of a00) {
    expect(row.priceCents).toBeGreaterThanOrEqual(1_990_000);
    expect(row.priceCents).toBeLessThanOrEqual(2_530_000);
    expect(row.highCents - row.lowCents).toBeGreaterThanOrEqual(4_000);
    expect(row.highCents - row.lowCents).toBeLessThanOrEqual(10_000);
  }
  const moves = a00.slice(1).map((r, i) => Math.abs(r.priceCents - a00[i]!.priceCents) / a00[i]!.priceCents);
  expect(moves.filter((m) => m <= 0.015).length / moves.length).toBeGreaterThan(0.95);
  // The walk stays inside its band rather than lying flat against an edge.
  const atEdge = a00.filter((r) => r.priceCents === 1_990_000 || r.priceCents === 2_530_000).length;
  expect(atEdge / a00.length).toBeLessThan(0.02);
  expect(a00[1]?.upDownCents).toBe(a00[1]!.priceCents - a00[0]!.priceCents);

  const lmeCopper = await t.db.select().from(priceRows).where(eq(priceRows.seriesId, 9));
  expect(
    lmeCopper.every((r) => r.priceCents >= 950_000 && r.priceCents <= 1_340_000 && r.rmbPriceCents! > r.priceCents * 7),
  ).toBe(true);
});
