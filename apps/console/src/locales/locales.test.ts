import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATOR_ACTIONS } from '@metal/shared';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

const load = (lang: string, file: string) => JSON.parse(readFileSync(join(here, lang, file), 'utf8')) as unknown;
const vars = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe("the console's locale files", () => {
  const zh = readdirSync(join(here, 'zh-CN')).sort();

  it('exist as the same namespaces in both languages', () => {
    expect(readdirSync(join(here, 'en-US')).sort()).toEqual(zh);
  });

  it.each(zh)('%s carries the same keys in zh-CN and en-US, none empty, with the same {{placeholders}}', (file) => {
    const zhLeaves = new Map(leaves(load('zh-CN', file)));
    const enLeaves = new Map(leaves(load('en-US', file)));
    expect([...enLeaves.keys()].sort()).toEqual([...zhLeaves.keys()].sort());
    for (const [key, text] of zhLeaves) {
      for (const value of [text, enLeaves.get(key)])
        expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
      expect(vars(enLeaves.get(key)), key).toEqual(vars(text));
    }
  });
});

describe("the action log's words", () => {
  it.each(['zh-CN', 'en-US'])('name every action the server records, in %s', (lang) => {
    const actions = new Map(leaves((load(lang, 'operators.json') as { actions: unknown }).actions));
    const missing = OPERATOR_ACTIONS.filter((key) => typeof actions.get(key) !== 'string');
    expect(missing).toEqual([]);
  });
});
