import { describe, expect, it } from 'vitest';
import { buildTradingCalendar } from './calendar';
import {
  compareStandings,
  type ForecastStanding,
  forecastOutcome,
  forecastStatistics,
  forecastWindow,
  openForecastTarget,
  shanghaiInstant,
} from './forecast';

const calendar = buildTradingCalendar();
const at = (date: string, time: string) => shanghaiInstant(date, time);

describe('forecast rounds', () => {
  it('open at 21:00 on the trading day before D and close at 09:00 on D', () => {
    // Thursday 2026-11-19 → round for Friday 2026-11-20.
    expect(openForecastTarget(at('2026-11-19', '20:59'), calendar)).toBeNull();
    expect(openForecastTarget(at('2026-11-19', '21:00'), calendar)).toBe('2026-11-20');
    expect(openForecastTarget(at('2026-11-20', '08:59'), calendar)).toBe('2026-11-20');
    expect(openForecastTarget(at('2026-11-20', '09:00'), calendar)).toBeNull();
    expect(openForecastTarget(at('2026-11-20', '15:00'), calendar)).toBeNull();
  });

  it('stay open over weekends and holidays until the next trading morning', () => {
    expect(openForecastTarget(at('2026-11-20', '21:00'), calendar)).toBe('2026-11-23');
    expect(openForecastTarget(at('2026-11-21', '12:00'), calendar)).toBe('2026-11-23');
    expect(openForecastTarget(at('2026-11-23', '08:59'), calendar)).toBe('2026-11-23');
    expect(openForecastTarget(at('2026-09-30', '22:00'), calendar)).toBe('2026-10-08');
    expect(openForecastTarget(at('2026-10-04', '10:00'), calendar)).toBe('2026-10-08');
  });

  it('settle at 15:30 and open statistics at 16:00 on D', () => {
    const window = forecastWindow('2026-11-23', calendar);
    expect(window.opensAt.toISOString()).toBe('2026-11-20T13:00:00.000Z');
    expect(window.closesAt.toISOString()).toBe('2026-11-23T01:00:00.000Z');
    expect(window.settlesAt.toISOString()).toBe('2026-11-23T07:30:00.000Z');
    expect(window.statsOpenAt.toISOString()).toBe('2026-11-23T08:00:00.000Z');
  });
});

describe('forecast scoring', () => {
  it('reads the outcome from the change', () => {
    expect([forecastOutcome(40), forecastOutcome(-1), forecastOutcome(0)]).toEqual(['up', 'down', 'flat']);
  });

  it('ranks by score, then accuracy, then the earlier vote', () => {
    const player = (userId: number, score: number, hits: number, settled: number, first: string): ForecastStanding => ({
      userId,
      score,
      hits,
      settled,
      firstVoteAt: new Date(first),
    });
    const ranked = [
      player(1, 8, 2, 5, '2026-11-01T13:00:00Z'),
      player(2, 12, 3, 4, '2026-11-02T13:00:00Z'),
      player(3, 8, 2, 2, '2026-11-03T13:00:00Z'),
      player(4, 8, 2, 5, '2026-11-01T12:00:00Z'),
    ].sort(compareStandings);
    expect(ranked.map((p) => p.userId)).toEqual([2, 3, 4, 1]);
  });

  it('flags a majority only when one choice holds over 80%', () => {
    expect(forecastStatistics({ up: 8, down: 2, flat: 0 }).majority).toBeNull();
    expect(forecastStatistics({ up: 81, down: 19, flat: 0 }).majority).toBe('up');
    expect(forecastStatistics({ up: 0, down: 0, flat: 0 })).toEqual({
      total: 0,
      shares: { up: 0, down: 0, flat: 0 },
      majority: null,
    });
  });
});
