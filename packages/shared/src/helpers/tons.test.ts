import { describe, expect, it } from 'vitest';
import { formatTons, tonsTextToKg } from './tons';

describe('formatTons', () => {
  it('writes integer kilograms as tons with at most three decimals and no trailing zeros', () => {
    expect(formatTons(30_000)).toBe('30');
    expect(formatTons(12_500)).toBe('12.5');
    expect(formatTons(1_010)).toBe('1.01');
    expect(formatTons(25)).toBe('0.025');
  });
});

describe('tonsTextToKg', () => {
  it.each([
    ['12', 12_000],
    ['12.5', 12_500],
    ['0.001', 1],
    [' 3000 ', 3_000_000],
    ['1000000', 1_000_000_000],
    ['0', 0],
    ['0.1', 100],
    ['9999999.999', 9_999_999_999],
    ['12345678', 12_345_678_000],
  ])('reads %s tons as %i kg, digit by digit', (text, kg) => {
    expect(tonsTextToKg(text)).toBe(kg);
  });

  it.each(['', '1.2345', '12.', '.5', '-1', '1e3', '1,000', '十', '12 t', '1234567890123'])('refuses %j', (text) => {
    expect(tonsTextToKg(text)).toBeNull();
  });
});

describe('formatTons', () => {
  it.each([
    [12_000, '12'],
    [12_500, '12.5'],
    [1, '0.001'],
    [20_050, '20.05'],
    [1_000_000_000, '1000000'],
  ])('shows %i kg as %s tons', (kg, tons) => {
    expect(formatTons(kg)).toBe(tons);
    expect(tonsTextToKg(tons)).toBe(kg);
  });
});
