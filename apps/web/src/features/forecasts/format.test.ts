import { describe, expect, it } from 'vitest';
import { accuracyPercent, roundTime, sharePercent } from './format';

describe('forecast formatting', () => {
  it('shows round times on the Shanghai clock whatever the device zone', () => {
    expect(roundTime('2026-11-20T13:00:00.000Z')).toBe('11-20 21:00');
    expect(roundTime('2026-11-23T01:00:00.000Z')).toBe('11-23 09:00');
  });

  it('rounds shares to whole percentages and accuracy to one decimal', () => {
    expect(sharePercent(0.8333)).toBe('83%');
    expect(sharePercent(0)).toBe('0%');
    expect(accuracyPercent(2 / 3)).toBe('66.7%');
    expect(accuracyPercent(1)).toBe('100.0%');
  });
});
