import { formatCents } from '@metal/shared';

/** Yuan as typed in a price filter, or '' for none; fen from the server shown back the same way. */
export const yuanOf = (fen: number | undefined) => (fen === undefined ? '' : formatCents(fen));

/** The month and day of an ISO date ('2026-11-18' → { month: 11, day: 18 }). */
export function monthDay(date: string): { month: number; day: number } {
  const [, month, day] = date.split('-').map(Number);
  return { month: month ?? 0, day: day ?? 0 };
}
