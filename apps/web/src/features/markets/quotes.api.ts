import type { CallPath, Calls, ChartPeriod, Language } from '@metal/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { saveLastQuotes } from './lastQuotes';

/**
 * The home screen's quotes, apart from the rest of the feature's calls (api.ts): the home card and
 * the start-up prefetch call `market/quotes` by its path (CallPath), so the home route downloads
 * neither the call contracts nor zod.
 */
export const quotesCall: CallPath<typeof Calls.quotes> = { path: 'market/quotes' };

/**
 * The server answers names, markets and units in the caller's language, and groups per user, so
 * both are part of every key: a language change or a login shows the right answer, not a cached one.
 */
export const marketKeys = {
  all: ['markets'] as const,
  groups: (userId: number, lang: Language) => [...marketKeys.all, 'groups', userId, lang] as const,
  sorts: (lang: Language) => [...marketKeys.all, 'sorts', lang] as const,
  quotes: (userId: number, lang: Language, groupId: number) =>
    [...marketKeys.all, 'quotes', userId, lang, groupId] as const,
  detail: (aliasId: number, period: ChartPeriod, lang: Language) =>
    [...marketKeys.all, 'detail', aliasId, period, lang] as const,
};

/** Quotes move once a trading day; a minute keeps tab switches from asking again. */
export const QUOTES_STALE_MS = 60_000;

/**
 * `market/quotes` of a group (id 0: the caller's first, 'my quotes') as a query, for the hook and the
 * prefetch alike. Each answer is kept as the last one seen, for a launch without a network.
 */
export function quotesQuery(userId: number, lang: Language, groupId: number) {
  return {
    queryKey: marketKeys.quotes(userId, lang, groupId),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      // Browsing quotes never needs a login: an expired session is forgotten and the visitor's quotes shown.
      const rows = await callApi(quotesCall, { groupId }, { needLogin: false, signal });
      saveLastQuotes(userId, lang, groupId, rows);
      return rows;
    },
    staleTime: QUOTES_STALE_MS,
  };
}

export function useKeyParts() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { userId: user?.userId ?? 0, lang };
}

/** `market/quotes`: the latest row of every series of the group (id 0: the caller's first, 'my quotes'). */
export function useQuotes(groupId: number | undefined) {
  const { userId, lang } = useKeyParts();
  return useQuery({ ...quotesQuery(userId, lang, groupId ?? 0), enabled: groupId !== undefined });
}
