import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';

/**
 * What a payment order pays for. The payments module knows money, not products: each module that sells
 * something fills this extension point (`ServerModule.paymentPurposes`) for its kinds, and payments calls it
 * inside the transaction that moves an order to paid or refunded, so the money state and what was bought
 * never disagree. A transition happens once per order (payments guards it with the order's state and its
 * `fulfilment`), so a fulfilment runs once however many callbacks arrive.
 */
export type PaymentPurposeKind = 'membership' | 'trade_order';

/** The order as a fulfilment sees it. */
export interface PaymentOrderFacts {
  orderNo: string;
  purpose: PaymentPurposeKind;
  /** The selling module's own reference (a membership purchase id, a trade order id). */
  purposeRef: string;
  /** Who paid: the user and the company (root user id) the order belongs to. */
  userId: number;
  rootId: number;
  amountFen: number;
  subject: string;
}

/**
 * A fulfilment's answer that what was paid for can never be delivered (the trade order was cancelled or
 * paid otherwise meanwhile, no purchase matches the order): payments refunds the payment whole,
 * automatically. `refused` says why, for the order's history and the log.
 */
export interface FulfilmentRefusal {
  refused: string;
}

export interface PaymentFulfilment {
  /**
   * The order became paid at `paidAt`: deliver what was bought (extend a membership, mark a trade order
   * paid), or answer a refusal when it can never be delivered. It runs in a savepoint of payments'
   * transaction: what it wrote before it threw is undone, the payment stays recorded (the provider is
   * told it arrived), and the `payments.query` job calls it again until it delivers or refuses.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a fulfilment that delivers returns nothing (`async paid() { … }`).
  paid(tx: Executor, order: PaymentOrderFacts, paidAt: Date, clock: Clock): Promise<void | FulfilmentRefusal>;
  /**
   * A refund of `refundFen` (of `order.amountFen`) succeeded: take back what it paid for, in proportion or
   * wholly as the selling module decides and documents. Called only for an order that was delivered.
   */
  refunded(tx: Executor, order: PaymentOrderFacts, refundFen: number, clock: Clock): Promise<void>;
}
