import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

const load = (lang: string, file: string) => JSON.parse(readFileSync(join(here, lang, file), 'utf8')) as unknown;

describe('locale files', () => {
  const zh = readdirSync(join(here, 'zh-CN')).sort();
  const en = readdirSync(join(here, 'en-US')).sort();

  it('exist as the same namespaces in both languages', () => {
    expect(en).toEqual(zh);
  });

  it.each(zh)('%s carries the same keys in zh-CN and en-US, none empty', (file) => {
    const zhData = load('zh-CN', file);
    const enData = load('en-US', file);
    expect(keys(enData).sort()).toEqual(keys(zhData).sort());
    for (const data of [zhData, enData]) {
      const leaves = keys(data).map((k) =>
        k.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], data),
      );
      for (const leaf of leaves) expect(typeof leaf === 'string' && leaf.trim().length > 0).toBe(true);
    }
  });

  it('use the same {{placeholders}} in both languages', () => {
    for (const file of zh) {
      const zhData = load('zh-CN', file);
      const enData = load('en-US', file);
      for (const key of keys(zhData)) {
        const get = (data: unknown) =>
          String(key.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], data));
        const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
        expect(vars(get(enData)), `${file} ${key}`).toEqual(vars(get(zhData)));
      }
    }
  });

  // "1 items", "1 uses left": an English count before a plural noun needs its _one and _other forms,
  // which i18next picks by the count. Words the same in both numbers (series, pcs) and counts shown
  // only above one (moreItems) are listed.
  it('give English counts before a plural noun their singular form', () => {
    const sameInBoth = new Set([
      'markets.json board.count',
      'stocks.json detail.piecesValue',
      'orders.json list.moreItems',
    ]);
    for (const file of en) {
      const enData = load('en-US', file);
      for (const key of keys(enData)) {
        const text = String(key.split('.').reduce<unknown>((v, part) => (v as Record<string, unknown>)[part], enData));
        if (!/\{\{count\}\} [a-z]+s\b/.test(text) || /_(one|other)$/.test(key)) continue;
        expect(sameInBoth.has(`${file} ${key}`), `${file} ${key}: "${text}"`).toBe(true);
      }
    }
  });
});
