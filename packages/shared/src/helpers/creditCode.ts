/**
 * The unified social credit code (统一社会信用代码, GB 32100-2015): 18 characters from 31 (digits and
 * capitals without I, O, Z, S, V), the last a check character over the first 17 with weights 3^i mod 31.
 * It is a Chinese taxpayer's ID on every invoice since 2015.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NP-RTUW-Y]{2}\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/;

/** The check character the first 17 characters call for, or null if they are not of the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i]!);
    if (value < 0) return null;
    sum += value * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Whether the text is a well-formed code with the right check character (letters must be capitals). */
export function isCreditCode(value: string): boolean {
  const code = value.trim();
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
