import {
  Calls,
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TCapacityCompanyPage,
  type TCapacityMinePage,
  type TCapacitySaveRequest,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { shopKeys } from '../shops/api';
import './locale';

/** Answers differ by caller (whose capacities, phones masked for visitors) and language (category names). */
export const capacityKeys = {
  all: ['capacities'] as const,
  mine: (userId: number, lang: Language) => [...capacityKeys.all, 'mine', userId, lang] as const,
  detail: (id: number, userId: number, lang: Language) => [...capacityKeys.all, 'detail', id, userId, lang] as const,
  company: (rootId: number, lang: Language) => [...capacityKeys.all, 'company', rootId, lang] as const,
};

function useViewer() {
  const { user, loggedIn } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, loggedIn, lang };
}

/** `capacity/mine` page by page (capacity_manage). */
export function useMyCapacities() {
  const { viewerId, loggedIn, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: capacityKeys.mine(viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.capacityMine, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TCapacityMinePage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

/** `capacity/detail`: a missing one (or another company's in review) is shown in the page, not as a toast. */
export function useCapacityDetail(id: number) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: capacityKeys.detail(id, viewerId, lang),
    queryFn: ({ signal }) =>
      callApi(Calls.capacityDetail, { id }, { needLogin: false, signal, quietCodeFlags: [CodeFlag.notFound] }),
    enabled: id > 0,
  });
}

/** `capacity/company_list` page by page (the shop's capacity tab). */
export function useCompanyCapacities(rootId: number) {
  const { lang } = useViewer();
  return useInfiniteQuery({
    queryKey: capacityKeys.company(rootId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.capacityCompanyList,
        { rootId, page: pageParam, pageSize: PAGE_SIZE_DEFAULT },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last: TCapacityCompanyPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: rootId > 0,
  });
}

/** After a save or a delete every capacity list and the shop's counts are asked again. */
function useCapacitiesChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: capacityKeys.all });
    void queryClient.invalidateQueries({ queryKey: shopKeys.all });
  };
}

/** `capacity/save`: posts a capacity, or with `id` replaces one of the company's. */
export function useSaveCapacity() {
  const changed = useCapacitiesChanged();
  return useMutation({
    mutationFn: (input: TCapacitySaveRequest) => callApi(Calls.capacitySave, input, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `capacity/delete`. */
export function useDeleteCapacity() {
  const changed = useCapacitiesChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.capacityDelete, { id }, { showLoading: true }),
    onSuccess: changed,
  });
}
