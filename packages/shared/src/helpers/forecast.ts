import { addDays, type TradingCalendar } from './calendar';
import { shanghaiDate } from './time';

/**
 * The forecast game's rules (issue 3; shown on hot_page/home_page_rule and enforced by the server).
 * A round targets trading day D for one sort: will D's price be up, down or flat against the previous
 * trading day's? It opens at 21:00 on the trading day before D, closes at 09:00 on D, is settled at
 * 15:30 on D (4 points per correct vote), and its statistics open to everyone at 16:00 on D.
 */
export const FORECAST_OPEN_TIME = '21:00';
export const FORECAST_CLOSE_TIME = '09:00';
export const FORECAST_SETTLE_TIME = '15:30';
export const FORECAST_STATS_TIME = '16:00';
export const FORECAST_POINTS_PER_HIT = 4;
/** SPEC §9: the top 20 of the month enter the MRT. */
export const FORECAST_MRT_SIZE = 20;
/** SPEC §9: a majority over 80% is flagged. */
export const FORECAST_MAJORITY_SHARE = 0.8;

export const FORECAST_CHOICES = ['up', 'down', 'flat'] as const;
export type ForecastChoice = (typeof FORECAST_CHOICES)[number];

/** A Shanghai wall-clock time on a calendar date as an instant (China keeps UTC+8 all year). */
export const shanghaiInstant = (date: string, time: string) => new Date(`${date}T${time}:00+08:00`);

export interface ForecastWindow {
  target: string;
  opensAt: Date;
  closesAt: Date;
  settlesAt: Date;
  statsOpenAt: Date;
}

export function forecastWindow(target: string, calendar: TradingCalendar): ForecastWindow {
  return {
    target,
    opensAt: shanghaiInstant(calendar.previousTradingDay(target), FORECAST_OPEN_TIME),
    closesAt: shanghaiInstant(target, FORECAST_CLOSE_TIME),
    settlesAt: shanghaiInstant(target, FORECAST_SETTLE_TIME),
    statsOpenAt: shanghaiInstant(target, FORECAST_STATS_TIME),
  };
}

/** The trading day whose round takes votes at `now`, or null between 09:00 and 21:00 and on closed evenings. */
export function openForecastTarget(now: Date, calendar: TradingCalendar): string | null {
  const today = shanghaiDate(Math.floor(now.getTime() / 1000));
  const candidates = [today, calendar.nextTradingDay(addDays(today, -1)), calendar.nextTradingDay(today)];
  for (const target of new Set(candidates)) {
    if (!calendar.isTradingDay(target)) continue;
    const window = forecastWindow(target, calendar);
    if (now >= window.opensAt && now < window.closesAt) return target;
  }
  return null;
}

/** What happened on D: the change against the previous trading day's price, as a choice. */
export function forecastOutcome(changeCents: number): ForecastChoice {
  return changeCents > 0 ? 'up' : changeCents < 0 ? 'down' : 'flat';
}

export interface ForecastStanding {
  userId: number;
  score: number;
  hits: number;
  settled: number;
  /** When the player's earliest counted vote was cast: the earlier, the higher on a tie. */
  firstVoteAt: Date;
}

export const forecastAccuracy = (s: Pick<ForecastStanding, 'hits' | 'settled'>) =>
  s.settled === 0 ? 0 : s.hits / s.settled;

/** Ranking: score, then accuracy, then the earlier vote. */
export function compareStandings(a: ForecastStanding, b: ForecastStanding): number {
  return (
    b.score - a.score ||
    forecastAccuracy(b) - forecastAccuracy(a) ||
    a.firstVoteAt.getTime() - b.firstVoteAt.getTime() ||
    a.userId - b.userId
  );
}

/** Shares of each choice in a round and whether one choice holds a majority over 80%. */
export function forecastStatistics(counts: Record<ForecastChoice, number>) {
  const total = counts.up + counts.down + counts.flat;
  const share = (n: number) => (total === 0 ? 0 : n / total);
  const shares = { up: share(counts.up), down: share(counts.down), flat: share(counts.flat) };
  const majority = FORECAST_CHOICES.find((c) => shares[c] > FORECAST_MAJORITY_SHARE) ?? null;
  return { total, shares, majority };
}
