import { describe, expect, it } from 'vitest';
import { formatTons, ZStockSaveRequest } from './schemas';

describe('formatTons', () => {
  it('writes integer kilograms as tons with at most three decimals and no trailing zeros', () => {
    expect(formatTons(30_000)).toBe('30');
    expect(formatTons(12_500)).toBe('12.5');
    expect(formatTons(1_010)).toBe('1.01');
    expect(formatTons(25)).toBe('0.025');
  });
});

describe('stock/save fields', () => {
  it('travel in tons and yuan as typed and reach the server in kilograms and fen', () => {
    const parsed = ZStockSaveRequest.parse({
      sortId: '13',
      quantity: '30.5',
      pieceWeight: '0.025',
      grossWeight: '31',
      priceType: 'market',
      seriesId: '1',
      processingFee: '-150.5',
    });
    expect(parsed).toMatchObject({
      quantityKg: 30_500,
      pieceWeightKg: 25,
      grossWeightKg: 31_000,
      processingFeeFen: -15_050,
      priceFen: undefined,
    });
    expect(parsed).not.toHaveProperty('quantity');
  });
});
