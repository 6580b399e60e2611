/**
 * Mainland resident identity numbers (GB 11643-1999): 6-digit address code, 8-digit birth date
 * YYYYMMDD, 3-digit sequence (odd for men, even for women) and a check character, ISO 7064 MOD 11-2.
 * Only a verification provider can tell whether a number belongs to a person; this rules out typos
 * and impossible numbers before a paid check is spent on them.
 */

export type IdNumberValidation =
  | { ok: true; birthDate: string; sex: 'male' | 'female' }
  | { ok: false; reason: 'format' | 'checksum' | 'birthDate' | 'region' };

const ID_NUMBER_PATTERN = /^\d{17}[\dX]$/;
const CHECK_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2] as const;
const CHECK_CHARACTERS = '10X98765432';
const EARLIEST_BIRTH_DATE = '1900-01-01';

/**
 * Province-level codes: the mainland provinces, 71 Taiwan, 81-83 residence permits of Hong Kong, Macao
 * and Taiwan residents, 91 foreigners' permanent residence cards.
 */
const REGION_CODES: ReadonlySet<string> = new Set(
  (
    [
      [11, 15],
      [21, 23],
      [31, 37],
      [41, 46],
      [50, 54],
      [61, 65],
      [71, 71],
      [81, 83],
      [91, 91],
    ] as const
  ).flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String(first + i))),
);

/** Trims and upper-cases the check character, as people type it both ways ('x' and 'X'). */
export function normalizeIdNumber(text: string): string {
  return text.trim().toUpperCase();
}

/** The ISO 7064 MOD 11-2 check character of the first 17 digits. */
function checkCharacterOf(first17: string): string {
  let sum = 0;
  for (let i = 0; i < CHECK_WEIGHTS.length; i++) sum += Number(first17[i]) * CHECK_WEIGHTS[i]!;
  return CHECK_CHARACTERS[sum % 11]!;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * Checks an identity number; `today` (YYYY-MM-DD, Asia/Shanghai) bounds the birth date so that the
 * result does not depend on the clock of the machine running it.
 * The checksum is checked before the birth date and region: a mistyped digit almost always breaks the
 * checksum, so that is the reason worth showing; a number with a right checksum and an impossible
 * date or region was made up rather than mistyped.
 */
export function validateIdNumber(text: string, today: string): IdNumberValidation {
  const id = normalizeIdNumber(text);
  if (!ID_NUMBER_PATTERN.test(id)) return { ok: false, reason: 'format' };
  if (checkCharacterOf(id.slice(0, 17)) !== id[17]) return { ok: false, reason: 'checksum' };

  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birthDate = `${id.slice(6, 10)}-${id.slice(10, 12)}-${id.slice(12, 14)}`;
  const isRealDate = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  // YYYY-MM-DD strings compare in date order.
  if (!isRealDate || birthDate < EARLIEST_BIRTH_DATE || birthDate > today) return { ok: false, reason: 'birthDate' };

  if (!REGION_CODES.has(id.slice(0, 2))) return { ok: false, reason: 'region' };
  return { ok: true, birthDate, sex: Number(id[16]) % 2 === 1 ? 'male' : 'female' };
}

/**
 * Shows an identity number with everything but its first and last characters hidden, keeping its
 * length: 1****************X. Showing less than the usual first-6/last-4 keeps address code and
 * birth date private; the ends are enough for people to recognise their own number.
 */
export function maskIdNumber(id: string): string {
  const characters = Array.from(normalizeIdNumber(id));
  if (characters.length <= 2) return '*'.repeat(characters.length);
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters.at(-1)}`;
}

/**
 * Hides a real name, keeping its length: a two-character name shows only its last character (*明),
 * a longer one its first and last (欧*明, 欧**明, 阿*****曼). A single character is hidden entirely.
 */
export function maskRealName(name: string): string {
  const characters = Array.from(name.trim());
  if (characters.length <= 1) return '*'.repeat(characters.length);
  if (characters.length === 2) return `*${characters[1]}`;
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters.at(-1)}`;
}

/** Chinese characters, with single middle dots (U+00B7) between parts of ethnic-minority names. */
const HAN_NAME_PATTERN = /^\p{Script=Han}+(·\p{Script=Han}+)*$/u;
/** Latin letters in words separated by single spaces, as foreign residents' names are registered. */
const LATIN_NAME_PATTERN = /^[A-Za-z]+( [A-Za-z]+)*$/;
const REAL_NAME_MIN_LENGTH = 2;
const REAL_NAME_MAX_LENGTH = 30;

/** A plausible name on an identity document: 2-30 characters after trimming, Chinese or latin. */
export function isValidRealName(name: string): boolean {
  const trimmed = name.trim();
  const length = Array.from(trimmed).length;
  if (length < REAL_NAME_MIN_LENGTH || length > REAL_NAME_MAX_LENGTH) return false;
  return HAN_NAME_PATTERN.test(trimmed) || LATIN_NAME_PATTERN.test(trimmed);
}
