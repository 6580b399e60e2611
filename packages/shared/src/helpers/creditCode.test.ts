import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isCreditCode } from './creditCode';

/** Codes the companies publish on their invoices and licences (national enterprise credit publicity system). */
const PUBLISHED = {
  阿里巴巴中国有限公司: '91330100799655058B',
  深圳市腾讯计算机系统有限公司: '91440300708461136T',
  华为技术有限公司: '914403001922038216',
  小米科技有限责任公司: '91110108551385082Q',
  北京百度网讯科技有限公司: '91110000802100433B',
};

describe('isCreditCode', () => {
  it('accepts published codes, with a letter or a digit as check character', () => {
    for (const code of Object.values(PUBLISHED)) expect(isCreditCode(code), code).toBe(true);
  });

  it('computes their check characters from the first 17', () => {
    for (const code of Object.values(PUBLISHED)) expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
  });

  it('refuses a code with any one character changed', () => {
    const code = PUBLISHED.华为技术有限公司;
    for (let i = 0; i < 18; i++) {
      const changed = `${code.slice(0, i)}${code[i] === '1' ? '2' : '1'}${code.slice(i + 1)}`;
      expect(isCreditCode(changed), changed).toBe(false);
    }
  });

  it('refuses wrong lengths, lower case, excluded letters and a non-numeric region code', () => {
    expect(isCreditCode('91330100799655058')).toBe(false);
    expect(isCreditCode('91330100799655058BX')).toBe(false);
    expect(isCreditCode('91330100799655058b')).toBe(false);
    expect(isCreditCode('9133010079965505IB')).toBe(false);
    expect(isCreditCode('91A30100799655058B')).toBe(false);
    expect(isCreditCode('')).toBe(false);
  });
});
