import { describe, expect, it } from 'vitest';
import { tonsText } from './format';

describe('tonsText', () => {
  it('shows kilograms as tons without trailing zeros', () => {
    expect(tonsText(30_000)).toBe('30');
    expect(tonsText(12_500)).toBe('12.5');
    expect(tonsText(25)).toBe('0.025');
    expect(tonsText(1_010)).toBe('1.01');
  });
});
