import {
  Calls,
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type StockBatchTarget,
  type StockManagerTab,
  type TSameAttrRequest,
  type TStockBatchEditRequest,
  type TStockMinePage,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export interface MineFilters {
  status: StockManagerTab | 'all';
  sortId: number | null;
  startDate: string;
  endDate: string;
  keyword: string;
}

/** The company's lots on sale, unfiltered: what a seller can pick for a buyer (代客选货). */
export const FOR_SALE_LISTINGS: MineFilters = { status: 'sale', sortId: null, startDate: '', endDate: '', keyword: '' };

/** The seller's own listings differ by company (rootId) and by language (catalogue names). */
export const managerKeys = {
  all: ['stock-manager'] as const,
  mine: (rootId: number, lang: Language, filters: MineFilters) =>
    [...managerKeys.all, 'mine', rootId, lang, filters] as const,
  sorts: (rootId: number, lang: Language) => [...managerKeys.all, 'sorts', rootId, lang] as const,
};

function useCompany() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return { rootId: user?.rootId ?? 0, loggedIn, lang };
}

/** `stock/mine` page by page for one tab and its filters. */
export function useMineStocks(filters: MineFilters, enabled = true) {
  const { rootId, loggedIn, lang } = useCompany();
  return useInfiniteQuery({
    queryKey: managerKeys.mine(rootId, lang, filters),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.stockMine,
        {
          status: filters.status,
          ...(filters.sortId ? { sortId: filters.sortId } : {}),
          ...(filters.startDate ? { startDate: filters.startDate } : {}),
          ...(filters.endDate ? { endDate: filters.endDate } : {}),
          ...(filters.keyword ? { keyword: filters.keyword } : {}),
          page: pageParam,
          pageSize: PAGE_SIZE_DEFAULT,
        },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TStockMinePage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: loggedIn && enabled,
  });
}

/** `stock/mine_sorts`: the company's categories with listings. */
export function useMineSorts() {
  const { rootId, loggedIn, lang } = useCompany();
  return useQuery({
    queryKey: managerKeys.sorts(rootId, lang),
    queryFn: ({ signal }) => callApi(Calls.stockMineSorts, {}, { signal }),
    enabled: loggedIn,
  });
}

/** After any change every list of the manager is asked again (tab counts move too). */
function useInvalidateManager() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: managerKeys.all });
}

/** `stock/batch_status`: a refused batch (codeFlag 5) names the listings in `data.ids`. */
export function useBatchStatus() {
  const invalidate = useInvalidateManager();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: number[]; status: StockBatchTarget }) =>
      callApi(Calls.stockBatchStatus, { ids, status }, { showLoading: true }),
    onSuccess: invalidate,
  });
}

/** `stock/batch_edit`; invalid values (codeFlag 2) are shown in the sheet, not as a toast. */
export function useBatchEdit() {
  const invalidate = useInvalidateManager();
  return useMutation({
    mutationFn: (request: TStockBatchEditRequest) =>
      callApi(Calls.stockBatchEdit, request, { showLoading: true, quietCodeFlags: [CodeFlag.invalidInput] }),
    onSuccess: invalidate,
  });
}

/** `stock/same_attr`: one attribute across a category (all, or the selected ids). */
export function useSameAttr() {
  const invalidate = useInvalidateManager();
  return useMutation({
    mutationFn: ({ ids, ...request }: TSameAttrRequest & { ids: number[] }) =>
      callApi(
        Calls.stockSameAttr,
        { ...request, ...(ids.length > 0 ? { ids } : {}) },
        { showLoading: true, quietCodeFlags: [CodeFlag.invalidInput] },
      ),
    onSuccess: invalidate,
  });
}

/** `stock/refresh` for one listing. */
export function useRefreshStock() {
  const invalidate = useInvalidateManager();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.stockRefresh, { id }, { showLoading: true }),
    onSuccess: invalidate,
  });
}
