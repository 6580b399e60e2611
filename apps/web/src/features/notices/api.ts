import { Calls, CodeFlag, type NoticeCategory, PAGE_SIZE_DEFAULT, type TNoticePage } from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';

export const noticeKeys = {
  all: ['notices'] as const,
  counts: (userId: number) => [...noticeKeys.all, 'counts', userId] as const,
  list: (userId: number, category: NoticeCategory) => [...noticeKeys.all, 'list', userId, category] as const,
  detail: (userId: number, id: number) => [...noticeKeys.all, 'detail', userId, id] as const,
};

/**
 * SPEC §2's notice pages. Here rather than in lib/navigation's Paths, which the start-up bundle carries;
 * the router reaches them through one `pages/message/:page` entry.
 */
export const NoticePaths = {
  trade: '/pages/message/trade_notice',
  activity: '/pages/message/activity_notice',
  function: '/pages/message/function_notice',
  detail: '/pages/message/notice_detail',
} as const;

/** SPEC §2's list page of each category. */
export const NOTICE_LIST_PATH: Record<NoticeCategory, string> = {
  trade: NoticePaths.trade,
  activity: NoticePaths.activity,
  function: NoticePaths.function,
};

export const noticeDetailPath = (id: number) => `${NoticePaths.detail}?id=${id}`;

/** Besides the live notice frames, counts are refreshed this often (a notice read on another device, …). */
const COUNTS_REFRESH_MS = 60_000;

/** `notice/unread_counts` for the logged-in user; a visitor has none and asks nothing. */
export function useNoticeUnreadCounts() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: noticeKeys.counts(user?.userId ?? 0),
    // A passive count: an expired session is forgotten without taking the user to login.
    queryFn: ({ signal }) => callApi(Calls.noticeUnreadCounts, {}, { needLogin: false, signal }),
    enabled: loggedIn,
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

/** Counts and lists change when a notice arrives (a notice frame) or after reconnecting (frames may have been missed). */
export function useNoticesFollowChat(): void {
  const { loggedIn } = useSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let gone = false;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
    import('../../lib/chat/connection')
      .then(({ getChatConnection }) => {
        if (gone) return;
        const chat = getChatConnection();
        const stopNotices = chat.onNotice(refresh);
        const stopState = chat.onStateChange((state) => {
          if (state === 'connected') refresh();
        });
        stop = () => {
          stopNotices();
          stopState();
        };
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [loggedIn, queryClient]);
}

/** `notice/list` of one category, newest first, page by page. */
export function useNoticeList(category: NoticeCategory) {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useInfiniteQuery({
    queryKey: noticeKeys.list(userId, category),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.noticeList, { category, page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TNoticePage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: userId > 0,
  });
}

/** `notice/detail`, which marks the notice read: the lists' dots and the counts follow. */
export function useNoticeDetail(id: number) {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: noticeKeys.detail(userId, id),
    queryFn: ({ signal }) =>
      callApi(Calls.noticeDetail, { id }, { signal, quietCodeFlags: [CodeFlag.forbidden, CodeFlag.notFound] }),
    enabled: userId > 0 && id > 0,
  });
  const readNow = detail.data?.id;
  useEffect(() => {
    if (readNow === undefined) return;
    void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'counts'] });
    void queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] });
  }, [readNow, queryClient]);
  return detail;
}

/** `notice/read_all` for one category. */
export function useReadAllNotices(category: NoticeCategory) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(Calls.noticeReadAll, { category }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'counts'] }),
        queryClient.invalidateQueries({ queryKey: [...noticeKeys.all, 'list'] }),
      ]),
  });
}

/** The pull-to-refresh of the messages tab also brings the notice entries up to date. */
export function useRefreshNotices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}
