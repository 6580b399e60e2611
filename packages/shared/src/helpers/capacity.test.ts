import { describe, expect, it } from 'vitest';
import { capacityAttributeLabel, capacityAttributePreset, kgToTons, tonsTextToKg } from './capacity';

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

describe('kgToTons', () => {
  it.each([
    [12_000, '12'],
    [12_500, '12.5'],
    [1, '0.001'],
    [20_050, '20.05'],
    [1_000_000_000, '1000000'],
  ])('shows %i kg as %s tons', (kg, tons) => {
    expect(kgToTons(kg)).toBe(tons);
    expect(tonsTextToKg(tons)).toBe(kg);
  });
});

describe('capacity attributes', () => {
  it('knows a preset by its key or either label, whatever the case and spaces', () => {
    expect(capacityAttributePreset('grade')).toBe('grade');
    expect(capacityAttributePreset(' 牌号 ')).toBe('grade');
    expect(capacityAttributePreset('SURFACE')).toBe('surface');
    expect(capacityAttributePreset('Specification')).toBe('spec');
    expect(capacityAttributePreset('直径')).toBeNull();
  });

  it('labels a preset in the reader’s language and leaves the poster’s own names as typed', () => {
    expect(capacityAttributeLabel('temper', 'zh-CN')).toBe('状态');
    expect(capacityAttributeLabel('temper', 'en-US')).toBe('Temper');
    expect(capacityAttributeLabel('直径', 'en-US')).toBe('直径');
  });
});
