import { describe, expect, it } from 'vitest';
import { fenToYuanText, yuanTextToFen } from './money';

describe('yuan as typed', () => {
  it.each([
    ['4999', 499_900],
    ['0.29', 29],
    ['1000.5', 100_050],
    [' 12.34 ', 1_234],
    ['0', 0],
  ])('%s is %i fen, without float rounding', (text, fen) => {
    expect(yuanTextToFen(text)).toBe(fen);
  });

  it.each(['', '12.345', '-1', '1e3', '１２', '12.', '.5', 'abc'])('%s is not an amount', (text) => {
    expect(yuanTextToFen(text)).toBeNull();
  });

  it('reads back as typed', () => {
    expect(fenToYuanText(100_050)).toBe('1000.50');
    expect(fenToYuanText(499_900)).toBe('4999');
  });
});
