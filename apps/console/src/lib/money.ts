import { formatCents } from '@metal/shared';

/** Yuan as operators type them: whole yuan with at most two decimals (fen). */
const YUAN_TEXT = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/**
 * Yuan as typed → integer fen, worked out on the digits so no float rounding creeps in ("0.29" is 29
 * fen, not 28.999…); null when the text is not an amount. Ranges are the shared schemas' to judge.
 */
export function yuanTextToFen(text: string): number | null {
  const match = YUAN_TEXT.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Fen as the yuan an operator types and reads ("4999", "12.50"): the one price format (formatCents). */
export const fenToYuanText = (fen: number) => formatCents(fen);
