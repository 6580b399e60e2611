import { Calls, CodeFlag, type Language, PAGE_SIZE_DEFAULT, type TFollowedPage } from '@metal/shared';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** Answers differ by caller (phones masked for visitors, 'followed') and by language (product names). */
export const shopKeys = {
  all: ['shops'] as const,
  detail: (rootId: number, userId: number, lang: Language) =>
    [...shopKeys.all, 'detail', rootId, userId, lang] as const,
  card: (userId: number, viewerId: number, lang: Language) =>
    [...shopKeys.all, 'card', userId, viewerId, lang] as const,
  followed: (userId: number, lang: Language) => [...shopKeys.all, 'followed', userId, lang] as const,
  openState: (userId: number) => [...shopKeys.all, 'open', userId] as const,
};

function useViewer() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, lang };
}

export interface Point {
  lng: number;
  lat: number;
}

/** `shop/detail`: a company's shop page; with the viewer's point the answer carries the distance. */
export function useShopDetail(rootId: number, point: Point | null) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: [...shopKeys.detail(rootId, viewerId, lang), point?.lng ?? null, point?.lat ?? null],
    queryFn: ({ signal }) =>
      callApi(
        Calls.shopDetail,
        { id: rootId, ...(point ?? {}) },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] },
      ),
    enabled: rootId > 0,
  });
}

/**
 * `user/card`: a user's public card (user_info_page, add_friend, chat_page's peer, the message banner's
 * sender), the one query every page reading a card shares. Whether one is a friend and the products
 * operated differ by viewer and language, so both are in its key.
 */
export const userCardQuery = (userId: number, viewerId: number, lang: Language) =>
  queryOptions({
    queryKey: shopKeys.card(userId, viewerId, lang),
    queryFn: ({ signal }) =>
      callApi(Calls.userCard, { userId }, { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: userId > 0,
    // After a language switch or a login the same person's card stays shown while it is asked again.
    placeholderData: (previous) => (previous?.userId === userId ? previous : undefined),
  });

export function useUserCard(userId: number) {
  const { viewerId, lang } = useViewer();
  return useQuery(userCardQuery(userId, viewerId, lang));
}

/** `attention/follow` or `attention/unfollow`; every shop answer and the followed list are asked again after. */
export function useFollow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rootId, follow }: { rootId: number; follow: boolean }) =>
      callApi(follow ? Calls.follow : Calls.unfollow, { rootId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shopKeys.all }),
  });
}

/** `attention/list` page by page, for infinite scroll. */
export function useFollowedCompanies() {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: shopKeys.followed(viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.followedCompanies, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TFollowedPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: viewerId > 0,
  });
}

/** `shop/open_state`: the conditions of opening a shop and the application's status. */
export function useShopOpenState() {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: shopKeys.openState(viewerId),
    queryFn: ({ signal }) => callApi(Calls.shopOpenState, {}, { signal }),
    enabled: viewerId > 0,
  });
}

export function useApplyShop() {
  const queryClient = useQueryClient();
  const { viewerId } = useViewer();
  return useMutation({
    mutationFn: () => callApi(Calls.shopApply, {}, { showLoading: true }),
    onSuccess: (state) => queryClient.setQueryData(shopKeys.openState(viewerId), state),
  });
}
