import { CHART_PERIODS } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERIOD,
  formatChartPrice,
  nextVisibleCount,
  parsePeriod,
  periodDirection,
  ROWS_PAGE_SIZE,
  toChartData,
  withAlpha,
} from './chart';

describe('periods', () => {
  it('accepts every period of the contract', () => {
    for (const period of CHART_PERIODS) expect(parsePeriod(period)).toBe(period);
  });

  it('falls back to 30 days for a missing or unknown one', () => {
    expect(DEFAULT_PERIOD).toBe('30d');
    expect(parsePeriod(null)).toBe('30d');
    expect(parsePeriod('2y')).toBe('30d');
    expect(parsePeriod('')).toBe('30d');
  });
});

describe('toChartData', () => {
  it('turns the points into business days with numbers, oldest first', () => {
    expect(
      toChartData([
        { date: '2026-11-19', price: '2650' },
        { date: '2026-11-20', price: '2646.5' },
      ]),
    ).toEqual([
      { time: '2026-11-19', value: 2650 },
      { time: '2026-11-20', value: 2646.5 },
    ]);
  });

  it('orders, de-duplicates (last wins) and drops unusable points, which the chart would refuse', () => {
    expect(
      toChartData([
        { date: '2026-11-20', price: '3' },
        { date: '2026-11-18', price: '1' },
        { date: '2026-11-20', price: '4' },
        { date: 'yesterday', price: '9' },
        { date: '2026-11-19', price: 'n/a' },
      ]),
    ).toEqual([
      { time: '2026-11-18', value: 1 },
      { time: '2026-11-20', value: 4 },
    ]);
  });

  it('is empty for no points', () => {
    expect(toChartData([])).toEqual([]);
  });
});

describe('periodDirection', () => {
  const at = (...values: number[]) => values.map((value, i) => ({ time: `2026-11-${10 + i}`, value }));

  it('compares the last point with the first', () => {
    expect(periodDirection(at(100, 90, 101))).toBe('up');
    expect(periodDirection(at(100, 120, 99.99))).toBe('down');
    expect(periodDirection(at(100, 120, 100))).toBe('neutral');
  });

  it('is flat without at least two points to compare', () => {
    expect(periodDirection([])).toBe('neutral');
    expect(periodDirection(at(5))).toBe('neutral');
  });
});

describe('chart helpers', () => {
  it('formats axis prices with the shared price helper', () => {
    expect(formatChartPrice(22085)).toBe('22085');
    expect(formatChartPrice(2646.5)).toBe('2646.50');
    expect(formatChartPrice(0.1 + 0.2)).toBe('0.30');
  });

  it('turns a theme colour into a translucent fill', () => {
    expect(withAlpha('#e5322d', 0.28)).toBe('rgba(229, 50, 45, 0.28)');
    expect(withAlpha('#fff', 0.5)).toBe('rgba(255, 255, 255, 0.5)');
    expect(withAlpha('red', 0.5)).toBe('red');
  });

  it('shows the history a page at a time, never past the end', () => {
    expect(nextVisibleCount(0, 100)).toBe(ROWS_PAGE_SIZE);
    expect(nextVisibleCount(90, 100)).toBe(100);
    expect(nextVisibleCount(100, 100)).toBe(100);
    expect(nextVisibleCount(0, 5, 2)).toBe(2);
  });
});
