import { describe, expect, it } from 'vitest';
import { isValidRealName, maskIdNumber, maskRealName, normalizeIdNumber, validateIdNumber } from './idcard';

/*
 * Check characters below were worked out by hand: sum the first 17 digits times the weights
 * 7 9 10 5 8 4 2 1 6 3 7 9 10 5 8 4 2, take the sum mod 11 and look it up in '10X98765432'.
 * 11010519491231002X: 7+9+0+5+0+20+2+9+24+27+7+18+30+5+0+0+4 = 167, 167 mod 11 = 2 → 'X'.
 * 440524188001010014: 28+36+0+25+16+16+2+8+48+0+0+9+0+5+0+0+2 = 195, 195 mod 11 = 8 → '4'.
 * Each other number's comment gives its sum.
 */
const TODAY = '2026-05-14';

describe('normalizeIdNumber', () => {
  it('trims and upper-cases the check character', () => {
    expect(normalizeIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
  });
});

describe('validateIdNumber', () => {
  it('accepts the standard example and reads birth date and sex from it', () => {
    expect(validateIdNumber('11010519491231002X', TODAY)).toEqual({ ok: true, birthDate: '1949-12-31', sex: 'female' });
  });

  it('accepts a lowercase x and surrounding spaces', () => {
    expect(validateIdNumber(' 11010519491231002x ', TODAY)).toEqual({
      ok: true,
      birthDate: '1949-12-31',
      sex: 'female',
    });
  });

  it('reads an odd sequence digit as male', () => {
    // sum 165, mod 11 = 0 → '1'
    expect(validateIdNumber('110105194912310011', TODAY)).toEqual({ ok: true, birthDate: '1949-12-31', sex: 'male' });
  });

  it.each([
    ['110105200002290021', '2000-02-29'], // sum 132 → 0 → '1'; 2000 is a leap year
    ['11010520240229002X', '2024-02-29'], // sum 156 → 2 → 'X'
    ['110105190001010028', '1900-01-01'], // sum 70 → 4 → '8'; earliest accepted date
    ['110105202605140021', TODAY], // sum 154 → 0 → '1'; born today
  ])('accepts %s born %s', (id, birthDate) => {
    expect(validateIdNumber(id, TODAY)).toMatchObject({ ok: true, birthDate });
  });

  it.each([
    '910105194912310029', // sum 223 → 3 → '9'
    '710105194912310021', // sum 209 → 0 → '1'
    '830105194912310029', // sum 234 → 3 → '9'
  ])('accepts the region of %s', (id) => {
    expect(validateIdNumber(id, TODAY).ok).toBe(true);
  });

  it.each([
    '',
    '11010519491231002', // 17 characters
    '11010519491231002X1', // 19 characters
    '110105491231002', // the old 15-digit form
    '1101051949123100X2', // X before the end
    '11010519491231002Y',
    '11010519491231 002X',
  ])('refuses %j as format', (id) => {
    expect(validateIdNumber(id, TODAY)).toEqual({ ok: false, reason: 'format' });
  });

  it.each([
    '110105194912310020', // right check character is X
    '11010519491231002X'.replace('1949', '1948'), // one digit mistyped
    '440524188001010015', // right check character is 4
  ])('refuses %s as checksum', (id) => {
    expect(validateIdNumber(id, TODAY)).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each([
    ['110105194902300020', 'Feb 30'], // sum 155 → 1 → '0'
    ['110105202302290022', 'Feb 29 of a common year'], // sum 153 → 10 → '2'
    ['110105190002290025', 'Feb 29 of 1900, not a leap year'], // sum 139 → 7 → '5'
    ['11010519490431002X', 'Apr 31'], // sum 178 → 2 → 'X'
    ['110105194913310021', 'month 13'], // sum 176 → 0 → '1'
    ['110105194912000021', 'day 0'], // sum 132 → 0 → '1'
    ['110105202605150027', 'the day after today'], // sum 159 → 5 → '7'
    ['110105189912310023', 'the day before 1900-01-01'], // sum 196 → 9 → '3'
    ['440524188001010014', 'a classic example born 1880'],
  ])('refuses %s (%s) as birthDate', (id) => {
    expect(validateIdNumber(id, TODAY)).toEqual({ ok: false, reason: 'birthDate' });
  });

  it.each([
    '990105194912310023', // sum 295 → 9 → '3'
    '160105194912310029', // sum 212 → 3 → '9'
  ])('refuses %s as region', (id) => {
    expect(validateIdNumber(id, TODAY)).toEqual({ ok: false, reason: 'region' });
  });

  it('takes the bound on the birth date from today, not from the clock', () => {
    expect(validateIdNumber('110105202605150027', '2026-05-15').ok).toBe(true);
  });
});

describe('maskIdNumber', () => {
  it('keeps the first and last characters and the length', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1****************X');
    expect(maskIdNumber(' 11010519491231002x ')).toBe('1****************X');
    expect(maskIdNumber('11010519491231002X')).toHaveLength(18);
  });

  it('hides short inputs entirely', () => {
    expect(maskIdNumber('12')).toBe('**');
    expect(maskIdNumber('')).toBe('');
  });
});

describe('maskRealName', () => {
  it.each([
    ['李明', '*明'],
    ['欧阳明', '欧*明'],
    ['欧阳小明', '欧**明'],
    ['阿卜杜·热合曼', '阿*****曼'],
    [' 李明 ', '*明'],
    ['李', '*'],
    ['', ''],
  ])('masks %j as %j', (name, masked) => {
    expect(maskRealName(name)).toBe(masked);
  });

  it('counts a character outside the basic plane as one', () => {
    expect(maskRealName('𠀀明')).toBe('*明');
  });
});

describe('isValidRealName', () => {
  it.each(['李明', '欧阳小明', '阿卜杜·热合曼', '米尔扎·阿卜杜·热合曼', ' 李明 ', 'John Smith', 'ANNA', '𠀀明'])(
    'accepts %j',
    (name) => {
      expect(isValidRealName(name)).toBe(true);
    },
  );

  it.each([
    '', // empty
    '李', // one character
    '  李  ', // one character after trimming
    '李'.repeat(31), // too long
    '·李明', // dot at the start
    '李明·', // dot at the end
    '阿卜杜··热合曼', // two dots
    '李明2',
    '李 明',
    '李明John', // mixed scripts
    'John  Smith', // double space
    'Jean-Luc',
    'Zoë',
    'キム', // not Han
  ])('refuses %j', (name) => {
    expect(isValidRealName(name)).toBe(false);
  });

  it('accepts 30 characters', () => {
    expect(isValidRealName('李'.repeat(30))).toBe(true);
  });
});
