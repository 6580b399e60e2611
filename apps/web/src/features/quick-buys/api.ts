import {
  Calls,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TQuickBuyAddRequest,
  type TQuickBuyMatchPage,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './locale';

/** Answers are the caller's own, with category names in their language. */
export const quickBuyKeys = {
  all: ['quick-buys'] as const,
  subscriptions: (userId: number, lang: Language) => [...quickBuyKeys.all, 'subscriptions', userId, lang] as const,
  matches: (userId: number, lang: Language) => [...quickBuyKeys.all, 'matches', userId, lang] as const,
  unread: (userId: number) => [...quickBuyKeys.all, 'unread', userId] as const,
};

function useViewer() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, loggedIn, lang };
}

/** `quick_buy/list` (quick_buy_set): the caller's subscriptions. */
export function useQuickBuySubscriptions() {
  const { viewerId, loggedIn, lang } = useViewer();
  return useQuery({
    queryKey: quickBuyKeys.subscriptions(viewerId, lang),
    queryFn: ({ signal }) => callApi(Calls.quickBuyList, {}, { signal }),
    enabled: loggedIn,
  });
}

const nextPage = (last: TQuickBuyMatchPage) => (last.hasMore ? last.page + 1 : undefined);

/** `quick_buy/matches` page by page: the quick-buy tab's feed. */
export function useQuickBuyMatches() {
  const { viewerId, loggedIn, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: quickBuyKeys.matches(viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.quickBuyMatches, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
  });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: quickBuyKeys.all });
}

/** `quick_buy/add` (quick_buy_set_add). */
export function useAddQuickBuy() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: TQuickBuyAddRequest) => callApi(Calls.quickBuyAdd, input, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `quick_buy/delete`: ends a subscription and its matches. */
export function useDeleteQuickBuy() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.quickBuyDelete, { id }, { showLoading: true }),
    onSuccess: changed,
  });
}

/**
 * `quick_buy/read`: the matches the feed has shown are seen. The feed keeps its "new" marks until it is
 * next loaded, so a user sees which cards came since their last visit.
 */
export function useMarkQuickBuysRead() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(Calls.quickBuyRead, { ids }),
    onSuccess: (result) => queryClient.setQueryData(quickBuyKeys.unread(viewerId), result.unread),
  });
}

/**
 * How many matches the caller has not seen, for the shell's quick-buy tab: asked once the tab bar
 * shows, again whenever a notice arrives (a new match comes with one) and when the chat reconnects.
 */
export function useQuickBuyUnread() {
  const { viewerId, loggedIn } = useViewer();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let gone = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: quickBuyKeys.unread(viewerId) });
    import('../../lib/chat/connection')
      .then(({ getChatConnection }) => {
        if (gone) return;
        stop = getChatConnection().onNotice(refresh);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [loggedIn, viewerId, queryClient]);
  return useQuery({
    queryKey: quickBuyKeys.unread(viewerId),
    queryFn: async ({ signal }) => (await callApi(Calls.quickBuyMatches, { page: 1, pageSize: 1 }, { signal })).unread,
    enabled: loggedIn,
  });
}
