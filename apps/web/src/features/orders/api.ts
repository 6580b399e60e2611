import {
  Calls,
  CodeFlag,
  type OrderListRole,
  type OrderState,
  type TOrder,
  type TOrderAgreeRequest,
  type TOrderCancelRequest,
  type TOrderConfirmInquiryRequest,
  type TOrderConfirmStockRequest,
  type TOrderPage,
  type TOrderProxyConfirmRequest,
  type TOrderProxyPickRequest,
  type TOrderQuoteRequest,
  type TOrderRejectSlipRequest,
  type TOrderShipRequest,
} from '@metal/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import { cartKeys } from '../cart/follow';
import './locale';

/** Orders are the caller's company's; each user's cache is its own. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: (userId: number) => [...orderKeys.all, 'list', userId] as const,
  list: (userId: number, role: OrderListRole, state: OrderState | '') =>
    [...orderKeys.lists(userId), role, state] as const,
  detail: (userId: number, orderId: number) => [...orderKeys.all, 'detail', userId, orderId] as const,
  proxy: (userId: number, proxyId: number) => [...orderKeys.all, 'proxy', userId, proxyId] as const,
};

/** `order/list`: one side's orders, newest first, page by page, optionally of one state. */
export function useOrders(role: OrderListRole, state: OrderState | '') {
  const { user, loggedIn } = useSession();
  return useInfiniteQuery({
    queryKey: orderKeys.list(user?.userId ?? 0, role, state),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.orderList, { role, page: pageParam, ...(state ? { state } : {}) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TOrderPage) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
    enabled: loggedIn,
  });
}

/** `order/detail`: the order as the caller's side sees it, with the actions open to it now. */
export function useOrder(orderId: number) {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: orderKeys.detail(user?.userId ?? 0, orderId),
    queryFn: ({ signal }) =>
      callApi(Calls.orderDetail, { orderId }, { signal, quietCodeFlags: [CodeFlag.notFound, CodeFlag.forbidden] }),
    enabled: loggedIn && orderId > 0,
  });
}

/** Every transition answers the order as the caller now sees it: put it in place, and let the lists ask again. */
function useOrderChanged() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return (order: TOrder) => {
    queryClient.setQueryData(orderKeys.detail(user?.userId ?? 0, order.id), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.lists(user?.userId ?? 0) });
  };
}

/**
 * `order/confirm_stock`: the checkout. A lot that went off sale, sold out or is short is refused with
 * codeFlag 5; the page says so itself (and sends the buyer back to the cart), so no toast here.
 */
export function useConfirmStockOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOrderConfirmStockRequest) =>
      callApi(Calls.orderConfirmStock, input, { showLoading: true, quietCodeFlags: [CodeFlag.conflict] }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: cartKeys.all });
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}

/** `order/confirm_inquiry`: the order of an agreed inquiry quote. */
export function useConfirmInquiryOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOrderConfirmInquiryRequest) =>
      callApi(Calls.orderConfirmInquiry, input, { showLoading: true }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** `order/proxy_detail`: a seller's selection for a buyer, with each lot as it is now. */
export function useProxySelection(proxyId: number) {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: orderKeys.proxy(user?.userId ?? 0, proxyId),
    queryFn: ({ signal }) =>
      callApi(Calls.orderProxyDetail, { proxyId }, { signal, quietCodeFlags: [CodeFlag.notFound, CodeFlag.forbidden] }),
    enabled: loggedIn && proxyId > 0,
  });
}

/**
 * `order/proxy_confirm`: the buyer orders the selection. A lot gone off sale, sold out or short meanwhile
 * is refused with codeFlag 5, which the page explains itself (and shows the lines as they are now).
 */
export function useConfirmProxyOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TOrderProxyConfirmRequest) =>
      callApi(Calls.orderProxyConfirm, input, { showLoading: true, quietCodeFlags: [CodeFlag.conflict] }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** `order/proxy_pick`: the seller sends a selection to a buyer (it arrives in their chat as a card). */
export function useProxyPick() {
  return useMutation({
    mutationFn: (input: TOrderProxyPickRequest) => callApi(Calls.orderProxyPick, input, { showLoading: true }),
  });
}

/** The transitions of one order; each answer replaces the detail shown. */
export function useOrderActions() {
  const changed = useOrderChanged();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const refresh = (orderId: number) =>
    void queryClient.invalidateQueries({ queryKey: orderKeys.detail(user?.userId ?? 0, orderId) });
  const options = { showLoading: true } as const;
  const quote = useMutation({
    mutationFn: (input: TOrderQuoteRequest) => callApi(Calls.orderQuote, input, options),
    onSuccess: changed,
  });
  const agree = useMutation({
    mutationFn: (input: TOrderAgreeRequest) => callApi(Calls.orderAgree, input, options),
    onSuccess: changed,
    // Refused because the seller changed the quote meanwhile: show the new one.
    onError: (_, input) => refresh(Number(input.orderId)),
  });
  const paySlip = useMutation({
    mutationFn: (input: { orderId: number; fileIds: number[]; note: string }) =>
      callApi(Calls.orderPaySlip, input, options),
    onSuccess: changed,
  });
  const payOnline = useMutation({
    mutationFn: (orderId: number) => callApi(Calls.orderPayOnline, { orderId }, options),
  });
  const confirmPaid = useMutation({
    mutationFn: (orderId: number) => callApi(Calls.orderConfirmPaid, { orderId }, options),
    onSuccess: changed,
  });
  const rejectSlip = useMutation({
    mutationFn: (input: TOrderRejectSlipRequest) => callApi(Calls.orderRejectSlip, input, options),
    onSuccess: changed,
    // Refused because the order moved on (a new slip handed in, the payment confirmed): show it as it is now.
    onError: (_, input) => refresh(Number(input.orderId)),
  });
  const ship = useMutation({
    mutationFn: (input: TOrderShipRequest) => callApi(Calls.orderShip, input, options),
    onSuccess: changed,
  });
  const receive = useMutation({
    mutationFn: (orderId: number) => callApi(Calls.orderReceive, { orderId }, options),
    onSuccess: changed,
  });
  const cancel = useMutation({
    mutationFn: (input: TOrderCancelRequest) => callApi(Calls.orderCancel, input, options),
    onSuccess: changed,
  });
  return { quote, agree, paySlip, payOnline, confirmPaid, rejectSlip, ship, receive, cancel };
}
