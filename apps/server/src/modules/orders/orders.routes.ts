import { Calls } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
import { serviceContext } from '../../platform/context';
import { registerCall } from '../../platform/protocol';
import {
  agreeOrder,
  cancelOrder,
  confirmInquiryOrder,
  confirmPaid,
  confirmStockOrder,
  consoleListOrders,
  consoleOrderDetail,
  listOrders,
  orderDetail,
  payOnline,
  proxyConfirm,
  proxyDetail,
  proxyPick,
  quoteOrder,
  receiveOrder,
  rejectSlip,
  shipOrder,
  submitPaySlip,
} from './orders.service';

export function ordersRoutes(app: FastifyInstance) {
  const ctx = (call: Parameters<typeof serviceContext>[1]) => serviceContext(app.deps, call);
  registerCall(app, Calls.orderConfirmStock, (call) => confirmStockOrder(ctx(call), call.input));
  registerCall(app, Calls.orderConfirmInquiry, (call) => confirmInquiryOrder(ctx(call), call.input));
  registerCall(app, Calls.orderList, (call) => listOrders(ctx(call), call.input));
  registerCall(app, Calls.orderDetail, (call) => orderDetail(ctx(call), call.input.orderId));
  registerCall(app, Calls.orderQuote, (call) => quoteOrder(ctx(call), call.input));
  registerCall(app, Calls.orderAgree, (call) => agreeOrder(ctx(call), call.input));
  registerCall(app, Calls.orderPayOnline, (call) => payOnline(ctx(call), call.input.orderId));
  registerCall(app, Calls.orderCancel, (call) => cancelOrder(ctx(call), call.input));
  registerCall(app, Calls.orderPaySlip, (call) => submitPaySlip(ctx(call), call.input));
  registerCall(app, Calls.orderConfirmPaid, (call) => confirmPaid(ctx(call), call.input.orderId));
  registerCall(app, Calls.orderRejectSlip, (call) => rejectSlip(ctx(call), call.input));
  registerCall(app, Calls.orderShip, (call) => shipOrder(ctx(call), call.input));
  registerCall(app, Calls.orderReceive, (call) => receiveOrder(ctx(call), call.input.orderId));
  registerCall(app, Calls.orderProxyPick, (call) => proxyPick(ctx(call), call.input));
  registerCall(app, Calls.orderProxyDetail, (call) => proxyDetail(ctx(call), call.input.proxyId));
  registerCall(app, Calls.orderProxyConfirm, (call) => proxyConfirm(ctx(call), call.input));
  registerCall(app, Calls.consoleOrderList, (call) => consoleListOrders(ctx(call), call.input));
  registerCall(app, Calls.consoleOrderDetail, (call) => consoleOrderDetail(ctx(call), call.input.orderId));
}
