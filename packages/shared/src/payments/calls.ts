import { z } from 'zod';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import {
  ZConsolePayOrder,
  ZConsolePayOrdersPage,
  ZConsolePayOrdersRequest,
  ZOfflineConfirmRequest,
  ZOfflineQueueItem,
  ZOfflineRejectRequest,
  ZPayCreateAnswer,
  ZPayCreateRequest,
  ZPayOfflineSlipRequest,
  ZPayOrder,
  ZPayOrderRequest,
  ZPayOrdersPage,
  ZPayOrdersRequest,
  ZPayRefundDoneRequest,
  ZPayRefundRequest,
  ZPayRefundRetryRequest,
} from './schemas';

/**
 * The `.htmls` calls of payments (see contract.ts). Orders are made by the feature that sells (e.g.
 * `vip/open`); these pay them. Providers' notifications arrive at `POST /pay/notify/wxpay` and
 * `POST /pay/notify/alipay` in the providers' own formats, outside this envelope.
 */
export const paymentsCalls = {
  payCreate: contract({
    path: 'pay/create',
    auth: 'user',
    feature: 'payments',
    summary:
      "Payments: pay an unpaid order of the caller's company by wxpay (H5 link on a phone, Native QR code on a desktop), alipay (wap or page link) or offline bank transfer (the platform's account and a reference code)",
    request: ZPayCreateRequest,
    response: ZPayCreateAnswer,
  }),
  payStatus: contract({
    path: 'pay/status',
    auth: 'user',
    feature: 'payments',
    summary:
      "Payments: an order's state and receipt; while unpaid it asks the provider (the client's \"I paid\"), and only a provider's verified answer makes it paid",
    request: ZPayOrderRequest,
    response: ZPayOrder,
  }),
  payOrders: contract({
    path: 'pay/orders',
    auth: 'user',
    permission: 'orders',
    feature: 'payments',
    summary: "Payments: the caller's company's payment orders, newest first, with state, receipts and refunds",
    request: ZPayOrdersRequest,
    response: ZPayOrdersPage,
  }),
  payOfflineSlip: contract({
    path: 'pay/offline_slip',
    auth: 'user',
    feature: 'payments',
    summary:
      'Payments: hand in the bank transfer slip (an upload of kind transferSlip) for an order paid by offline transfer; an operator confirms or rejects it',
    request: ZPayOfflineSlipRequest,
    response: ZPayOrder,
  }),
  consolePayOrders: contract({
    path: 'console/pay/orders',
    auth: 'operator',
    feature: 'payments',
    summary:
      'Payments (console): search payment orders by order number, company, state, a refund’s state and where the delivery stands, with their history',
    request: ZConsolePayOrdersRequest,
    response: ZConsolePayOrdersPage,
  }),
  consolePayOfflineQueue: contract({
    path: 'console/pay/offline_queue',
    auth: 'operator',
    feature: 'payments',
    summary: 'Payments (console): bank transfer slips waiting to be checked, oldest first',
    request: ZEmptyRequest,
    response: z.array(ZOfflineQueueItem),
  }),
  consolePayOfflineConfirm: contract({
    path: 'console/pay/offline_confirm',
    auth: 'admin',
    feature: 'payments',
    summary: 'Payments (console): the transfer arrived: the order becomes paid and what it bought is delivered',
    request: ZOfflineConfirmRequest,
    response: ZConsolePayOrder,
  }),
  consolePayOfflineReject: contract({
    path: 'console/pay/offline_reject',
    auth: 'operator',
    feature: 'payments',
    summary: 'Payments (console): reject a transfer slip with a reason the buyer sees; the order stays unpaid',
    request: ZOfflineRejectRequest,
    response: ZConsolePayOrder,
  }),
  consolePayRefund: contract({
    path: 'console/pay/refund',
    auth: 'admin',
    feature: 'payments',
    summary:
      'Payments (console): refund part or all of a paid order through its channel, with a reason; what it bought is taken back accordingly',
    request: ZPayRefundRequest,
    response: ZConsolePayOrder,
  }),
  consolePayRefundRetry: contract({
    path: 'console/pay/refund_retry',
    auth: 'admin',
    feature: 'payments',
    summary:
      "Payments (console): send a failed refund (an operator's, or the automatic one of a second payment) again to its channel under its own refund number, which the provider refunds once",
    request: ZPayRefundRetryRequest,
    response: ZConsolePayOrder,
  }),
  consolePayRefundDone: contract({
    path: 'console/pay/refund_done',
    auth: 'admin',
    feature: 'payments',
    summary:
      'Payments (console): a refund owed back by bank (a transfer confirmed after the order was paid, or a transfer-paid order that could not be delivered) was transferred: record the bank reference; the refund succeeded',
    request: ZPayRefundDoneRequest,
    response: ZConsolePayOrder,
  }),
} as const;
