import { formatCents, formatChangePercent } from '@metal/shared';
import { type PriceTone, priceTone } from '../../lib/priceTone';

/** Which way a price moved (lib/priceTone: red up, green down, plain text when it did not or is unknown). */
export type Direction = PriceTone;

const DECIMAL = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * A price as the server sends it (decimal text with at most two decimals: "22085", "-4",
 * "18977.11") as exact hundredths, so no sum or comparison goes through a binary float.
 * Anything else is null.
 */
export function parseCents(text: string | null | undefined): number | null {
  const match = text ? DECIMAL.exec(text.trim()) : null;
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

export interface Change {
  direction: Direction;
  /** "+104", "-4", "0"; '--' when there is no previous trading day to compare with. */
  amount: string;
  /** Against the previous price: "+0.47%", "-0.15%", "0.00%"; '--' when it cannot be worked out. */
  percent: string;
}

const NO_CHANGE: Change = { direction: 'neutral', amount: '--', percent: '--' };

/** A row's change (`upDown`) with its sign and its percentage of the previous price (`price − upDown`). */
export function describeChange(upDown: string | null, price: string): Change {
  const change = parseCents(upDown);
  if (change === null) return NO_CHANGE;
  const direction = priceTone(change);
  const current = parseCents(price);
  const percent = current === null ? '' : formatChangePercent(change, current);
  return { direction, amount: `${change > 0 ? '+' : ''}${formatCents(change)}`, percent: percent || '--' };
}

/** "22055-22115" as its two ends; a range the server did not send as low-high is kept whole in `low`. */
export function splitRange(range: string): { low: string; high: string | null } {
  const match = /^(-?[\d.]+)-(-?[\d.]+)$/.exec(range.trim());
  return match ? { low: match[1]!, high: match[2]! } : { low: range, high: null };
}

/** "2026-11-20" → "11-20" within the given year, the whole date otherwise. */
export function shortDate(date: string, currentYear: number): string {
  return date.startsWith(`${currentYear}-`) ? date.slice(5) : date;
}
