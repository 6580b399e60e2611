import { eq } from 'drizzle-orm';
import type { PaymentFulfilment } from '../payments/payments.purposes';
import { markPaidOnline, recordRefund } from './orders.service';
import { tradeOrders } from './orders.table';

/**
 * What a paid or refunded cashier payment means for a trade order (payments' 'trade_order' purpose), in
 * payments' transaction: paid makes an agreed order paid (markPaidOnline), and refuses a payment that
 * arrives after the order was cancelled, expired or paid otherwise (kept in its history; payments refunds
 * it automatically); a refund is the platform giving the buyer money back, kept in the order's history,
 * and one that gives back the whole payment before the goods left cancels the order (recordRefund).
 */
export const tradeOrderFulfilment: PaymentFulfilment = {
  async paid(tx, order, paidAt, clock) {
    const orderId = Number(order.purposeRef);
    const [exists] = Number.isSafeInteger(orderId)
      ? await tx.select({ id: tradeOrders.id }).from(tradeOrders).where(eq(tradeOrders.id, orderId))
      : [];
    if (!exists) return { refused: `no trade order ${order.purposeRef}` };
    if (!(await markPaidOnline(tx, clock, orderId, order.orderNo, paidAt)))
      return { refused: 'the trade order is no longer waiting for this payment' };
  },
  async refunded(tx, order, refundFen, clock) {
    await recordRefund(tx, Number(order.purposeRef), order.orderNo, refundFen, clock);
  },
};
