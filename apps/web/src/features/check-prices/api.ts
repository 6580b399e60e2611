import {
  Calls,
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TCheckPriceItemInput,
  type TCheckPricePage,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import './locale';

/** Answers differ by caller (`mine` flags) and language (series names). */
export const checkPriceKeys = {
  all: ['check-prices'] as const,
  list: (keyword: string, userId: number, lang: Language) =>
    [...checkPriceKeys.all, 'list', keyword, userId, lang] as const,
  mine: (userId: number, lang: Language) => [...checkPriceKeys.all, 'mine', userId, lang] as const,
  detail: (id: number, userId: number, lang: Language) => [...checkPriceKeys.all, 'detail', id, userId, lang] as const,
  bases: (lang: Language) => [...checkPriceKeys.all, 'bases', lang] as const,
};

function useViewer() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, loggedIn, lang };
}

const nextPage = (last: TCheckPricePage) => (last.hasMore ? last.page + 1 : undefined);

/** `check_price/list` page by page (check_price), optionally by part of a specification. */
export function useCheckPrices(keyword: string) {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: checkPriceKeys.list(keyword, viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.checkPriceList,
        { keyword, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** `check_price/mine` page by page (me_check_price). */
export function useMyCheckPrices() {
  const { viewerId, loggedIn, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: checkPriceKeys.mine(viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.checkPriceMine, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: loggedIn,
  });
}

/** `check_price/detail`: a withdrawn one is shown in the page, not as a toast. */
export function useCheckPriceDetail(id: number) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: checkPriceKeys.detail(id, viewerId, lang),
    queryFn: ({ signal }) =>
      callApi(Calls.checkPriceDetail, { id }, { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: id > 0,
  });
}

/** `check_price/bases`: the yuan series a base price may name, with their latest quotes. */
export function useCheckPriceBases() {
  const { lang } = useViewer();
  return useQuery({
    queryKey: checkPriceKeys.bases(lang),
    queryFn: ({ signal }) => callApi(Calls.checkPriceBases, {}, { needLogin: false, signal }),
  });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: checkPriceKeys.all });
}

/** `check_price/add`: the entries travel as JSON text. */
export function useAddCheckPrice() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (items: TCheckPriceItemInput[]) => callApi(Calls.checkPriceAdd, { items }, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `check_price/delete`: the author withdraws a quote. */
export function useDeleteCheckPrice() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.checkPriceDelete, { id }, { showLoading: true }),
    onSuccess: changed,
  });
}
