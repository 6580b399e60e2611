import {
  Calls,
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TVisitorDetail,
  type TVisitorPage,
  type VisitorKind,
} from '@metal/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** Visitor analytics are the company's (rootId), and listing names follow the language. */
export const visitorKeys = {
  all: ['visitors'] as const,
  list: (userId: number, lang: Language, kind: VisitorKind, keyword: string) =>
    [...visitorKeys.all, 'list', userId, lang, kind, keyword] as const,
  detail: (userId: number, lang: Language, visitorId: number) =>
    [...visitorKeys.all, 'detail', userId, lang, visitorId] as const,
};

function useViewer() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return { userId: user?.userId ?? 0, loggedIn, lang };
}

/** `visitor/list` page by page (visitor, shopcart, attention and their searches). */
export function useVisitorList(kind: VisitorKind, keyword: string, enabled = true) {
  const { userId, loggedIn, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: visitorKeys.list(userId, lang, kind, keyword),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.visitorList,
        { kind, ...(keyword ? { keyword } : {}), page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TVisitorPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: loggedIn && enabled,
  });
}

/** `visitor/detail`: the visitor and their actions page by page; codeFlag 9 (not certified) is the page's to show. */
export function useVisitorDetail(visitorId: number) {
  const { userId, loggedIn, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: visitorKeys.detail(userId, lang, visitorId),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.visitorDetail,
        { userId: visitorId, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { signal, quietCodeFlags: [CodeFlag.vipRequired, CodeFlag.notFound] },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TVisitorDetail) => (last.actions.hasMore ? last.actions.page + 1 : undefined),
    enabled: loggedIn && visitorId > 0,
  });
}
