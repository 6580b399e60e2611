import { describe, expect, it } from 'vitest';
import { describeChange, parseCents, shortDate, splitRange } from './format';

describe('parseCents', () => {
  it('reads the decimal text the server sends as exact hundredths', () => {
    expect(parseCents('22085')).toBe(2_208_500);
    expect(parseCents('18977.11')).toBe(1_897_711);
    expect(parseCents('2650.5')).toBe(265_050);
    expect(parseCents('-4')).toBe(-400);
    expect(parseCents('-0.05')).toBe(-5);
    expect(parseCents('0')).toBe(0);
    expect(parseCents(' 104 ')).toBe(10_400);
  });

  it('keeps exactness where floats would not (0.1 + 0.2)', () => {
    expect((parseCents('0.1') ?? 0) + (parseCents('0.2') ?? 0)).toBe(parseCents('0.3'));
  });

  it('is null for anything that is not such a number', () => {
    for (const text of [null, undefined, '', 'abc', '1.234', '1,000', '--', '+5', '1e3']) {
      expect(parseCents(text)).toBeNull();
    }
  });
});

describe('describeChange', () => {
  it('signs a rise and relates it to the previous price (price − change)', () => {
    // 22085 − 104 = 21981 before; 104 / 21981 = 0.473%.
    expect(describeChange('104', '22085')).toEqual({ direction: 'up', amount: '+104', percent: '+0.47%' });
  });

  it('keeps the minus of a fall', () => {
    // 2646 + 4 = 2650 before; −4 / 2650 = −0.151%.
    expect(describeChange('-4', '2646')).toEqual({ direction: 'down', amount: '-4', percent: '-0.15%' });
  });

  it('shows no change as flat zero', () => {
    expect(describeChange('0', '102000')).toEqual({ direction: 'neutral', amount: '0', percent: '0.00%' });
  });

  it('handles decimals exactly', () => {
    expect(describeChange('12.5', '2512.5')).toEqual({ direction: 'up', amount: '+12.50', percent: '+0.50%' });
  });

  it('is flat with dashes when there is no previous trading day', () => {
    expect(describeChange(null, '22085')).toEqual({ direction: 'neutral', amount: '--', percent: '--' });
  });

  it('leaves the percentage out when the previous price is not positive', () => {
    expect(describeChange('100', '100').percent).toBe('--');
    expect(describeChange('5', 'n/a')).toEqual({ direction: 'up', amount: '+5', percent: '--' });
  });
});

describe('display helpers', () => {
  it('splits a low-high range', () => {
    expect(splitRange('22055-22115')).toEqual({ low: '22055', high: '22115' });
    expect(splitRange('2640.5-2653')).toEqual({ low: '2640.5', high: '2653' });
    expect(splitRange('n/a')).toEqual({ low: 'n/a', high: null });
  });

  it('shortens dates of the current year only', () => {
    expect(shortDate('2026-11-20', 2026)).toBe('11-20');
    expect(shortDate('2025-12-31', 2026)).toBe('2025-12-31');
  });
});
