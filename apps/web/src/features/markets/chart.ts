import { CHART_PERIODS, type ChartPeriod, formatCents } from '@metal/shared';
import { type PriceTone, priceTone } from '../../lib/priceTone';
import { describeChange, parseCents } from './format';

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

/** What the crosshair reads out for the point under a finger or the pointer. */
export interface Readout {
  date: string;
  price: string;
  /** Against the previous point shown (the previous trading day with a price); '--' for the first. */
  amount: string;
  percent: string;
  tone: PriceTone;
}

/**
 * The readout of the point at `index` of the chart's data (the crosshair's logical index), with its
 * change against the point before it; null off the data (left of the first point, right of the last).
 */
export function readoutAt(data: readonly ChartPoint[], index: number | null | undefined): Readout | null {
  if (index === null || index === undefined || !Number.isFinite(index)) return null;
  const at = Math.round(index);
  const point = data[at];
  if (!point) return null;
  const cents = Math.round(point.value * 100);
  const previous = data[at - 1];
  const change = previous === undefined ? null : cents - Math.round(previous.value * 100);
  const described = describeChange(change === null ? null : formatCents(change), formatCents(cents));
  return {
    date: point.time,
    price: formatCents(cents),
    amount: described.amount,
    percent: described.percent,
    tone: priceTone(change),
  };
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
