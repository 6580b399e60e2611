import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { trimIconSource } from './trimIcons';

const iconsDir = dirname(createRequire(import.meta.url).resolve('antd-mobile-icons/es/AppOutline'));
const icons = readdirSync(iconsDir).filter((name) => /^[A-Z]\w+\.js$/.test(name));
const numbersOf = (code: string) =>
  [...code.matchAll(/\b(?:d|points): "([^"]*)"/g)].flatMap((match) => (match[1] ?? '').match(/-?\d*\.?\d+/g) ?? []);

describe('trimIconSource', () => {
  it('rounds every icon coordinate to within 0.005 of a 48-unit grid and keeps every element', () => {
    expect(icons.length).toBeGreaterThan(100);
    for (const name of icons) {
      const code = readFileSync(join(iconsDir, name), 'utf8');
      const trimmed = trimIconSource(code);
      const before = numbersOf(code).map(Number);
      const after = numbersOf(trimmed).map(Number);
      expect(after, name).toHaveLength(before.length);
      after.forEach((n, i) => {
        expect(Math.abs(n - (before[i] ?? Number.NaN)), `${name} #${i}`).toBeLessThanOrEqual(0.005 + 1e-9);
      });
      expect(trimmed.split('createElement(').length, name).toBe(code.split('createElement(').length);
      expect(trimmed, name).not.toMatch(/\bid: "/);
    }
  });

  it('shrinks a typical icon by a quarter or more', () => {
    const code = readFileSync(join(iconsDir, 'AppOutline.js'), 'utf8');
    expect(trimIconSource(code).length).toBeLessThan(code.length * 0.75);
  });
});
