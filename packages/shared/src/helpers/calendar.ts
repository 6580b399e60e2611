/**
 * The trading calendar (Asia/Shanghai). A trading day is a weekday that is not a statutory holiday;
 * weekend make-up workdays are not trading days (the exchanges stay closed), so they need no entry.
 * Operators may override any day; the server keeps those overrides and builds a calendar from them.
 */

/** Statutory holidays as published by the State Council, inclusive ranges of YYYY-MM-DD. */
export const STATUTORY_HOLIDAYS: readonly (readonly [string, string])[] = [
  ['2024-01-01', '2024-01-01'],
  ['2024-02-10', '2024-02-17'],
  ['2024-04-04', '2024-04-06'],
  ['2024-05-01', '2024-05-05'],
  ['2024-06-10', '2024-06-10'],
  ['2024-09-15', '2024-09-17'],
  ['2024-10-01', '2024-10-07'],
  ['2025-01-01', '2025-01-01'],
  ['2025-01-28', '2025-02-04'],
  ['2025-04-04', '2025-04-06'],
  ['2025-05-01', '2025-05-05'],
  ['2025-05-31', '2025-06-02'],
  ['2025-10-01', '2025-10-08'],
  ['2026-01-01', '2026-01-03'],
  ['2026-02-15', '2026-02-23'],
  ['2026-04-04', '2026-04-06'],
  ['2026-05-01', '2026-05-05'],
  ['2026-06-19', '2026-06-21'],
  ['2026-09-25', '2026-09-27'],
  ['2026-10-01', '2026-10-07'],
];

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600 * 1000;

export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The date `days` calendar days after `date` (negative for before). */
export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

const holidaySet = (() => {
  const days = new Set<string>();
  for (const [from, to] of STATUTORY_HOLIDAYS) {
    for (let day = from; day <= to; day = addDays(day, 1)) days.add(day);
  }
  return days;
})();

/** Day of the week of a calendar date: 0 Sunday … 6 Saturday. */
export const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

export interface TradingCalendar {
  isTradingDay(date: string): boolean;
  /** The last trading day strictly before `date`. */
  previousTradingDay(date: string): string;
  /** The first trading day strictly after `date`. */
  nextTradingDay(date: string): string;
}

/** No stretch without trading is this long; a calendar that claims one is broken, not quiet. */
const SEARCH_LIMIT_DAYS = 60;

/** A calendar from the built-in rule and operators' overrides (date → trading or not). */
export function buildTradingCalendar(overrides: ReadonlyMap<string, boolean> = new Map()): TradingCalendar {
  const isTradingDay = (date: string) => {
    const override = overrides.get(date);
    if (override !== undefined) return override;
    const day = weekday(date);
    return day !== 0 && day !== 6 && !holidaySet.has(date);
  };
  const step = (date: string, direction: 1 | -1) => {
    let day = date;
    for (let i = 0; i < SEARCH_LIMIT_DAYS; i++) {
      day = addDays(day, direction);
      if (isTradingDay(day)) return day;
    }
    throw new Error(`no trading day within ${SEARCH_LIMIT_DAYS} days of ${date}`);
  };
  return {
    isTradingDay,
    previousTradingDay: (date) => step(date, -1),
    nextTradingDay: (date) => step(date, 1),
  };
}
