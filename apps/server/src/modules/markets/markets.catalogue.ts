import type { Language } from '@metal/shared';
import type { Executor } from '../../db/client';
import { series, sorts } from './markets.table';

/** Names of sorts and series by id, in one language. */
export interface CatalogueNames {
  sortNames: ReadonlyMap<number, string>;
  seriesNames: ReadonlyMap<number, string>;
}

/** Every sort's and series' name in Chinese and in English. */
interface Catalogue {
  zh: CatalogueNames;
  en: CatalogueNames;
}

async function readCatalogue(db: Executor): Promise<Catalogue> {
  const [sortRows, seriesRows] = await Promise.all([
    db.select({ id: sorts.id, name: sorts.name, nameEn: sorts.nameEn }).from(sorts),
    db.select({ id: series.id, name: series.name, nameEn: series.nameEn }).from(series),
  ]);
  const names = (pick: (row: { name: string; nameEn: string }) => string): CatalogueNames => ({
    sortNames: new Map(sortRows.map((row) => [row.id, pick(row)])),
    seriesNames: new Map(seriesRows.map((row) => [row.id, pick(row)])),
  });
  return { zh: names((row) => row.name), en: names((row) => row.nameEn) };
}

/**
 * The catalogue (sorts and series) is written by migrations only, never while a server runs, so each
 * database's is read once and kept, instead of at every call that names a category or a series. A
 * transaction is an executor of its own and reads it once too. A read that fails is not kept.
 */
const catalogues = new WeakMap<Executor, Promise<Catalogue>>();

/** The names of every sort and series in the reader's language. */
export async function catalogueNames(db: Executor, lang: Language): Promise<CatalogueNames> {
  let catalogue = catalogues.get(db);
  if (!catalogue) {
    const read = readCatalogue(db);
    catalogue = read;
    catalogues.set(db, read);
    read.catch(() => {
      if (catalogues.get(db) === read) catalogues.delete(db);
    });
  }
  const { zh, en } = await catalogue;
  return lang === 'zh-CN' ? zh : en;
}
