/**
 * How a price is coloured, everywhere one is shown (quote rows, stock lists, the listing's detail,
 * shops, quotes in chat): as China reads prices, red means it went up and green that it went down.
 * A price that did not move, or that has no day's change to compare with (a fixed price, a supplier's
 * quote, a listing in a list), is neither: it is plain strong text, never red, green or an accent.
 */
export type PriceTone = 'up' | 'down' | 'neutral';

/** The tone of a price from its change since the previous trading day (any unit; only its sign counts). */
export function priceTone(change: number | null | undefined): PriceTone {
  if (change === null || change === undefined || change === 0 || Number.isNaN(change)) return 'neutral';
  return change > 0 ? 'up' : 'down';
}

/** The class of global.css that gives a price (or its change) its tone's colour. */
export function priceToneClass(tone: PriceTone): string {
  return `mm-tone-${tone}`;
}
