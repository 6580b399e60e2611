import type { PaymentFulfilment } from '../payments/payments.purposes';
import { markPaidOnline, recordRefund } from './orders.service';

/**
 * What a paid or refunded cashier payment means for a trade order (payments' 'trade_order' purpose), in
 * payments' transaction: paid makes an agreed order paid (markPaidOnline); a refund is the platform
 * giving the buyer money back, which changes no state of the goods and is kept in the order's history.
 */
export const tradeOrderFulfilment: PaymentFulfilment = {
  async paid(tx, order, paidAt, clock) {
    await markPaidOnline(tx, clock, Number(order.purposeRef), order.orderNo, paidAt);
  },
  async refunded(tx, order, refundFen, clock) {
    await recordRefund(tx, Number(order.purposeRef), order.orderNo, refundFen, clock.now());
  },
};
