import { describe, expect, it } from 'vitest';
import { addDays, buildTradingCalendar, isCalendarDate } from './calendar';

const calendar = buildTradingCalendar();

describe('trading calendar', () => {
  it('trades on weekdays and not at weekends', () => {
    expect(calendar.isTradingDay('2026-11-20')).toBe(true); // Friday
    expect(calendar.isTradingDay('2026-11-21')).toBe(false); // Saturday
    expect(calendar.isTradingDay('2026-11-22')).toBe(false); // Sunday
    expect(calendar.isTradingDay('2026-11-23')).toBe(true); // Monday
  });

  it("closes on 2026's statutory holidays, first and last day included", () => {
    for (const [from, to] of [
      ['2026-01-01', '2026-01-03'],
      ['2026-02-15', '2026-02-23'],
      ['2026-04-04', '2026-04-06'],
      ['2026-05-01', '2026-05-05'],
      ['2026-06-19', '2026-06-21'],
      ['2026-09-25', '2026-09-27'],
      ['2026-10-01', '2026-10-07'],
    ] as const) {
      for (let day: string = from; day <= to; day = addDays(day, 1))
        expect(calendar.isTradingDay(day), day).toBe(false);
      expect(calendar.isTradingDay(addDays(to, 1)) || [0, 6].includes(new Date(addDays(to, 1)).getUTCDay()), to).toBe(
        true,
      );
    }
    expect(calendar.isTradingDay('2026-02-24')).toBe(true);
    expect(calendar.isTradingDay('2026-10-08')).toBe(true);
  });

  it('stays closed on weekend make-up workdays', () => {
    // 2026-02-14 (Saturday) and 2026-10-10 (Saturday) are make-up workdays, but exchanges do not open.
    expect(calendar.isTradingDay('2026-02-14')).toBe(false);
    expect(calendar.isTradingDay('2026-10-10')).toBe(false);
  });

  it('finds the previous and next trading day across weekends and holidays', () => {
    expect(calendar.previousTradingDay('2026-11-23')).toBe('2026-11-20');
    expect(calendar.nextTradingDay('2026-11-20')).toBe('2026-11-23');
    expect(calendar.previousTradingDay('2026-10-08')).toBe('2026-09-30');
    expect(calendar.nextTradingDay('2026-02-13')).toBe('2026-02-24');
  });

  it('lets overrides open a closed day or close an open one', () => {
    const edited = buildTradingCalendar(
      new Map([
        ['2026-11-21', true],
        ['2026-11-20', false],
      ]),
    );
    expect(edited.isTradingDay('2026-11-21')).toBe(true);
    expect(edited.isTradingDay('2026-11-20')).toBe(false);
    expect(edited.previousTradingDay('2026-11-23')).toBe('2026-11-21');
  });

  it('refuses to search without end in a calendar with no trading', () => {
    const closed = buildTradingCalendar(
      new Map(Array.from({ length: 70 }, (_, i) => [addDays('2026-11-01', i), false])),
    );
    expect(() => closed.nextTradingDay('2026-11-01')).toThrow(/no trading day/);
  });

  it('validates calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-2-1')).toBe(false);
  });
});
