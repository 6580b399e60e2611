import { describe, expect, it } from 'vitest';
import { priceTone, priceToneClass } from './priceTone';

describe('priceTone', () => {
  it('is up (red) for a rise and down (green) for a fall, whatever the unit', () => {
    expect(priceTone(104)).toBe('up');
    expect(priceTone(0.01)).toBe('up');
    expect(priceTone(-4)).toBe('down');
    expect(priceTone(-12_000)).toBe('down');
  });

  it('is neutral for a price that did not move or has no change to compare with', () => {
    expect(priceTone(0)).toBe('neutral');
    expect(priceTone(-0)).toBe('neutral');
    expect(priceTone(null)).toBe('neutral');
    expect(priceTone(undefined)).toBe('neutral');
    expect(priceTone(Number.NaN)).toBe('neutral');
  });

  it('names the one class per tone that global.css colours', () => {
    expect(priceToneClass('up')).toBe('mm-tone-up');
    expect(priceToneClass('down')).toBe('mm-tone-down');
    expect(priceToneClass('neutral')).toBe('mm-tone-neutral');
  });
});
