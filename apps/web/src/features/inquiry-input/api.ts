import { Calls, CodeFlag, PAGE_SIZE_DEFAULT, type TInquiryPage, type TInquirySaveRequest } from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export type MineTab = 'review' | 'open' | 'ended';

/** Answers differ by caller and by language (category names), so both are in every key. */
export const inquiryKeys = {
  all: ['inquiries'] as const,
  mine: (userId: number, tab: MineTab, lang: string) => [...inquiryKeys.all, 'mine', userId, tab, lang] as const,
  detail: (userId: number, id: number, lang: string) => [...inquiryKeys.all, 'detail', userId, id, lang] as const,
};

const nextPage = (last: TInquiryPage) => (last.hasMore ? last.page + 1 : undefined);

/** `inquiry/mine`: the company's own inquiries of one tab, page by page. */
export function useMyInquiries(tab: MineTab) {
  const { user } = useSession();
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: inquiryKeys.mine(user?.userId ?? 0, tab, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.inquiryMine, { tab, page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: Boolean(user),
  });
}

/**
 * `inquiry/detail` of one's own inquiry (its own views are not counted), for the rejection reason and
 * to fill input_inquiry when changing it; the pages say themselves when it is gone or another's.
 */
export function useOwnInquiry(id: number) {
  const { user } = useSession();
  const [lang] = useLanguage();
  return useQuery({
    queryKey: inquiryKeys.detail(user?.userId ?? 0, id, lang),
    queryFn: ({ signal }) =>
      callApi(Calls.inquiryDetail, { id }, { signal, quietCodeFlags: [CodeFlag.forbidden, CodeFlag.notFound] }),
    enabled: Boolean(user) && id > 0,
  });
}

/** `inquiry/save`: posts an inquiry; the buyer's lists are asked again after. */
export function useSaveInquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInquirySaveRequest) => callApi(Calls.inquirySave, input, { showLoading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}

/** `inquiry/close` or `inquiry/delete` on one of the company's inquiries. */
export function useInquiryAction(action: 'close' | 'delete') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(action === 'close' ? Calls.inquiryClose : Calls.inquiryDelete, { id }, { showLoading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}
