import { Calls, type OrderState } from '@metal/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { type OrderSearch, orderSearchFields } from '../../lib/orderSearch';

/** What the trade-orders page searches by. */
export type TradeOrderSearch = OrderSearch<OrderState>;

export const tradeOrderKeys = {
  all: ['orders'] as const,
  list: (search: TradeOrderSearch) => [...tradeOrderKeys.all, 'list', search] as const,
  detail: (orderId: number) => [...tradeOrderKeys.all, 'detail', orderId] as const,
};

/** `console/order/list`: one page of the search, newest first; the last page stays while the next loads. */
export function useTradeOrders(search: TradeOrderSearch) {
  return useQuery({
    queryKey: tradeOrderKeys.list(search),
    queryFn: ({ signal }) => callApi(Calls.consoleOrderList, orderSearchFields(search), { signal }),
    placeholderData: keepPreviousData,
    // Orders move on both sides all day: each visit asks afresh.
    staleTime: 0,
  });
}

/** `console/order/detail`: one order in full with its history, while the drawer shows it. */
export function useTradeOrder(orderId: number | null) {
  return useQuery({
    queryKey: tradeOrderKeys.detail(orderId ?? 0),
    queryFn: ({ signal }) => callApi(Calls.consoleOrderDetail, { orderId: orderId! }, { signal }),
    enabled: orderId !== null,
    staleTime: 0,
  });
}
