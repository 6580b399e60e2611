import {
  CANCEL_REASONS_OF,
  ORDER_CANCEL_REASONS,
  type OrderAction,
  type OrderPaymentMethod,
  type OrderSide,
  type OrderState,
} from '@metal/shared';

/**
 * Who may move an order, from which states (README "Trade orders" has the table). Each user action is
 * one side's, in the listed states; the platform's own moves (expiry, online payment) are in the jobs
 * and the payments fulfilment. `order/pay_slip` and `order/pay_online` also choose (or switch) the way
 * of paying while the order waits for payment.
 */
export const ORDER_RULES: Record<Exclude<OrderAction, 'cancel'>, { side: OrderSide; from: readonly OrderState[] }> = {
  quote: { side: 'seller', from: ['awaiting_quote', 'quoted'] },
  agree: { side: 'buyer', from: ['quoted'] },
  pay_online: { side: 'buyer', from: ['agreed'] },
  pay_slip: { side: 'buyer', from: ['agreed', 'payment_submitted'] },
  confirm_paid: { side: 'seller', from: ['agreed', 'payment_submitted'] },
  reject_slip: { side: 'seller', from: ['payment_submitted'] },
  ship: { side: 'seller', from: ['paid'] },
  receive: { side: 'buyer', from: ['shipped'] },
};

/**
 * Cancelling: the buyer until it has paid or handed in a slip (money may be on its way after that); the
 * seller until it ships, a paid order only when it was paid by transfer to the seller itself (who pays
 * it back): money taken at the platform's cashier goes back through customer service's refund.
 */
export const CANCEL_STATES: Record<OrderSide, readonly OrderState[]> = {
  buyer: ['awaiting_quote', 'quoted', 'agreed'],
  seller: ['awaiting_quote', 'quoted', 'agreed', 'payment_submitted', 'paid'],
};

// Every reason belongs to at least one side (a reason no one may give would be a dead constant).
if (ORDER_CANCEL_REASONS.some((r) => !CANCEL_REASONS_OF.buyer.includes(r) && !CANCEL_REASONS_OF.seller.includes(r)))
  throw new Error('a cancel reason that no side may give');

export function mayCancel(side: OrderSide, state: OrderState, paymentMethod: OrderPaymentMethod | null): boolean {
  if (!CANCEL_STATES[side].includes(state)) return false;
  return !(state === 'paid' && paymentMethod === 'cashier');
}

/** What a side may do now (the order's `actions`), so pages show only buttons that work. */
export function actionsFor(
  side: OrderSide,
  order: { state: OrderState; paymentMethod: OrderPaymentMethod | null; onlineAccepted: boolean },
): OrderAction[] {
  const actions: OrderAction[] = [];
  for (const [action, rule] of Object.entries(ORDER_RULES) as [
    Exclude<OrderAction, 'cancel'>,
    (typeof ORDER_RULES)['quote'],
  ][]) {
    if (rule.side !== side || !rule.from.includes(order.state)) continue;
    if (action === 'pay_online' && !order.onlineAccepted) continue;
    if ((action === 'confirm_paid' || action === 'reject_slip') && order.paymentMethod === 'cashier') continue;
    if (action === 'pay_slip' && order.paymentMethod === 'cashier' && order.state === 'payment_submitted') continue;
    actions.push(action);
  }
  if (mayCancel(side, order.state, order.paymentMethod)) actions.push('cancel');
  return actions;
}
