import { eq } from 'drizzle-orm';
import type { PaymentFulfilment } from '../payments/payments.purposes';
import { extendEntitlement, shortenPurchasedEntitlement } from './memberships.entitlements';
import { addDynamicViews, findPurchaseOfOrder, purchaseOfOrder, takeBackDynamicViews } from './memberships.service';
import { membershipPurchases } from './memberships.table';

/**
 * What a paid or refunded membership order delivers or takes back (payments' 'membership' purpose),
 * in payments' transaction. Paid: a period plan extends the holder's membership from the end of the one
 * held (from the payment when none), a dynamic-view pack adds its uses; a payment order that matches no
 * purchase (its company, buyer, price or number differ) is refused, and payments refunds it. Refunded: the refunded share of
 * what is still paid for is taken back — of the period, from its end, the later periods moving up to
 * stay end to end; of a pack, its share of the uses bought, as far as they are not used yet.
 */
export const membershipFulfilment: PaymentFulfilment = {
  async paid(tx, order, paidAt) {
    const purchase = await findPurchaseOfOrder(tx, order);
    if (!purchase)
      return { refused: `payment order ${order.orderNo} does not match membership purchase ${order.purposeRef}` };
    if (purchase.status !== 'awaiting_payment') return;
    if (purchase.kind === 'dynamic_view') await addDynamicViews(tx, purchase.holderId, purchase.viewCount ?? 0, paidAt);
    else
      await extendEntitlement(tx, paidAt, {
        holderId: purchase.holderId,
        kind: purchase.kind,
        length: { months: purchase.months, days: purchase.days },
        purchaseId: purchase.id,
      });
    await tx.update(membershipPurchases).set({ status: 'paid', paidAt }).where(eq(membershipPurchases.id, purchase.id));
  },

  async refunded(tx, order, refundFen, clock) {
    const purchase = await purchaseOfOrder(tx, order);
    const stillPaidFen = purchase.priceFen - purchase.refundedFen;
    if (purchase.status !== 'paid' || refundFen <= 0 || stillPaidFen <= 0) return;
    const refund = Math.min(refundFen, stillPaidFen);
    const refundedFen = purchase.refundedFen + refund;
    if (purchase.kind === 'dynamic_view') {
      // Counted on the total refunded, so several part refunds take back the same uses as one refund would.
      const bought = purchase.viewCount ?? 0;
      const takenBefore = Math.round((bought * purchase.refundedFen) / purchase.priceFen);
      const takenNow = Math.round((bought * refundedFen) / purchase.priceFen);
      await takeBackDynamicViews(tx, purchase.holderId, takenNow - takenBefore, clock.now());
    } else {
      // A share of what is left, which is the same share of the whole as `refund` is of the price.
      await shortenPurchasedEntitlement(tx, purchase.id, refund / stillPaidFen);
    }
    await tx
      .update(membershipPurchases)
      .set({ refundedFen, status: refundedFen >= purchase.priceFen ? 'refunded' : 'paid' })
      .where(eq(membershipPurchases.id, purchase.id));
  },
};
