import { CHART_PERIODS } from '@metal/shared';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PERIOD,
  formatChartPrice,
  nextVisibleCount,
  parsePeriod,
  ROWS_PAGE_SIZE,
  readoutAt,
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

describe('readoutAt', () => {
  const data = toChartData([
    { date: '2026-11-18', price: '22000' },
    { date: '2026-11-19', price: '22104' },
    { date: '2026-11-20', price: '22100' },
    { date: '2026-11-23', price: '22100' },
    { date: '2026-11-24', price: '2646.50' },
  ]);

  it('reads the day, the price and its change against the point before, red up and green down', () => {
    expect(readoutAt(data, 1)).toEqual({
      date: '2026-11-19',
      price: '22104',
      amount: '+104',
      percent: '+0.47%',
      tone: 'up',
    });
    expect(readoutAt(data, 2)).toEqual({
      date: '2026-11-20',
      price: '22100',
      amount: '-4',
      percent: '-0.02%',
      tone: 'down',
    });
  });

  it('is neutral for an unchanged day and for the first point, which has nothing before it', () => {
    expect(readoutAt(data, 3)).toMatchObject({ amount: '0', percent: '0.00%', tone: 'neutral' });
    expect(readoutAt(data, 0)).toEqual({
      date: '2026-11-18',
      price: '22000',
      amount: '--',
      percent: '--',
      tone: 'neutral',
    });
  });

  it('keeps cents exact where floats would not', () => {
    expect(readoutAt(data, 4)).toMatchObject({ price: '2646.50', amount: '-19453.50', tone: 'down' });
  });

  it('takes the nearest point of a fractional index, and nothing off the data', () => {
    expect(readoutAt(data, 0.6)?.date).toBe('2026-11-19');
    expect(readoutAt(data, -1)).toBeNull();
    expect(readoutAt(data, 5)).toBeNull();
    expect(readoutAt(data, undefined)).toBeNull();
    expect(readoutAt(data, Number.NaN)).toBeNull();
    expect(readoutAt([], 0)).toBeNull();
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
