import { redirect } from 'react-router';
import { Paths } from '../../lib/navigation';
import { StorageKeys, storage } from '../../lib/storage';
import { hasAgreedPrivacy } from './privacy';

/** The phone's calendar day, e.g. '2026-11-26': the start ad shows on the first launch of each. */
function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Whether this launch shows the start ad: on the very first launch (the privacy consent follows it)
 * and on the first launch of each day. A returning user's other launches that day open straight on
 * the shell, so the ad never stands between them and the quotes.
 */
export function startAdDue(now = new Date()): boolean {
  return !hasAgreedPrivacy() || storage.get(StorageKeys.startAdShownOn) !== localDay(now);
}

export function markStartAdShown(now = new Date()): void {
  storage.set(StorageKeys.startAdShownOn, localDay(now));
}

/**
 * The entry route '/' (SPEC §2: the start ad): the ad's page when it is due, else a redirect to the
 * shell, decided before the ad's chunk is fetched.
 */
export async function launchRoute() {
  if (startAdDue()) return { Component: (await import('./pages/StartAdPage')).default };
  return { loader: () => redirect(Paths.root) };
}
