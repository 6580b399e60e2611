import { QUIET_HOURS } from '../constants';

const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
/** Asia/Shanghai has kept UTC+8 without daylight saving since 1991, so a fixed offset reads its wall clock. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

const minutesOf = (hhmm: string) => {
  const [hours, minutes] = hhmm.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

/**
 * When the quiet time `at` falls in ends (SPEC §9: 12:30-13:30 and 22:00-07:00 Asia/Shanghai,
 * start included, end excluded), or undefined outside quiet times.
 */
export function quietTimeEnd(at: Date): Date | undefined {
  const local = at.getTime() + SHANGHAI_OFFSET_MS;
  const dayStart = Math.floor(local / (DAY_MINUTES * MINUTE_MS)) * DAY_MINUTES * MINUTE_MS;
  const minute = (local - dayStart) / MINUTE_MS;
  for (const quiet of QUIET_HOURS) {
    const from = minutesOf(quiet.from);
    const to = minutesOf(quiet.to);
    let endMinute: number | undefined;
    if (from < to) endMinute = minute >= from && minute < to ? to : undefined;
    else if (minute >= from) endMinute = to + DAY_MINUTES;
    else if (minute < to) endMinute = to;
    if (endMinute !== undefined) return new Date(dayStart + endMinute * MINUTE_MS - SHANGHAI_OFFSET_MS);
  }
  return undefined;
}
