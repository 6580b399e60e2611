import { describe, expect, it } from 'vitest';
import { formatCents, formatChangePercent } from './price';

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
