import { contract } from '../contract';
import {
  ZConsoleOrderDetailRequest,
  ZConsoleOrderListRequest,
  ZOrder,
  ZOrderAgreeRequest,
  ZOrderCancelRequest,
  ZOrderConfirmInquiryRequest,
  ZOrderConfirmStockRequest,
  ZOrderCreated,
  ZOrderListRequest,
  ZOrderPage,
  ZOrderPayOnline,
  ZOrderPaySlipRequest,
  ZOrderProxy,
  ZOrderProxyConfirmRequest,
  ZOrderProxyPicked,
  ZOrderProxyPickRequest,
  ZOrderProxyRequest,
  ZOrderQuoteRequest,
  ZOrderRejectSlipRequest,
  ZOrderRequest,
  ZOrderShipRequest,
} from './schemas';

/**
 * The `.htmls` calls of trade orders (see contract.ts and README "Trade orders"). Each transition is
 * allowed to one side (buyer company or seller company) in given states; anyone else is refused and
 * nothing changes. Every transition answers the order as the caller now sees it.
 */
export const ordersCalls = {
  orderConfirmStock: contract({
    path: 'order/confirm_stock',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders: check out for-sale spot lots (tons within what is available; a non-splittable lot only whole) into one order per seller, reserving the quantity; each waits for its seller’s quote. A repeat of the same requestId (the app’s id for one checkout attempt) answers the orders it made',
    request: ZOrderConfirmStockRequest,
    response: ZOrderCreated,
  }),
  orderConfirmInquiry: contract({
    path: 'order/confirm_inquiry',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders: the order of a cooperated inquiry, prefilled from the inquiry and the agreed quote; it starts agreed, waiting for payment',
    request: ZOrderConfirmInquiryRequest,
    response: ZOrderCreated,
  }),
  orderList: contract({
    path: 'order/list',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary: "Orders: my company's orders bought or sold, newest first, by state or number/company keyword",
    request: ZOrderListRequest,
    response: ZOrderPage,
  }),
  orderDetail: contract({
    path: 'order/detail',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary: 'Orders: one order of my company (either side) in full, with its history and the actions open to me',
    request: ZOrderRequest,
    response: ZOrder,
  }),
  orderQuote: contract({
    path: 'order/quote',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (seller): final unit prices, freight and terms for an order awaiting a quote or quoted; replaces the earlier quote and its chat message (content type 10)',
    request: ZOrderQuoteRequest,
    response: ZOrder,
  }),
  orderAgree: contract({
    path: 'order/agree',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (buyer): agree the current, still valid quote (chat action 13) and choose offline transfer or the cashier; payment is due within the seller’s payment days',
    request: ZOrderAgreeRequest,
    response: ZOrder,
  }),
  orderPayOnline: contract({
    path: 'order/pay_online',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (buyer): the payments order for an agreed order paid at the cashier (made, or made again after it closed); pay it with pay/create',
    request: ZOrderRequest,
    response: ZOrderPayOnline,
  }),
  orderCancel: contract({
    path: 'order/cancel',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary: 'Orders: cancel with a reason, by the side and in the states the rules allow; reserved stock is released',
    request: ZOrderCancelRequest,
    response: ZOrder,
  }),
  orderPaySlip: contract({
    path: 'order/pay_slip',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (buyer): hand in the bank-transfer slip (uploads of kind transferSlip) of an agreed order; the seller confirms',
    request: ZOrderPaySlipRequest,
    response: ZOrder,
  }),
  orderConfirmPaid: contract({
    path: 'order/confirm_paid',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary: 'Orders (seller): the transfer arrived: an agreed or payment-submitted order becomes paid',
    request: ZOrderRequest,
    response: ZOrder,
  }),
  orderRejectSlip: contract({
    path: 'order/reject_slip',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (seller): no transfer arrived behind the handed-in slip (slipId, the one the seller saw; refused if the buyer has handed in another since): the order goes back to agreed with the reason, and the payment days start again',
    request: ZOrderRejectSlipRequest,
    response: ZOrder,
  }),
  orderShip: contract({
    path: 'order/ship',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (seller): the paid goods leave, with a logistics note, the vehicle’s plate, the driver’s phone and photos; the reserved quantity is deducted for good',
    request: ZOrderShipRequest,
    response: ZOrder,
  }),
  orderReceive: contract({
    path: 'order/receive',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary: 'Orders (buyer): the goods arrived: the order is completed',
    request: ZOrderRequest,
    response: ZOrder,
  }),
  orderProxyPick: contract({
    path: 'order/proxy_pick',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (seller): pick own spot lots for a buyer in their chat (action 11) or fill a whole purchase order with prices (action 12), for the buyer to confirm',
    request: ZOrderProxyPickRequest,
    response: ZOrderProxyPicked,
  }),
  orderProxyDetail: contract({
    path: 'order/proxy_detail',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders: one proxy selection with its lots as they are now, for the buyer it was made for (to confirm it) or the seller’s company',
    request: ZOrderProxyRequest,
    response: ZOrderProxy,
  }),
  orderProxyConfirm: contract({
    path: 'order/proxy_confirm',
    auth: 'user',
    permission: 'orders',
    feature: 'orders',
    summary:
      'Orders (buyer): turn a proxy selection made for me into an order (a spot pick waits for a quote; a purchase order arrives quoted)',
    request: ZOrderProxyConfirmRequest,
    response: ZOrderCreated,
  }),
  consoleOrderList: contract({
    path: 'console/order/list',
    auth: 'operator',
    feature: 'orders',
    summary: 'Orders (console): search trade orders by number, company and state (read-only)',
    request: ZConsoleOrderListRequest,
    response: ZOrderPage,
  }),
  consoleOrderDetail: contract({
    path: 'console/order/detail',
    auth: 'operator',
    feature: 'orders',
    summary: 'Orders (console): one trade order in full with its state history (read-only)',
    request: ZConsoleOrderDetailRequest,
    response: ZOrder,
  }),
} as const;
