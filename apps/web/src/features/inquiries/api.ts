import {
  Calls,
  CodeFlag,
  type INQUIRY_DEADLINE_FILTERS,
  type INQUIRY_TAKING_TABS,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TDispatchGroupList,
  type TDispatchGroupSaveRequest,
  type TDispatchQueuePage,
  type TInquiryDetail,
  type TInquiryPage,
  type TInquirySaveRequest,
  type TInquiryTakingPage,
  type TQuote,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

export type TakingTab = (typeof INQUIRY_TAKING_TABS)[number];
export type DeadlineFilter = (typeof INQUIRY_DEADLINE_FILTERS)[number];
/** The buyer's own inquiries by tab (inquiry/mine). */
export type MineTab = 'review' | 'open' | 'ended';

export interface HallFilters {
  sortId?: number;
  province: string;
  city: string;
  deadline?: DeadlineFilter;
}

/** Answers differ by caller (the buyer sees the delivery contact) and language (category names). */
export const inquiryKeys = {
  all: ['inquiries'] as const,
  hall: (filters: HallFilters, lang: Language) => [...inquiryKeys.all, 'hall', filters, lang] as const,
  detail: (id: number, viewerId: number, lang: Language) => [...inquiryKeys.all, 'detail', id, viewerId, lang] as const,
  quotes: (id: number, viewerId: number, lang: Language) => [...inquiryKeys.all, 'quotes', id, viewerId, lang] as const,
  taking: (tab: TakingTab, viewerId: number, lang: Language) =>
    [...inquiryKeys.all, 'taking', tab, viewerId, lang] as const,
  mine: (tab: MineTab, viewerId: number, lang: Language) => [...inquiryKeys.all, 'mine', tab, viewerId, lang] as const,
};

function useViewer() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, lang };
}

const nextPage = (last: TInquiryPage | TInquiryTakingPage) => (last.hasMore ? last.page + 1 : undefined);

/** `inquiry/hall` page by page (self purchase), with the hall's filters. */
export function useInquiryHall(filters: HallFilters) {
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: inquiryKeys.hall(filters, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.inquiryHall,
        {
          page: pageParam,
          pageSize: PAGE_SIZE_DEFAULT,
          ...(filters.sortId ? { sortId: filters.sortId } : {}),
          ...(filters.province ? { province: filters.province } : {}),
          ...(filters.city ? { city: filters.city } : {}),
          ...(filters.deadline ? { deadline: filters.deadline } : {}),
        },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/**
 * `inquiry/detail`, for inquiry_detail and for input_inquiry changing one's own inquiry: read again each
 * time a page opens (quotes and outcomes change while one is in the chat; the server counts a person's
 * views once a day, not their own), but not on every return to the window. Gone (codeFlag 4) and
 * another's (3) are said by the pages themselves.
 */
export function useInquiryDetail(id: number) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: inquiryKeys.detail(id, viewerId, lang),
    queryFn: ({ signal }) =>
      callApi(
        Calls.inquiryDetail,
        { id },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.forbidden, CodeFlag.notFound] },
      ),
    enabled: id > 0,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
  });
}

/** `inquiry/quotes`: every quote for the buyer's company, the supplier's own history for a supplier. */
export function useInquiryQuotes(inquiryId: number, enabled: boolean) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: inquiryKeys.quotes(inquiryId, viewerId, lang),
    queryFn: ({ signal }) => callApi(Calls.quoteList, { inquiryId }, { signal, quietCodeFlags: [CodeFlag.forbidden] }),
    enabled: enabled && inquiryId > 0 && viewerId > 0,
    refetchOnMount: 'always',
  });
}

/** Every change to an inquiry or its quotes re-reads both (counts, states). */
function useRefresh(inquiryId: number) {
  const client = useQueryClient();
  const { viewerId, lang } = useViewer();
  return {
    setQuotes: (quotes: TQuote[]) => client.setQueryData(inquiryKeys.quotes(inquiryId, viewerId, lang), quotes),
    refresh: () => client.invalidateQueries({ queryKey: inquiryKeys.all }),
  };
}

export interface QuoteDraft {
  items: { specId: number; price: string }[];
  taxIncluded: boolean;
  freightIncluded: boolean;
  paymentMethod: string;
  creditDays: string;
  deliveryDate: string;
  remark: string;
}

/** `inquiry/quote`: codeFlag 5/7/8 are answered by the page, not by a toast. */
export function useSaveQuote(inquiryId: number) {
  const { setQuotes, refresh } = useRefresh(inquiryId);
  return useMutation({
    mutationFn: (draft: QuoteDraft) =>
      callApi(
        Calls.quoteSave,
        {
          inquiryId,
          items: draft.items.map((item) => ({ specId: item.specId, price: item.price.trim() })),
          taxIncluded: draft.taxIncluded ? 1 : 0,
          freightIncluded: draft.freightIncluded ? 1 : 0,
          paymentMethod: draft.paymentMethod as TQuote['paymentMethod'],
          ...(draft.paymentMethod === 'credit' ? { creditDays: draft.creditDays.trim() } : {}),
          deliveryDate: draft.deliveryDate,
          remark: draft.remark.trim(),
        },
        { quietCodeFlags: [CodeFlag.conflict, CodeFlag.companyInfoIncomplete, CodeFlag.realPersonRequired] },
      ),
    onSuccess: (quotes) => {
      setQuotes(quotes);
      void refresh();
    },
  });
}

/** The buyer's and the supplier's answers to quotes and the inquiry. */
export function useInquiryActions(inquiryId: number) {
  const { setQuotes, refresh } = useRefresh(inquiryId);
  const after = () => void refresh();
  return {
    agree: useMutation({
      mutationFn: (quoteId: number) => callApi(Calls.quoteAgree, { quoteId }),
      onSuccess: (quotes) => {
        setQuotes(quotes);
        after();
      },
    }),
    ignore: useMutation({ mutationFn: (quoteId: number) => callApi(Calls.quoteIgnore, { quoteId }), onSuccess: after }),
    withdraw: useMutation({
      mutationFn: (quoteId: number) => callApi(Calls.quoteWithdraw, { quoteId }),
      onSuccess: after,
    }),
    close: useMutation({ mutationFn: () => callApi(Calls.inquiryClose, { id: inquiryId }), onSuccess: after }),
    remove: useMutation({ mutationFn: () => callApi(Calls.inquiryDelete, { id: inquiryId }), onSuccess: after }),
  };
}

/** `inquiry/taking` page by page: the caller's order-taking list in one tab. */
export function useTaking(tab: TakingTab) {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: inquiryKeys.taking(tab, viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.inquiryTaking, { tab, page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: viewerId > 0,
  });
}

/**
 * A supplier takes the inquiry (grab) or passes on it (ignore). The answer is the inquiry as the
 * supplier now sees it; codeFlag 5/7/8 are answered by the page.
 */
export function useTakeInquiry(inquiryId: number) {
  const client = useQueryClient();
  const { viewerId, lang } = useViewer();
  const onSuccess = (detail: TInquiryDetail) => {
    client.setQueryData(inquiryKeys.detail(inquiryId, viewerId, lang), detail);
    void client.invalidateQueries({ queryKey: [...inquiryKeys.all, 'taking'] });
    void client.invalidateQueries({ queryKey: [...inquiryKeys.all, 'hall'] });
  };
  const options = { quietCodeFlags: [CodeFlag.conflict, CodeFlag.companyInfoIncomplete, CodeFlag.realPersonRequired] };
  return {
    grab: useMutation({ mutationFn: () => callApi(Calls.inquiryGrab, { id: inquiryId }, options), onSuccess }),
    ignore: useMutation({ mutationFn: () => callApi(Calls.inquiryIgnore, { id: inquiryId }, options), onSuccess }),
  };
}

/** `inquiry/mine`: the company's own inquiries of one tab, page by page. */
export function useMyInquiries(tab: MineTab) {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: inquiryKeys.mine(tab, viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.inquiryMine, { tab, page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: viewerId > 0,
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

/** `inquiry/close` or `inquiry/delete` on one of the company's inquiries in my inquiries. */
export function useInquiryAction(action: 'close' | 'delete') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callApi(action === 'close' ? Calls.inquiryClose : Calls.inquiryDelete, { id }, { showLoading: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inquiryKeys.all }),
  });
}

/** The company's dispatch groups and the caller's dispatch queue, under the inquiries root (a grab or assignment changes both). */
export const dispatchKeys = {
  groups: (viewerId: number, lang: Language) => [...inquiryKeys.all, 'dispatchGroups', viewerId, lang] as const,
  queue: (viewerId: number, lang: Language) => [...inquiryKeys.all, 'dispatchQueue', viewerId, lang] as const,
};

/**
 * `dispatch_group/list` (order_distribute, and the form that changes one of them); `allowed` false for
 * a caller without the dispatch permission, whom the server would refuse (an order taker's queue).
 */
export function useDispatchGroups(allowed = true) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: dispatchKeys.groups(viewerId, lang),
    queryFn: ({ signal }) => callApi(Calls.dispatchGroupList, {}, { signal }),
    enabled: viewerId > 0 && allowed,
  });
}

/** `dispatch_group/save` and `/delete`: both answer the company's groups. Conflicts (5) and bad input (2) are the form's to show. */
export function useDispatchGroupActions() {
  const client = useQueryClient();
  const { viewerId, lang } = useViewer();
  const onSuccess = (groups: TDispatchGroupList) => {
    client.setQueryData(dispatchKeys.groups(viewerId, lang), groups);
    void client.invalidateQueries({ queryKey: dispatchKeys.queue(viewerId, lang) });
  };
  return {
    save: useMutation({
      mutationFn: (group: TDispatchGroupSaveRequest) =>
        callApi(Calls.dispatchGroupSave, group, { quietCodeFlags: [CodeFlag.conflict, CodeFlag.invalidInput] }),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => callApi(Calls.dispatchGroupDelete, { id }), onSuccess }),
  };
}

/** `dispatch/queue` page by page: what waits for the caller in their dispatch groups. */
export function useDispatchQueue() {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: dispatchKeys.queue(viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.dispatchQueue, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TDispatchQueuePage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: viewerId > 0,
  });
}

/** `inquiry/distribute` (a dispatcher gives an inquiry to a member) and `inquiry/transfer` (the holder hands it on). */
export function useHandOver() {
  const client = useQueryClient();
  const onSuccess = () => void client.invalidateQueries({ queryKey: inquiryKeys.all });
  return {
    distribute: useMutation({
      mutationFn: (input: { id: number; userId: number }) => callApi(Calls.inquiryDistribute, input),
      onSuccess,
    }),
    transfer: useMutation({
      mutationFn: (input: { id: number; userId: number }) => callApi(Calls.inquiryTransfer, input),
      onSuccess,
    }),
  };
}
