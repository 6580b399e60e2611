/**
 * English names of China's regions for display (广东省 Guangdong, 佛山市 Foshan, 南海区 Nanhai District).
 *
 * The wire and the database carry the Chinese names; pages translate them only where they show them. Reached as
 * `@metal/shared/region-names` and kept out of the package index, because the table (about 28 KB gzipped) should
 * load only for an English reader of a page that shows a region. scripts/build-regions.mjs makes
 * src/data/region-names-en.json from the region table's names (pinyin at build time, see scripts/region-english.mjs).
 */
import type { Language } from '../constants';
import englishNames from '../data/region-names-en.json';

const ENGLISH: Readonly<Record<string, string>> = englishNames;

/** A region's name in `lang`; a name the table does not know (older data, a typo) is shown as it came. */
export function regionName(name: string, lang: Language): string {
  if (lang === 'zh-CN') return name;
  return ENGLISH[name] ?? name;
}
