/** The time source services use, so tests can move time instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that starts at `start` and runs at real speed from the moment it is made. */
export function runningClockFrom(start: Date, real: Clock = systemClock): Clock {
  const offset = start.getTime() - real.now().getTime();
  return { now: () => new Date(real.now().getTime() + offset) };
}

/** A clock a test sets and advances. */
export function manualClock(start: Date = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(seconds: number) {
      current += seconds * 1000;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
