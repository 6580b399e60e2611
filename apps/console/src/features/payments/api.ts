import {
  Calls,
  CodeFlag,
  type FulfilmentState,
  type PaymentState,
  type RefundState,
  type TConsolePayOrder,
  type TConsolePayOrdersPage,
  type TOfflineQueueItem,
} from '@metal/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { type OrderSearch, orderSearchFields } from '../../lib/orderSearch';
import type { ReviewDecision } from '../reviews/queue';

/**
 * The payment orders page's own filters, for the operators' daily check: orders with a refund pending
 * (at a channel, or owed back by bank) or failed (to send again), and orders whose delivery is pending
 * (the job retries it) or refused (never delivered). The server takes a refund succeeded and a delivery
 * done too; the page does not offer them.
 */
export const PAY_ORDER_FILTERS = {
  refundState: ['pending', 'failed'],
  fulfilment: ['pending', 'refused'],
} as const satisfies { refundState: readonly RefundState[]; fulfilment: readonly FulfilmentState[] };

/** What the payment orders page searches by. */
export type PayOrderSearch = OrderSearch<PaymentState, typeof PAY_ORDER_FILTERS>;

export const paymentKeys = {
  all: ['payments'] as const,
  orders: (search: PayOrderSearch) => [...paymentKeys.all, 'orders', search] as const,
};

/** `console/pay/orders`: one page of the search, newest first; the last page stays while the next loads. */
export function usePayOrders(search: PayOrderSearch) {
  return useQuery({
    queryKey: paymentKeys.orders(search),
    queryFn: ({ signal }) => callApi(Calls.consolePayOrders, orderSearchFields(search), { signal }),
    placeholderData: keepPreviousData,
    // Money moves elsewhere (a callback, a transfer confirmed in the queue): each visit asks afresh.
    staleTime: 0,
  });
}

/**
 * Refusals a form shows beside its fields (too much to refund, not refundable any more, the channel
 * refused) rather than as a passing message: the operator reads them while deciding what to do next.
 */
export const FORM_REFUSALS = [
  CodeFlag.invalidInput,
  CodeFlag.forbidden,
  CodeFlag.notFound,
  CodeFlag.conflict,
  CodeFlag.paymentFailed,
] as const;

/**
 * A call that changes an order's money: the order it answers replaces the one in every page of results
 * already loaded (the open drawer shows it at once), and the search is asked again; a refusal asks again
 * too, since a refund the channel refused is recorded on the order as failed.
 */
function useOrderMutation<I>(send: (input: I) => Promise<TConsolePayOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (order: TConsolePayOrder) => {
      queryClient.setQueriesData<TConsolePayOrdersPage>({ queryKey: [...paymentKeys.all, 'orders'] }, (page) =>
        page ? { ...page, list: page.list.map((listed) => (listed.orderNo === order.orderNo ? order : listed)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'orders'] });
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: [...paymentKeys.all, 'orders'] }),
  });
}

/** `console/pay/refund`: part or all of a paid order back through its channel. */
export const useRefund = () =>
  useOrderMutation((input: { orderNo: string; amountFen: number; reason: string }) =>
    callApi(Calls.consolePayRefund, input, { quietCodeFlags: FORM_REFUSALS }),
  );

/**
 * `console/pay/refund_retry`: a failed refund sent again under its own number (a second payment's too);
 * a refusal (sent again already, the channel said no again) is shown as a passing message.
 */
export const useRefundRetry = () =>
  useOrderMutation((input: { refundNo: string }) => callApi(Calls.consolePayRefundRetry, input));

/** `console/pay/refund_done`: a refund owed back by bank was transferred; the bank's reference. */
export const useRefundDone = () =>
  useOrderMutation((input: { refundNo: string; reference: string }) =>
    callApi(Calls.consolePayRefundDone, input, { quietCodeFlags: FORM_REFUSALS }),
  );

/** A refund an operator has to act on: failed at its channel (send it again), or owed back by bank (transfer it). */
export const refundNeedsOperator = (refund: TConsolePayOrder['refunds'][number]) =>
  refund.channel === 'offline' ? refund.state === 'pending' : refund.state === 'failed';

/**
 * A waiting slip as a review-queue item: the slip is what is decided, so its id is the item's, and its
 * version is when it was sent (a slip is never changed; the slip calls do not take a version).
 */
export type OfflineQueueEntry = TOfflineQueueItem & { id: number; submittedAt: string };

/** `console/pay/offline_queue`: transfer slips waiting to be checked, oldest first. */
export async function fetchOfflineQueue(signal: AbortSignal): Promise<OfflineQueueEntry[]> {
  const items = await callApi(Calls.consolePayOfflineQueue, {}, { signal });
  return items.map((item) => ({ ...item, id: item.slipId, submittedAt: item.createdAt }));
}

/**
 * The money arrived (`console/pay/offline_confirm`: the order is paid and what it bought delivered), or
 * the slip does not show it (`console/pay/offline_reject`, with the reason the buyer reads).
 */
export const decideOfflineSlip = ({ id, approve, reason }: ReviewDecision) =>
  approve
    ? callApi(Calls.consolePayOfflineConfirm, { slipId: id })
    : callApi(Calls.consolePayOfflineReject, { slipId: id, reason: reason ?? '' });
