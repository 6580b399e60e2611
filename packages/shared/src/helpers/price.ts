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
