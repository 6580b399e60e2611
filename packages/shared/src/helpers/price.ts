/**
 * The one way a price is shown: exact hundredths (fen or cents) as decimal text, whole numbers
 * without decimals ("20930"), others with two ("2650.50"); negative changes keep their sign.
 */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}.${String(fraction).padStart(2, '0')}`;
}

/** A change as a percentage of the previous price, to two decimals ("+0.34%", "-1.20%", "0.00%"). */
export function formatChangePercent(changeCents: number, currentCents: number): string {
  const previous = currentCents - changeCents;
  if (previous <= 0) return '';
  const basisPoints = Math.round((changeCents * 10_000) / previous);
  const sign = basisPoints > 0 ? '+' : basisPoints < 0 ? '-' : '';
  return `${sign}${formatCents(Math.abs(basisPoints)).replace(/^(\d+)$/, '$1.00')}%`;
}

/**
 * Fen for `kg` kilograms at `fenPerTon` (whole numbers), rounded to the fen as Math.round does: the one
 * way a line's amount is reckoned, on the server and in the apps alike. Worked out in BigInt: the largest
 * price times the largest lot (10^18) is past where doubles are exact, so the plain product would round
 * before the division.
 */
export function lineAmountFen(fenPerTon: number, kg: number): number {
  const shifted = BigInt(fenPerTon) * BigInt(kg) + 500n;
  const quotient = shifted / 1000n;
  // BigInt division truncates toward zero; Math.round's half-up needs the floor below zero.
  return Number(shifted < 0n && shifted % 1000n !== 0n ? quotient - 1n : quotient);
}
