import { Calls, CodeFlag, PAGE_SIZE_DEFAULT, type TStockSaveRequest, type TStockSummaryPage } from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { type Point, pointKey, stockDetailQuery, stockKeys, useViewer } from './detail.api';

export { type Point, stockKeys } from './detail.api';

/**
 * `stock/detail`: a listing; with the viewer's point the answer carries distances. Each call counts a
 * view, so `fetch: false` only reads what an earlier page already asked for.
 */
export function useStockDetail(id: number, point: Point | null, { fetch = true }: { fetch?: boolean } = {}) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    ...stockDetailQuery(id, viewerId, lang, point),
    enabled: fetch && id > 0,
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
