import { randomInt } from 'node:crypto';

const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/**
 * A business number people read and type: `prefix`, the Shanghai date and time to the second
 * (14 digits), then `randomDigits` random digits. Random rather than a sequence so a number does not
 * tell a competitor how many orders the platform takes.
 */
export function businessNumber(prefix: string, now: Date, randomDigits: number): string {
  const stamp = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace(/\D/g, '');
  return `${prefix}${stamp}${String(randomInt(0, 10 ** randomDigits)).padStart(randomDigits, '0')}`;
}

const DRAWS = 5;

/**
 * Writes a row under a fresh random number (a business number, a transfer reference). Two draws can be
 * equal, so `write` must skip a taken number and answer nothing: an insert with
 * `onConflictDoNothing({ target })` + `returning`, or an update guarded by `NOT EXISTS`, both of which
 * leave the transaction usable, unlike a unique violation. A new number is then drawn. Without this a
 * collision would reach the user as a database fault. The unique index stays the last guard: `NOT
 * EXISTS` cannot see another transaction's uncommitted row, so two transactions drawing the same
 * number at once (about one chance in 10¹² for a transfer reference) still end in a fault, and a retry.
 */
export async function underFreshNumber<Row>(
  draw: () => string,
  write: (number: string) => Promise<Row | undefined>,
): Promise<{ number: string; row: Row }> {
  for (let attempt = 0; attempt < DRAWS; attempt++) {
    const number = draw();
    const row = await write(number);
    if (row !== undefined) return { number, row };
  }
  throw new Error(`no free number in ${DRAWS} draws`);
}
