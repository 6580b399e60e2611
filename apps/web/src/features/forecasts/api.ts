import { Calls, CodeFlag, type ForecastChoice, type Language } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, isApiError } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './locale';

/** Names come in the caller's language and votes are per user, so both are in every key. */
export const forecastKeys = {
  all: ['forecasts'] as const,
  detail: (sortId: number, userId: number, lang: Language) =>
    [...forecastKeys.all, 'detail', sortId, userId, lang] as const,
  stats: (sortId: number, userId: number) => [...forecastKeys.all, 'stats', sortId, userId] as const,
  user: (userId: number, lang: Language) => [...forecastKeys.all, 'user', userId, lang] as const,
  mrt: () => [...forecastKeys.all, 'mrt'] as const,
};

/** A round opens and closes by the clock; a minute keeps the open/closed state honest without polling hard. */
const ROUND_STALE_MS = 60_000;

function useKeyParts() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { userId: user?.userId ?? 0, lang };
}

/** `forecast/detail`: the sort's latest price, this week's outcomes, the open round and the caller's vote. */
export function useForecastDetail(sortId: number) {
  const { userId, lang } = useKeyParts();
  return useQuery({
    queryKey: forecastKeys.detail(sortId, userId, lang),
    // A sort that is not there is the page's not-found screen, not a toast as well.
    queryFn: ({ signal }) =>
      callApi(Calls.forecastDetail, { id: sortId }, { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: sortId > 0,
    staleTime: ROUND_STALE_MS,
    refetchInterval: ROUND_STALE_MS,
  });
}

/**
 * `forecast/stats`: the open round's majority for Forecast VIPs, the settled round's for all from 16:00.
 * Anyone else gets codeFlag 9, which the page shows as a locked card, not as an error.
 */
export function useForecastStats(sortId: number) {
  const { userId } = useKeyParts();
  return useQuery({
    queryKey: forecastKeys.stats(sortId, userId),
    queryFn: ({ signal }) =>
      callApi(
        Calls.forecastStats,
        { id: sortId },
        { needLogin: false, quietCodeFlags: [CodeFlag.vipRequired], signal },
      ),
    enabled: sortId > 0,
    staleTime: ROUND_STALE_MS,
  });
}

export const isVipRequired = (error: unknown) => isApiError(error) && error.codeFlag === CodeFlag.vipRequired;

/** `forecast/vote`: once per sort and round; the answer is the new detail, put in place at once. */
export function useVote(sortId: number) {
  const queryClient = useQueryClient();
  const { userId, lang } = useKeyParts();
  return useMutation({
    mutationFn: (choice: ForecastChoice) => callApi(Calls.forecastVote, { id: sortId, choice }, { showLoading: true }),
    onSuccess: (detail) => {
      queryClient.setQueryData(forecastKeys.detail(sortId, userId, lang), detail);
      void queryClient.invalidateQueries({ queryKey: forecastKeys.stats(sortId, userId) });
      void queryClient.invalidateQueries({ queryKey: forecastKeys.user(userId, lang) });
    },
    // A closed round or a vote from another device: show what the server holds now.
    onError: () => void queryClient.invalidateQueries({ queryKey: forecastKeys.detail(sortId, userId, lang) }),
  });
}

/** `forecast/user`: the caller's standing this month and recent votes (logged-in users only). */
export function useForecastUser(enabled: boolean) {
  const { userId, lang } = useKeyParts();
  return useQuery({
    queryKey: forecastKeys.user(userId, lang),
    queryFn: ({ signal }) => callApi(Calls.forecastUser, {}, { signal }),
    enabled,
  });
}

/** `forecast/mrt`: the month's top 20. */
export function useMrt() {
  return useQuery({
    queryKey: forecastKeys.mrt(),
    queryFn: ({ signal }) => callApi(Calls.forecastMrt, {}, { needLogin: false, signal }),
    staleTime: ROUND_STALE_MS,
  });
}
