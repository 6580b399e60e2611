import { Calls, CodeFlag, type PayChannel, type TPayOrder, type TPayOrdersPage } from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import './locale';

/** Payment orders are the caller's company's; each user's cache is its own. */
export const paymentKeys = {
  all: ['payments'] as const,
  order: (userId: number, orderNo: string) => [...paymentKeys.all, 'order', userId, orderNo] as const,
  orders: (userId: number) => [...paymentKeys.all, 'orders', userId] as const,
};

/** How often an unpaid order is asked about while the buyer waits for a provider (or an operator) to confirm it. */
export const PAY_STATUS_POLL_MS = 2000;

const settled = (order: TPayOrder | undefined) => order !== undefined && order.state !== 'unpaid';

/**
 * `pay/status`: the order and its receipt. While unpaid the server asks the provider each time, so
 * `poll` keeps asking until a verified answer makes it paid or it closes; the buyer's "I paid" is a
 * refetch, never a claim.
 */
export function usePayOrder(orderNo: string, { poll = false }: { poll?: boolean } = {}) {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: paymentKeys.order(user?.userId ?? 0, orderNo),
    queryFn: ({ signal }) =>
      callApi(Calls.payStatus, { orderNo }, { signal, quietCodeFlags: [CodeFlag.notFound, CodeFlag.forbidden] }),
    enabled: loggedIn && orderNo !== '',
    refetchInterval: (query) => (poll && !settled(query.state.data) ? PAY_STATUS_POLL_MS : false),
  });
}

/** `pay/create`: the channel's cashier (a link to open) or the bank transfer instructions. */
export function useCreatePayment() {
  return useMutation({
    mutationFn: ({ orderNo, channel }: { orderNo: string; channel: PayChannel }) =>
      callApi(Calls.payCreate, { orderNo, channel, device: 'mobile' }),
  });
}

/** `pay/offline_slip`: the transfer slip handed in; the answer is the order, put in place at once. */
export function useSubmitSlip() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: ({ orderNo, fileId }: { orderNo: string; fileId: number }) =>
      callApi(Calls.payOfflineSlip, { orderNo, fileId }),
    onSuccess: (order) => queryClient.setQueryData(paymentKeys.order(user?.userId ?? 0, order.orderNo), order),
  });
}

/** `pay/orders`: the company's orders, newest first, page by page. */
export function usePayOrders() {
  const { user, loggedIn } = useSession();
  return useInfiniteQuery({
    queryKey: paymentKeys.orders(user?.userId ?? 0),
    queryFn: ({ pageParam, signal }) => callApi(Calls.payOrders, { page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TPayOrdersPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

/**
 * A paid order changes what the buyer holds across the app (memberships, `user/info`, visitor details,
 * forecast statistics): everything asked before is asked again.
 */
export function useRefreshAfterPayment() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== paymentKeys.all[0] });
}
