import { formatCents } from '@metal/shared';

/** Integer kilograms as tons, with at most three decimals and no trailing zeros ("30", "2.5", "0.025"). */
export function formatTons(kg: number): string {
  const whole = Math.floor(kg / 1000);
  const rest = kg % 1000;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
}

/** A processing fee added to a quote, always signed ("+150", "-80.50", "+0"). */
export function formatFee(fen: number): string {
  return fen < 0 ? formatCents(fen) : `+${formatCents(fen)}`;
}

/** A distance as people read it: metres under 1 km ("850 m"), one decimal under 100 km ("12.3 km"), whole km beyond. */
export function formatDistance(km: number): string {
  if (km < 1) return `${Math.round(km * 1000)} m`;
  return km < 100 ? `${(Math.round(km * 10) / 10).toFixed(1)} km` : `${Math.round(km)} km`;
}

/** Yuan as typed in a price filter, or '' for none; fen from the server shown back the same way. */
export const yuanOf = (fen: number | undefined) => (fen === undefined ? '' : formatCents(fen));

/** The month and day of an ISO date ('2026-11-18' → { month: 11, day: 18 }). */
export function monthDay(date: string): { month: number; day: number } {
  const [, month, day] = date.split('-').map(Number);
  return { month: month ?? 0, day: day ?? 0 };
}
