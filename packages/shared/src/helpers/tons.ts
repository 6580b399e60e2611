/** SPEC §3: tons are entered with at most 3 decimals (a kilogram) and stored as integer kilograms. */
export const TONS_MAX_DECIMALS = 3;

// Twelve whole digits keep kilograms well within exact integers; anything that long is refused as too large anyway.
const TONS_PATTERN = /^\d{1,12}(\.\d{1,3})?$/;

/**
 * Tons as typed ('12', '12.5', '0.001') in integer kilograms, worked out on the digits so no binary
 * float rounds a kilogram away; null for anything that is not a number with at most 3 decimals.
 */
export function tonsTextToKg(text: string): number | null {
  const value = text.trim();
  if (!TONS_PATTERN.test(value)) return null;
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 1000 + Number(fraction.padEnd(TONS_MAX_DECIMALS, '0'));
}

/**
 * Integer kilograms as tons with at most 3 decimals and no trailing zeros (12500 → '12.5', 25 → '0.025'),
 * as the forms take them back: the one way every app shows a weight.
 */
export function formatTons(kg: number): string {
  const whole = Math.trunc(kg / 1000);
  const grams = Math.abs(kg % 1000);
  const sign = kg < 0 && whole === 0 ? '-' : '';
  if (grams === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(grams).padStart(TONS_MAX_DECIMALS, '0').replace(/0+$/, '')}`;
}
