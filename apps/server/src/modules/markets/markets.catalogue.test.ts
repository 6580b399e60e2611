import { LANGUAGES, type Language } from '@metal/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { catalogueNames } from './markets.catalogue';
import { series, sorts } from './markets.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** What catalogueNames answered before the catalogue was kept: the names read from the tables. */
async function namesInTables(lang: Language) {
  const pick = (row: { name: string; nameEn: string }) => (lang === 'zh-CN' ? row.name : row.nameEn);
  const [sortRows, seriesRows] = await Promise.all([t.db.select().from(sorts), t.db.select().from(series)]);
  return {
    sortNames: new Map(sortRows.map((row) => [row.id, pick(row)])),
    seriesNames: new Map(seriesRows.map((row) => [row.id, pick(row)])),
  };
}

it.each(LANGUAGES)('names every sort and series as the tables do (%s), read once per database', async (lang) => {
  const kept = await catalogueNames(t.db, lang);
  const tables = await namesInTables(lang);
  expect(tables.sortNames.size).toBeGreaterThan(0);
  expect(tables.seriesNames.size).toBeGreaterThan(0);
  expect(new Map(kept.sortNames)).toEqual(tables.sortNames);
  expect(new Map(kept.seriesNames)).toEqual(tables.seriesNames);
  expect(await catalogueNames(t.db, lang)).toBe(kept);
});

it('reads the catalogue inside a transaction from the transaction', async () => {
  const outside = await catalogueNames(t.db, 'en-US');
  await t.db.transaction(async (tx) => {
    const inside = await catalogueNames(tx, 'en-US');
    expect(inside).not.toBe(outside);
    expect(new Map(inside.sortNames)).toEqual(new Map(outside.sortNames));
    expect(new Map(inside.seriesNames)).toEqual(new Map(outside.seriesNames));
  });
});
