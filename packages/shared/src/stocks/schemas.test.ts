import { describe, expect, it } from 'vitest';
import { ZStockSaveRequest } from './schemas';

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
