import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long a request has waited, in the largest whole unit (at least a minute). */
export function waitedFor(createdAt: string, now: number, t: TFunction<'reviews'>): string {
  const elapsed = Math.max(0, now - Date.parse(createdAt));
  if (elapsed < HOUR) return t('waited.minutes', { count: Math.max(1, Math.floor(elapsed / MINUTE)) });
  if (elapsed < DAY) return t('waited.hours', { count: Math.floor(elapsed / HOUR) });
  return t('waited.days', { count: Math.floor(elapsed / DAY) });
}
