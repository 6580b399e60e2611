import { epochSecondsOf, shanghaiDate } from '@metal/shared';

/** The time source services use, so tests can move time instead of waiting. */
export interface Clock {
  now(): Date;
  /** The calendar day in Shanghai (YYYY-MM-DD) at `now()`: the day every daily rule of SPEC counts in. */
  today(): string;
}

/** A clock reading `now`; every clock is made here so that `today()` is worked out one way. */
export function clockOf(now: () => Date): Clock {
  return { now, today: () => shanghaiDate(epochSecondsOf(now())) };
}

export const systemClock: Clock = clockOf(() => new Date());

/** A clock that starts at `start` and runs at real speed from the moment it is made. */
export function runningClockFrom(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real.now().getTime();
  return clockOf(() => new Date(real.now().getTime() + offset));
}

/** A clock a test sets and advances. */
export function manualClock(start: Date = new Date()) {
  let current = start.getTime();
  return {
    ...clockOf(() => new Date(current)),
    advance(seconds: number) {
      current += seconds * 1000;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
