import {
  Calls,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TFactoryListPage,
  type TFactoryListRequest,
  type TStockListPage,
  type TStockListRequest,
} from '@metal/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';

/** Everything here is public and the same for every caller; answers differ by language (catalogue names). */
export const stockSearchKeys = {
  all: ['stock-search'] as const,
  list: (filters: StockListFilters, lang: Language) => [...stockSearchKeys.all, 'list', filters, lang] as const,
  factories: (filters: FactoryFilters, lang: Language) => [...stockSearchKeys.all, 'factories', filters, lang] as const,
  fiveDay: (sortId: number | undefined, lang: Language) =>
    [...stockSearchKeys.all, 'five-day', sortId ?? 0, lang] as const,
  fiveDayList: (date: string | undefined, sortId: number | undefined, lang: Language) =>
    [...stockSearchKeys.all, 'five-day-list', date ?? '', sortId ?? 0, lang] as const,
  hot: (lang: Language) => [...stockSearchKeys.all, 'hot', lang] as const,
};

export type StockListFilters = Omit<TStockListRequest, 'page' | 'pageSize'>;
export type FactoryFilters = Omit<TFactoryListRequest, 'page' | 'pageSize'>;

const nextPage = (last: { page: number; hasMore: boolean }) => (last.hasMore ? last.page + 1 : undefined);

/** `stock/list` page by page, for infinite scroll; `enabled: false` waits (for the caller's location). */
export function useStockList(filters: StockListFilters, enabled = true) {
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: stockSearchKeys.list(filters, lang),
    queryFn: ({ pageParam, signal }): Promise<TStockListPage> =>
      callApi(
        Calls.stockList,
        { ...filters, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

/** `factory/list` page by page. */
export function useFactoryList(filters: FactoryFilters) {
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: stockSearchKeys.factories(filters, lang),
    queryFn: ({ pageParam, signal }): Promise<TFactoryListPage> =>
      callApi(
        Calls.factoryList,
        { ...filters, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** `stock/five_day`: the last five days by day, optionally of one category. */
export function useFiveDayStock(sortId: number | undefined) {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: stockSearchKeys.fiveDay(sortId, lang),
    queryFn: ({ signal }) => callApi(Calls.fiveDayStock, { sortId }, { needLogin: false, signal }),
  });
}

/** `stock/five_day_list` page by page: a day of the window (or all of it), optionally of one category. */
export function useFiveDayList(date: string | undefined, sortId: number | undefined) {
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: stockSearchKeys.fiveDayList(date, sortId, lang),
    queryFn: ({ pageParam, signal }): Promise<TStockListPage> =>
      callApi(
        Calls.fiveDayStockList,
        { date, sortId, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** `stock/hot`: the hot ranking as the daily job last computed it. */
export function useHotStocks() {
  const [lang] = useLanguage();
  return useQuery({
    queryKey: stockSearchKeys.hot(lang),
    queryFn: ({ signal }) => callApi(Calls.hotStocks, {}, { needLogin: false, signal }),
  });
}
