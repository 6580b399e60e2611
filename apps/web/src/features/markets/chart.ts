import { CHART_PERIODS, type ChartPeriod, formatCents } from '@metal/shared';
import { priceTone } from '../../lib/priceTone';
import { type Direction, parseCents } from './format';

/** What market_detail shows first, and what the server assumes without a period. */
export const DEFAULT_PERIOD: ChartPeriod = '30d';

/** The `?period=` of market_detail; anything unknown is the default. */
export function parsePeriod(value: string | null): ChartPeriod {
  return CHART_PERIODS.find((period) => period === value) ?? DEFAULT_PERIOD;
}

/** A point as lightweight-charts takes it: a business day and a number (only ever drawn, never summed). */
export interface ChartPoint {
  time: string;
  value: number;
}

/**
 * The server's points (oldest first) as chart data. The chart refuses unordered or repeated times,
 * so the points are put in date order with one per day (the last one given wins), and points
 * without a usable price are left out.
 */
export function toChartData(points: readonly { date: string; price: string }[]): ChartPoint[] {
  const byDate = new Map<string, number>();
  for (const point of points) {
    const cents = parseCents(point.price);
    if (cents !== null && /^\d{4}-\d{2}-\d{2}$/.test(point.date)) byDate.set(point.date, cents);
  }
  return [...byDate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([time, cents]) => ({ time, value: cents / 100 }));
}

/** How the price moved over the whole period shown: the chart's colour. */
export function periodDirection(data: readonly ChartPoint[]): Direction {
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last) return 'neutral';
  return priceTone(Math.round(last.value * 100) - Math.round(first.value * 100));
}

/** Prices on the chart's axis and crosshair, formatted by the one price helper. */
export function formatChartPrice(value: number): string {
  return formatCents(Math.round(value * 100));
}

/** Rows of the history table shown per step of its infinite scroll. */
export const ROWS_PAGE_SIZE = 30;

/** How many rows to show after one more step, never more than there are. */
export function nextVisibleCount(visible: number, total: number, pageSize: number = ROWS_PAGE_SIZE): number {
  return Math.min(total, visible + pageSize);
}

/** "#e5322d" (or "#e32") with an opacity, for the chart's area fill drawn on a canvas that reads no CSS variables. */
export function withAlpha(hex: string, alpha: number): string {
  const match = /^#?([\da-f]{3}|[\da-f]{6})$/i.exec(hex.trim());
  if (!match) return hex;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join('') : match[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(digits.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
