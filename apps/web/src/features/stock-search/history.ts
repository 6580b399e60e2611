import { StorageKeys, storage } from '../../lib/storage';

/** How many recent keywords home_search keeps. */
export const SEARCH_HISTORY_MAX = 10;

/** The recent keywords on this device, newest first (kept locally, like footprints before they sync). */
export function readSearchHistory(): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.get(StorageKeys.stockSearchHistory) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a keyword first (once), keeping the newest SEARCH_HISTORY_MAX. */
export function rememberSearch(keyword: string): string[] {
  const next = [keyword, ...readSearchHistory().filter((item) => item !== keyword)].slice(0, SEARCH_HISTORY_MAX);
  storage.set(StorageKeys.stockSearchHistory, JSON.stringify(next));
  return next;
}

export function clearSearchHistory(): void {
  storage.remove(StorageKeys.stockSearchHistory);
}
