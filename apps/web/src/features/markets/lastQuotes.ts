import type { Language, TMarketPriceRow } from '@metal/shared';
import { isApiError } from '../../lib/api';
import { StorageKeys, storage } from '../../lib/storage';

/**
 * The last `market/quotes` answers this browser saw, kept in localStorage so that a launch without
 * a network (the service worker opens the shell: sw/offline.ts) still shows prices, marked as the
 * last ones seen. One answer per user, language and group, the most recent few only.
 */

/** Enough for the home card and the groups a user flips through; older ones are dropped. */
const KEPT_ANSWERS = 6;

interface SavedQuotes {
  key: string;
  rows: TMarketPriceRow[];
  /** When they were received (ms). */
  savedAt: number;
}

const keyOf = (userId: number, lang: Language, groupId: number) => `${userId}:${lang}:${groupId}`;

function readAll(): SavedQuotes[] {
  try {
    const value = JSON.parse(storage.get(StorageKeys.lastQuotes) ?? '[]') as unknown;
    return Array.isArray(value)
      ? value.filter(
          (item): item is SavedQuotes =>
            typeof item?.key === 'string' && Array.isArray(item.rows) && typeof item.savedAt === 'number',
        )
      : [];
  } catch {
    return [];
  }
}

/** Keeps an answer of `market/quotes` as the last one seen for its user, language and group. */
export function saveLastQuotes(
  userId: number,
  lang: Language,
  groupId: number,
  rows: TMarketPriceRow[],
  now = Date.now(),
) {
  const key = keyOf(userId, lang, groupId);
  const kept = [{ key, rows, savedAt: now }, ...readAll().filter((item) => item.key !== key)];
  storage.set(StorageKeys.lastQuotes, JSON.stringify(kept.slice(0, KEPT_ANSWERS)));
}

/** The last answer seen for this user, language and group, if any. */
export function readLastQuotes(userId: number, lang: Language, groupId: number) {
  const key = keyOf(userId, lang, groupId);
  return readAll().find((item) => item.key === key);
}

/** The state of a quotes query, as react-query reports it. */
interface QuotesQueryState {
  data: TMarketPriceRow[] | undefined;
  isError: boolean;
  error: unknown;
}

/**
 * The last quotes to show instead of an answer that cannot come: when the query failed to reach the
 * server, or while it is still trying and the browser says it has no network (so the card does not
 * wait for the retry to give up). Undefined when there is an answer or nothing was saved.
 */
export function offlineQuotes(
  query: QuotesQueryState,
  userId: number,
  lang: Language,
  groupId: number,
  online = typeof navigator === 'undefined' || navigator.onLine,
) {
  if (query.data) return undefined;
  const unreachable = query.isError ? isApiError(query.error) && query.error.isNetwork : !online;
  return unreachable ? readLastQuotes(userId, lang, groupId) : undefined;
}
