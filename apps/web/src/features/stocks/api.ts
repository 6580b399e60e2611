import {
  Calls,
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TStockSaveRequest,
  type TStockSummaryPage,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export interface Point {
  lng: number;
  lat: number;
}

/**
 * Answers differ by caller (a masked phone for visitors, the owner's view of its own listing) and by
 * language (category and series names), so both are part of every key.
 */
export const stockKeys = {
  all: ['stocks'] as const,
  detail: (id: number, viewerId: number, lang: Language) => [...stockKeys.all, 'detail', id, viewerId, lang] as const,
  sameSpec: (id: number, viewerId: number, lang: Language) =>
    [...stockKeys.all, 'sameSpec', id, viewerId, lang] as const,
  company: (rootId: number, lang: Language) => [...stockKeys.all, 'company', rootId, lang] as const,
  priceSeries: (lang: Language) => [...stockKeys.all, 'priceSeries', lang] as const,
};

function useViewer() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, lang };
}

const pointKey = (point: Point | null) => [point?.lng ?? null, point?.lat ?? null] as const;

/**
 * `stock/detail`: a listing; with the viewer's point the answer carries distances. Each call counts a
 * view, so `fetch: false` only reads what an earlier page already asked for.
 */
export function useStockDetail(id: number, point: Point | null, { fetch = true }: { fetch?: boolean } = {}) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: [...stockKeys.detail(id, viewerId, lang), ...pointKey(point)],
    queryFn: ({ signal }) =>
      callApi(
        Calls.stockDetail,
        { id, ...(point ?? {}) },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] },
      ),
    enabled: fetch && id > 0,
    // A view is counted per opening of the page, not per re-render or window focus.
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

const nextPage = (last: TStockSummaryPage) => (last.hasMore ? last.page + 1 : undefined);

/** `stock/same_spec` page by page, for infinite scroll. */
export function useSameSpecStocks(id: number, point: Point | null) {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: [...stockKeys.sameSpec(id, viewerId, lang), ...pointKey(point)],
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.stockSameSpec,
        { id, page: pageParam, pageSize: PAGE_SIZE_DEFAULT, ...(point ?? {}) },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: id > 0,
  });
}

/** `stock/company_list`: a company's listings for sale, newest first, page by page. */
export function useCompanyStocks(rootId: number) {
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: stockKeys.company(rootId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.stockCompanyList,
        { rootId, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: rootId > 0,
  });
}

/** `stock/price_series`: yuan series a price may follow, with their latest quotes (they move once a trading day). */
export function usePriceSeries() {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: stockKeys.priceSeries(lang),
    queryFn: ({ signal }) => callApi(Calls.stockPriceSeries, {}, { needLogin: false, signal }),
    staleTime: 5 * 60_000,
  });
}

/** `stock/save`: posts or changes a listing; every stock answer is asked again after. */
export function useSaveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TStockSaveRequest) => callApi(Calls.stockSave, input, { showLoading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}

/**
 * `stock/refresh`: the seller confirms a listing on sale (or expired after sale) is still there; it is
 * for sale from now and its expiry counts from now. Every stock answer is asked again after.
 */
export function useRefreshStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.stockRefresh, { id }, { showLoading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: stockKeys.all }),
  });
}
