/**
 * Contact lists are shown A–Z (trade_friend, choose_friend): a name's letter is its first Latin
 * letter, or for Chinese the pinyin initial of its first character; anything else goes under '#'.
 */
const PINYIN_COLLATOR = new Intl.Collator('zh-Hans-CN-u-co-pinyin', { sensitivity: 'base' });

/** The first character (in pinyin order) of each initial; 'I', 'U' and 'V' start no syllable. */
const PINYIN_LETTERS = 'ABCDEFGHJKLMNOPQRSTWXYZ';
const PINYIN_BOUNDARIES = '阿八嚓哒妸发旮哈讥咔垃痳拏噢妑七呥仨他屲夕丫帀';

export const OTHER_LETTER = '#';

export function initialLetter(name: string): string {
  const first = name.trim().charAt(0);
  if (/[a-z]/i.test(first)) return first.toUpperCase();
  if (!/\p{Script=Han}/u.test(first)) return OTHER_LETTER;
  for (let i = PINYIN_BOUNDARIES.length - 1; i >= 0; i--) {
    if (PINYIN_COLLATOR.compare(first, PINYIN_BOUNDARIES.charAt(i)) >= 0) return PINYIN_LETTERS.charAt(i);
  }
  return OTHER_LETTER;
}

/** A–Z by letter ('#' last), then by name in pinyin order within a letter. */
export function compareContactNames(a: string, b: string): number {
  const letterA = initialLetter(a);
  const letterB = initialLetter(b);
  if (letterA !== letterB) {
    if (letterA === OTHER_LETTER) return 1;
    if (letterB === OTHER_LETTER) return -1;
    return letterA < letterB ? -1 : 1;
  }
  return PINYIN_COLLATOR.compare(a, b);
}
