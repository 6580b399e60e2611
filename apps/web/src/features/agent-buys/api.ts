import {
  type AgentBuyKind,
  Calls,
  CodeFlag,
  type Language,
  PAGE_SIZE_DEFAULT,
  type TAgentBuyPage,
  type TAgentBuySaveRequest,
  type TAgentQuoteSaveRequest,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';

/** The hall's agent tab filters: buy or sell (both when absent), and a category. */
export interface AgentHallFilters {
  kind?: AgentBuyKind;
  sortId?: number;
}

/** Answers differ by caller (the owner sees the reason and the quotes' contacts) and language (category names). */
export const agentBuyKeys = {
  all: ['agent-buys'] as const,
  hall: (filters: AgentHallFilters, lang: Language) => [...agentBuyKeys.all, 'hall', filters, lang] as const,
  mine: (viewerId: number, lang: Language) => [...agentBuyKeys.all, 'mine', viewerId, lang] as const,
  detail: (id: number, viewerId: number, lang: Language) =>
    [...agentBuyKeys.all, 'detail', id, viewerId, lang] as const,
  quotes: (id: number, viewerId: number) => [...agentBuyKeys.all, 'quotes', id, viewerId] as const,
};

function useViewer() {
  const { user } = useSession();
  const [lang] = useLanguage();
  return { viewerId: user?.userId ?? 0, lang };
}

const nextPage = (last: TAgentBuyPage) => (last.hasMore ? last.page + 1 : undefined);

/** `agent_buy/hall` page by page: open requests, of one kind or both, of one category or all. */
export function useAgentBuyHall(filters: AgentHallFilters) {
  const [lang] = useLanguage();
  return useInfiniteQuery({
    queryKey: agentBuyKeys.hall(filters, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(
        Calls.agentBuyHall,
        {
          page: pageParam,
          pageSize: PAGE_SIZE_DEFAULT,
          ...(filters.kind ? { kind: filters.kind } : {}),
          ...(filters.sortId ? { sortId: filters.sortId } : {}),
        },
        { needLogin: false, signal },
      ),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

/** `agent_buy/mine` page by page. */
export function useMyAgentBuys() {
  const { viewerId, lang } = useViewer();
  return useInfiniteQuery({
    queryKey: agentBuyKeys.mine(viewerId, lang),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.agentBuyMine, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: viewerId > 0,
  });
}

/** `agent_buy/detail`: each opening counts a view, so it is not asked again on focus. */
export function useAgentBuyDetail(id: number) {
  const { viewerId, lang } = useViewer();
  return useQuery({
    queryKey: agentBuyKeys.detail(id, viewerId, lang),
    queryFn: ({ signal }) =>
      callApi(
        Calls.agentBuyDetail,
        { id },
        { needLogin: false, signal, quietCodeFlags: [CodeFlag.forbidden, CodeFlag.notFound] },
      ),
    enabled: id > 0,
    staleTime: 60_000,
    refetchOnWindowFocus: false,
  });
}

/** `agent_buy/quotes`: every live quote, for the owner. */
export function useAgentQuotes(agentBuyId: number, enabled: boolean) {
  const { viewerId } = useViewer();
  return useQuery({
    queryKey: agentBuyKeys.quotes(agentBuyId, viewerId),
    queryFn: ({ signal }) =>
      callApi(Calls.agentQuoteList, { agentBuyId }, { signal, quietCodeFlags: [CodeFlag.forbidden] }),
    enabled: enabled && agentBuyId > 0 && viewerId > 0,
  });
}

function useRefreshAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: agentBuyKeys.all });
}

/** `agent_buy/save`: field errors are shown beside their fields by the form. */
export function useSaveAgentBuy() {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (request: TAgentBuySaveRequest) => callApi(Calls.agentBuySave, request),
    onSuccess: () => void refresh(),
  });
}

/** `agent_buy/quote`, and the owner's close and delete. */
export function useAgentBuyActions(id: number) {
  const refresh = useRefreshAll();
  const after = () => void refresh();
  return {
    quote: useMutation({
      mutationFn: (request: Omit<TAgentQuoteSaveRequest, 'agentBuyId'>) =>
        callApi(Calls.agentQuoteSave, { ...request, agentBuyId: id }, { quietCodeFlags: [CodeFlag.conflict] }),
      onSuccess: after,
    }),
    close: useMutation({ mutationFn: () => callApi(Calls.agentBuyClose, { id }), onSuccess: after }),
    remove: useMutation({ mutationFn: () => callApi(Calls.agentBuyDelete, { id }), onSuccess: after }),
  };
}
