import { Calls, type ChartPeriod, CodeFlag, type TMarketGroup } from '@metal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { marketKeys, QUOTES_STALE_MS, useKeyParts } from './quotes.api';

export { marketKeys, useQuotes } from './quotes.api';

/** `market/groups`: the caller's quote groups (a visitor's: the default 'my quotes', id 0). */
export function useMarketGroups() {
  const { userId, lang } = useKeyParts();
  return useQuery({
    queryKey: marketKeys.groups(userId, lang),
    // Browsing quotes never needs a login: an expired session is forgotten and the visitor's groups shown.
    queryFn: ({ signal }) => callApi(Calls.marketGroups, {}, { needLogin: false, signal }),
  });
}

/** `market/sorts`: every sort with its series, for the pickers ('all categories'). */
export function useMarketSorts() {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: marketKeys.sorts(lang),
    queryFn: ({ signal }) => callApi(Calls.marketSorts, {}, { needLogin: false, signal }),
    staleTime: 10 * 60_000,
  });
}

/**
 * The sorts a listing, inquiry or capacity may name as its category: physical products only. Futures
 * series (沪铝, LME铝) are quoted but never bought or stocked, so they stay in the quotes.
 */
export function useProductSorts() {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: marketKeys.sorts(lang),
    queryFn: ({ signal }) => callApi(Calls.marketSorts, {}, { needLogin: false, signal }),
    staleTime: 10 * 60_000,
    select: (sorts) => sorts.filter((sort) => sort.physical),
  });
}

/** `market/detail`: one series' latest row, chart points of the period and its rows; the last period stays on screen while the next loads. */
export function useMarketDetail(aliasId: number, period: ChartPeriod) {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: marketKeys.detail(aliasId, period, lang),
    // A series that is not there is the page's not-found screen, not a toast as well.
    queryFn: ({ signal }) =>
      callApi(
        Calls.marketDetail,
        { aliasId, period },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] },
      ),
    enabled: aliasId > 0,
    staleTime: QUOTES_STALE_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * `market/board`: every market's latest rows for the quotes board. The same for every caller, so its
 * key holds only the language; under `marketKeys.all`, so a group edit's invalidation reaches it too.
 */
export function useMarketBoard() {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: [...marketKeys.all, 'board', lang] as const,
    queryFn: ({ signal }) => callApi(Calls.marketBoard, {}, { needLogin: false, signal }),
    staleTime: QUOTES_STALE_MS,
  });
}

/** After any group edit the groups and their quotes are asked again. */
function useGroupsChanged() {
  const queryClient = useQueryClient();
  const { userId, lang } = useKeyParts();
  return {
    /** A call that answers the whole list (group_order) puts it in place at once. */
    setGroups: (groups: TMarketGroup[]) => queryClient.setQueryData(marketKeys.groups(userId, lang), groups),
    invalidate: () => queryClient.invalidateQueries({ queryKey: marketKeys.all }),
  };
}

export function useCreateGroup() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (input: { name: string; sortIds: number[] }) =>
      callApi(Calls.groupCreate, input, { showLoading: true }),
    onSuccess: changed.invalidate,
  });
}

/** `market/group_update`: a new name and/or the whole ordered sort list; id 0 saves the default 'my quotes' as the user's own. */
export function useUpdateGroup() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (input: { id: number; name?: string; sortIds?: number[] }) =>
      callApi(Calls.groupUpdate, input, { showLoading: true }),
    onSuccess: changed.invalidate,
  });
}

export function useDeleteGroup() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.groupDelete, { id }, { showLoading: true }),
    onSuccess: changed.invalidate,
  });
}

/** `market/group_order`: all the user's group ids in the wanted order. */
export function useOrderGroups() {
  const changed = useGroupsChanged();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(Calls.groupOrder, { ids }),
    onSuccess: (groups) => {
      changed.setGroups(groups);
      void changed.invalidate();
    },
  });
}
