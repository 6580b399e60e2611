import { describe, expect, it } from 'vitest';
import { formatCents, formatChangePercent, lineAmountFen } from './price';

describe('formatCents', () => {
  it('shows whole amounts without decimals and others with two', () => {
    expect(formatCents(2_093_000)).toBe('20930');
    expect(formatCents(265_050)).toBe('2650.50');
    expect(formatCents(265_005)).toBe('2650.05');
    expect(formatCents(-4_000)).toBe('-40');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0');
  });
});

describe('formatChangePercent', () => {
  it('relates a change to the previous price', () => {
    expect(formatChangePercent(7_000, 2_097_000)).toBe('+0.33%');
    expect(formatChangePercent(20_900, 2_110_000)).toBe('+1.00%');
    expect(formatChangePercent(-25_000, 2_060_000)).toBe('-1.20%');
    expect(formatChangePercent(0, 2_060_000)).toBe('0.00%');
    expect(formatChangePercent(100, 100)).toBe('');
  });
});

describe('lineAmountFen', () => {
  it('is exact where the product of price and weight is past what doubles hold, and rounds as Math.round does', () => {
    // 999,999,014 fen a ton × 987,654,321 kg = 987,653,347,172,839,494 / 1000 fen, rounded down; the
    // product in doubles has already lost its last digits and rounds up.
    expect(lineAmountFen(999_999_014, 987_654_321)).toBe(987_653_347_172_839);
    expect(Math.round((999_999_014 * 987_654_321) / 1000)).toBe(987_653_347_172_840);
    // `+ 0`: Math.round(-0.5) is -0, where lineAmount answers 0.
    for (const [fenPerTon, kg] of [
      [2_050_000, 5_000],
      [1_999, 1_500],
      [1, 500],
      [1, 499],
      [-1, 500],
      [-1, 501],
      [-2_050_001, 333],
    ] as const)
      expect(lineAmountFen(fenPerTon, kg)).toBe(Math.round((fenPerTon * kg) / 1000) + 0);
  });
});
