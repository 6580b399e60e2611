import { randomInt } from 'node:crypto';
import {
  CodeFlag,
  type FulfilmentState,
  OFFLINE_TRANSFER_DAYS,
  PAYMENT_ORDER_TTL_MINUTES,
  type PayChannel,
  type PaymentState,
  type RefundFailure,
  type RefundState,
  type TConsolePayOrder,
  type TConsolePayOrdersPage,
  type TConsolePayOrdersRequest,
  type TConsolePayRefund,
  type TOfflineQueueItem,
  type TPayCreateAnswer,
  type TPayCreateRequest,
  type TPayOrder,
  type TPayOrdersPage,
  type TPayRefundRequest,
} from '@metal/shared';
import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, like, lte, ne, or, sql, sum } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { businessNumber, underFreshNumber } from '../../platform/business-numbers';
import type { Clock } from '../../platform/clock';
import type { ServiceContext } from '../../platform/context';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import type { ServerModule } from '../../platform/module';
import {
  CHANNEL_MAX_AMOUNT_FEN,
  fenToYuanText,
  type OnlineChannel,
  type PaymentChannel,
  type PaymentChannels,
  type RawNotification,
  type RefundQuery,
  type RefundResult,
  type VerifiedRefundOutcome,
} from '../../platform/payments';
import { companies } from '../companies/companies.table';
import { companyFiles, imageLinks } from '../files/files.service';
import { files } from '../files/files.table';
import { recordOperatorAction } from '../operators/operators.service';
import { mayPayOrder } from './payments.policy';
import type { FulfilmentRefusal, PaymentFulfilment, PaymentOrderFacts, PaymentPurposeKind } from './payments.purposes';
import { paymentOfflineSlips, paymentOrders, paymentRefunds, paymentTransitions } from './payments.table';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;
type PaymentRefundRow = typeof paymentRefunds.$inferSelect;

/** What the payments service needs beyond a call's context: the channels and the modules whose purposes it fulfils. */
export interface PaymentDeps {
  db: Database;
  clock: Clock;
  payments: PaymentChannels;
  modules: readonly ServerModule[];
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export interface NewPaymentOrder {
  purpose: PaymentPurposeKind;
  /** The selling module's own reference (a membership purchase id, a trade order id). */
  purposeRef: string;
  userId: number;
  rootId: number;
  /** Integer fen, at least 1. */
  amountFen: number;
  /** What the buyer sees at the cashier and on the receipt. */
  subject: string;
  /** When it is made (the caller's clock): it closes PAYMENT_ORDER_TTL_MINUTES later if unpaid. */
  now: Date;
}

/** An out-trade (MM) or refund (RF) number: prefix, Shanghai date and time to the second, 8 random digits (24 characters). */
const newOrderNo = (now: Date, prefix: 'MM' | 'RF' = 'MM') => businessNumber(prefix, now, 8);

/** A transfer reference buyers can type into a bank's remark field: 8 letters and digits that cannot be misread. */
function newOfflineReference() {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return Array.from({ length: 8 }, () => alphabet[randomInt(0, alphabet.length)]).join('');
}

/** No payment order carries `reference` yet: a transfer's remark must name one order only. */
const referenceIsFree = (reference: string) =>
  sql`not exists (select 1 from ${paymentOrders} taken where taken.offline_reference = ${reference})`;

/**
 * Makes an unpaid payment order inside the seller's transaction (e.g. `vip/open`), so an order exists
 * exactly when what it pays for does. Answers its order number, which the client pays with `pay/create`.
 */
export async function createPaymentOrder(tx: Executor, order: NewPaymentOrder): Promise<string> {
  if (!Number.isSafeInteger(order.amountFen) || order.amountFen < 1)
    throw new Error('a payment order needs a positive amount in fen');
  if (!order.subject.trim()) throw new Error('a payment order needs a subject');
  const { number: orderNo } = await underFreshNumber(
    () => newOrderNo(order.now),
    async (orderNo) =>
      (
        await tx
          .insert(paymentOrders)
          .values({
            orderNo,
            purpose: order.purpose,
            purposeRef: order.purposeRef,
            userId: order.userId,
            rootId: order.rootId,
            amountFen: order.amountFen,
            currency: 'CNY',
            subject: order.subject.trim().slice(0, 120),
            state: 'unpaid',
            expiresAt: new Date(order.now.getTime() + PAYMENT_ORDER_TTL_MINUTES * 60_000),
            createdAt: order.now,
            updatedAt: order.now,
          })
          .onConflictDoNothing({ target: paymentOrders.orderNo })
          .returning({ id: paymentOrders.id })
      )[0],
  );
  await recordTransition(tx, {
    orderNo,
    from: 'new',
    to: 'unpaid',
    cause: 'create',
    details: { purpose: order.purpose, purposeRef: order.purposeRef },
    at: order.now,
  });
  return orderNo;
}

async function recordTransition(
  tx: Executor,
  t: { orderNo: string; from: string; to: string; cause: string; details?: Record<string, unknown>; at: Date },
) {
  await tx.insert(paymentTransitions).values({
    orderNo: t.orderNo,
    fromState: t.from,
    toState: t.to,
    cause: t.cause,
    details: t.details ?? {},
    at: t.at,
  });
}

function fulfilmentFor(modules: readonly ServerModule[], purpose: PaymentPurposeKind): PaymentFulfilment {
  for (const module of modules) {
    const fulfilment = module.paymentPurposes?.[purpose];
    if (fulfilment) return fulfilment;
  }
  throw new Error(`no module fulfils payment purpose ${purpose}`);
}

const factsOf = (order: PaymentOrderRow): PaymentOrderFacts => ({
  orderNo: order.orderNo,
  purpose: order.purpose,
  purposeRef: order.purposeRef,
  userId: order.userId,
  rootId: order.rootId,
  amountFen: order.amountFen,
  subject: order.subject,
});

/** A payment a provider (or an operator, for a transfer) vouched for, and what made us believe it. */
export interface ProvenPayment {
  orderNo: string;
  channel: PayChannel;
  transactionId: string;
  amountFen: number;
  currency: string;
  paidAt: Date;
  /** 'notify:wxpay', 'query:alipay', 'operator:<id>'. */
  cause: string;
  details?: Record<string, unknown>;
}

/**
 * paid: the order became paid now (from unpaid, or from closed: a late payment is honoured); already: the
 * same transaction was recorded before (a repeated callback); second_payment: paid twice by different
 * transactions (recorded with its refund once; the caller sends that refund after the commit); unknown:
 * no such order; mismatch: the amount or currency is not the order's. The last two change nothing.
 */
export type MarkPaidOutcome = 'paid' | 'already' | 'second_payment' | 'unknown' | 'mismatch';

/** A refund recorded pending inside a transaction, to be sent to its channel once that commits (sendRefund). */
export interface StartedRefund {
  refundNo: string;
  /** The cause its outcome is recorded with: 'second_payment', 'undeliverable'. */
  cause: string;
}

export interface RecordedPayment {
  outcome: MarkPaidOutcome;
  /** The refund this payment started: of a second payment, or of a payment whose purchase can never be delivered. */
  refund?: StartedRefund;
}

/**
 * Moves an order to paid, inside the caller's transaction: the order row is locked (SELECT … FOR UPDATE),
 * so of any number of concurrent callbacks exactly one sees it unpaid (or closed) and runs the purpose's
 * fulfilment; the others find it paid by the same transaction. Only provider-verified paths call it:
 * notifications, provider queries, and an operator's confirmation of a transfer. The payment is recorded
 * whatever the fulfilment does (fulfilIn): delivered, pending for the query job, or refused and refunded.
 * A second payment (another transaction, or a transfer confirmed after the order was paid) is recorded
 * once with its refund: through its provider, or, for a transfer, owed back by bank by an operator.
 */
export async function markPaidIn(
  tx: Executor,
  deps: Pick<PaymentDeps, 'clock' | 'modules' | 'log'>,
  payment: ProvenPayment,
): Promise<RecordedPayment> {
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, payment.orderNo)).for('update');
  if (!order) return { outcome: 'unknown' };
  if (order.amountFen !== payment.amountFen || order.currency !== payment.currency) {
    deps.log.warn(
      {
        orderNo: order.orderNo,
        expected: order.amountFen,
        got: payment.amountFen,
        currency: payment.currency,
        cause: payment.cause,
      },
      'payment amount or currency does not match the order',
    );
    return { outcome: 'mismatch' };
  }
  const now = deps.clock.now();
  if (order.state !== 'unpaid' && order.state !== 'closed') {
    if (order.providerTransactionId === payment.transactionId) return { outcome: 'already' };
    // A second payment's own repeats are recorded once.
    const [recorded] = await tx
      .select({ id: paymentTransitions.id })
      .from(paymentTransitions)
      .where(
        and(
          eq(paymentTransitions.orderNo, order.orderNo),
          sql`${paymentTransitions.details}->>'transactionId' = ${payment.transactionId}`,
        ),
      )
      .limit(1);
    if (recorded) return { outcome: 'second_payment' };
    // Its refund is recorded with it, under the order's lock: once, however many notifications arrive.
    const reason = payment.channel === 'offline' ? SECOND_TRANSFER_REFUND_REASON : SECOND_PAYMENT_REFUND_REASON;
    const refundNo = await insertRefund(tx, now, {
      orderNo: order.orderNo,
      amountFen: payment.amountFen,
      reason,
      operatorId: null,
      channel: payment.channel,
      secondPaymentTransactionId: payment.transactionId,
    });
    await recordTransition(tx, {
      orderNo: order.orderNo,
      from: order.state,
      to: order.state,
      cause: payment.cause,
      details: {
        secondPayment: true,
        channel: payment.channel,
        transactionId: payment.transactionId,
        refundNo,
        amountFen: payment.amountFen,
        reason,
        ...payment.details,
      },
      at: now,
    });
    deps.log.warn(
      { orderNo: order.orderNo, transactionId: payment.transactionId, channel: payment.channel, refundNo },
      'order paid twice: the second payment is refunded',
    );
    return { outcome: 'second_payment', refund: { refundNo, cause: 'second_payment' } };
  }
  const [paid] = await tx
    .update(paymentOrders)
    .set({
      state: 'paid',
      paidChannel: payment.channel,
      providerTransactionId: payment.transactionId,
      paidAt: payment.paidAt,
      fulfilment: 'pending',
      updatedAt: now,
    })
    .where(eq(paymentOrders.id, order.id))
    .returning();
  await recordTransition(tx, {
    orderNo: order.orderNo,
    from: order.state,
    to: 'paid',
    cause: payment.cause,
    details: {
      channel: payment.channel,
      transactionId: payment.transactionId,
      ...(order.state === 'closed' ? { late: true } : {}),
      ...payment.details,
    },
    at: now,
  });
  const fulfilled = await fulfilIn(tx, deps, paid!, payment.cause, true);
  return { outcome: 'paid', ...(fulfilled.refund ? { refund: fulfilled.refund } : {}) };
}

const isRefusal = (answer: unknown): answer is FulfilmentRefusal =>
  typeof answer === 'object' && answer !== null && typeof (answer as FulfilmentRefusal).refused === 'string';

/**
 * Delivers what a paid order bought, inside the caller's transaction, which holds the order row locked
 * with `fulfilment: 'pending'`. The purpose's `paid` runs in a savepoint: if it throws, what it wrote is
 * undone, the payment stays recorded and the fulfilment pending, for the `payments.query` job to try
 * again (retryFulfilments); if it refuses (it can never be delivered), what is left of the payment is
 * refunded whole, automatically, through the channel that took it (a transfer: owed back by bank).
 * Answers where the fulfilment now stands and the refund to send after the commit.
 */
async function fulfilIn(
  tx: Executor,
  deps: Pick<PaymentDeps, 'clock' | 'modules' | 'log'>,
  order: PaymentOrderRow,
  cause: string,
  firstAttempt: boolean,
): Promise<{ fulfilment: FulfilmentState; refund?: StartedRefund }> {
  const now = deps.clock.now();
  let answer: Awaited<ReturnType<PaymentFulfilment['paid']>>;
  try {
    answer = await tx.transaction((savepoint) =>
      fulfilmentFor(deps.modules, order.purpose).paid(savepoint, factsOf(order), order.paidAt ?? now, deps.clock),
    );
  } catch (error) {
    deps.log.error(
      { err: error, orderNo: order.orderNo, cause },
      'payment fulfilment failed: the payment is kept and the query job tries again',
    );
    // The first failure is told in the order's history; the job's further tries only in the log, each
    // moving the order to the back of the job's queue, so one that keeps failing holds up no other.
    if (firstAttempt)
      await recordTransition(tx, {
        orderNo: order.orderNo,
        from: order.state,
        to: order.state,
        cause,
        details: { fulfilmentFailed: (error instanceof Error ? error.message : String(error)).slice(0, 500) },
        at: now,
      });
    else await moveToBackOfQueue(tx, order.orderNo, now);
    return { fulfilment: 'pending' };
  }
  if (isRefusal(answer)) {
    // What a refund still on its way or unconfirmed holds is not refunded again: that one goes back by itself.
    const held = await heldOwnRefundsFen(tx, order.orderNo);
    const left = order.amountFen - order.refundedFen - held.pendingFen - held.unconfirmedFen;
    // A transfer is not refunded by the system: an operator pays it back by bank, and its reason says so.
    const reason = order.paidChannel === 'offline' ? UNDELIVERABLE_TRANSFER_REFUND_REASON : UNDELIVERABLE_REFUND_REASON;
    const refundNo =
      left > 0 && order.paidChannel
        ? await insertRefund(tx, now, {
            orderNo: order.orderNo,
            amountFen: left,
            reason,
            operatorId: null,
            channel: order.paidChannel,
            secondPaymentTransactionId: null,
          })
        : undefined;
    await tx.update(paymentOrders).set({ fulfilment: 'refused', updatedAt: now }).where(eq(paymentOrders.id, order.id));
    await recordTransition(tx, {
      orderNo: order.orderNo,
      from: order.state,
      to: order.state,
      cause,
      details: {
        fulfilmentRefused: answer.refused,
        ...(refundNo ? { refundNo, amountFen: left, reason } : {}),
      },
      at: now,
    });
    deps.log.warn(
      { orderNo: order.orderNo, refused: answer.refused, refundNo },
      'what the payment bought can never be delivered: it is refunded',
    );
    return { fulfilment: 'refused', ...(refundNo ? { refund: { refundNo, cause: 'undeliverable' } } : {}) };
  }
  await tx.update(paymentOrders).set({ fulfilment: 'done' }).where(eq(paymentOrders.id, order.id));
  if (!firstAttempt)
    await recordTransition(tx, {
      orderNo: order.orderNo,
      from: order.state,
      to: order.state,
      cause,
      details: { fulfilled: true },
      at: now,
    });
  return { fulfilment: 'done' };
}

/**
 * Paid orders whose fulfilment failed: each delivered now (once: under the order's lock, only a pending
 * one is tried), refused and refunded, or left pending for the next run. One whose try throws (its
 * transaction is rolled back) goes to the back of the queue, holding up no other. Answers how many were settled.
 */
export async function retryFulfilments(deps: PaymentDeps, limit = 100): Promise<number> {
  const due = await deps.db
    .select({ orderNo: paymentOrders.orderNo })
    .from(paymentOrders)
    .where(eq(paymentOrders.fulfilment, 'pending'))
    .orderBy(asc(paymentOrders.updatedAt))
    .limit(limit);
  return forEachIsolated(deps, due, {
    failed: 'payment fulfilment not retried: the order goes to the back of the queue',
    async work({ orderNo }) {
      const tried = await deps.db.transaction(async (tx) => {
        const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).for('update');
        if (order?.fulfilment !== 'pending' || order.state !== 'paid') return undefined;
        // An operator's refund still at its channel (WeChat's PROCESSING, an unanswered request) holds the
        // retries: delivered now, the money could go back as well. Its success ends them (settleRefundIn),
        // its failure lets them go on. Held, it goes to the back of the queue, holding up no other.
        if ((await pendingOwnRefundsFen(tx, order.orderNo)) > 0) {
          await moveToBackOfQueue(tx, order.orderNo, deps.clock.now());
          return undefined;
        }
        return fulfilIn(tx, deps, order, 'job:fulfil', false);
      });
      if (!tried) return false;
      if (tried.refund) await sendRefundQuietly(deps, tried.refund);
      return tried.fulfilment !== 'pending';
    },
    afterFailure: ({ orderNo }) => moveToBackOfQueue(deps.db, orderNo, deps.clock.now()),
  });
}

/**
 * Moves an order to the back of the queues that take the oldest `updatedAt` first: the fulfilment
 * retries and the queries of late callbacks.
 */
async function moveToBackOfQueue(db: Executor, orderNo: string, now: Date) {
  await db.update(paymentOrders).set({ updatedAt: now }).where(eq(paymentOrders.orderNo, orderNo));
}

/**
 * A job's work on each of its items (orders, refunds) in turn; answers for how many it answered true.
 * What one item's work throws (a database fault, a module's bug) is logged with the item's number and the
 * job goes on with the next: one failing item never stops a job for the others. `afterFailure` then moves
 * it to the back of the job's queue, in a statement of its own (the failed work's transaction was rolled
 * back); a job whose queue is ordered by a time that means something else (an order's deadline, when a
 * refund was asked for) has none, and its failing item holds one place of a run, not the run.
 */
async function forEachIsolated<Item extends { orderNo: string; refundNo?: string }>(
  deps: Pick<PaymentDeps, 'log'>,
  items: readonly Item[],
  job: { failed: string; work: (item: Item) => Promise<boolean>; afterFailure?: (item: Item) => Promise<void> },
): Promise<number> {
  let done = 0;
  for (const item of items) {
    // Numbers only: an item's other fields (amounts, reasons) are not the log's.
    const number = { orderNo: item.orderNo, ...(item.refundNo ? { refundNo: item.refundNo } : {}) };
    try {
      if (await job.work(item)) done++;
    } catch (error) {
      deps.log.error({ err: error, ...number }, job.failed);
      await job.afterFailure?.(item).catch((moveError: unknown) => {
        deps.log.error({ err: moveError, ...number }, 'payment job item not moved to the back of its queue');
      });
    }
  }
  return done;
}

/** What of an order's own payment (not a second payment's) is on its way back: its pending refunds. */
async function pendingOwnRefundsFen(tx: Executor, orderNo: string) {
  const [pending] = await tx
    .select({ fen: sum(paymentRefunds.amountFen).mapWith(Number) })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.orderNo, orderNo),
        eq(paymentRefunds.state, 'pending'),
        isNull(paymentRefunds.secondPaymentTransactionId),
      ),
    );
  return pending?.fen ?? 0;
}

/**
 * What of an order's own payment (not a second payment's) is held from being refunded anew: its refunds
 * on their way back (pending), and its failed refunds the provider did not refuse (unconfirmed: it may
 * yet have paid them; a failure recorded before failures were told apart counts as one), which are sent
 * again under their own numbers, never refunded under new ones. `except`: a refund left out (the one
 * being sent again). Read under the order's lock, which every change of these refunds takes too.
 */
async function heldOwnRefundsFen(tx: Executor, orderNo: string, except?: number) {
  const [held] = await tx
    .select({
      pendingFen:
        sql<number>`coalesce(sum(${paymentRefunds.amountFen}) filter (where ${paymentRefunds.state} = 'pending'), 0)`.mapWith(
          Number,
        ),
      unconfirmedFen:
        sql<number>`coalesce(sum(${paymentRefunds.amountFen}) filter (where ${paymentRefunds.state} = 'failed' and ${paymentRefunds.failure} is distinct from 'refused'), 0)`.mapWith(
          Number,
        ),
    })
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.orderNo, orderNo),
        isNull(paymentRefunds.secondPaymentTransactionId),
        except === undefined ? undefined : ne(paymentRefunds.id, except),
      ),
    );
  return { pendingFen: held?.pendingFen ?? 0, unconfirmedFen: held?.unconfirmedFen ?? 0 };
}

/** A pending refund row under a fresh refund number; answers the number. */
async function insertRefund(
  tx: Executor,
  now: Date,
  refund: Pick<
    PaymentRefundRow,
    'orderNo' | 'amountFen' | 'reason' | 'operatorId' | 'channel' | 'secondPaymentTransactionId'
  >,
): Promise<string> {
  const { number } = await underFreshNumber(
    () => newOrderNo(now, 'RF'),
    async (refundNo) =>
      (
        await tx
          .insert(paymentRefunds)
          .values({ refundNo, ...refund, state: 'pending', createdAt: now })
          .onConflictDoNothing({ target: paymentRefunds.refundNo })
          .returning({ id: paymentRefunds.id })
      )[0],
  );
  return number;
}

/** markPaidIn in a transaction of its own, then the refund it started sent to its channel. */
export async function markPaid(deps: PaymentDeps, payment: ProvenPayment): Promise<MarkPaidOutcome> {
  const recorded = await deps.db.transaction((tx) => markPaidIn(tx, deps, payment));
  if (recorded.refund) await sendRefundQuietly(deps, recorded.refund);
  return recorded.outcome;
}

/**
 * A provider's notification: verified by the channel (signature, key, decryption), then compared with
 * the order and applied once. Answers whether to acknowledge it: true for a payment recorded (now or
 * before) and for genuine notifications that need nothing; false for anything refused, which is logged
 * and changes nothing, and for a failure on our side, so that the provider tries again.
 */
export async function handleNotification(
  deps: PaymentDeps,
  channelName: OnlineChannel,
  notification: RawNotification & { ip: string },
): Promise<boolean> {
  const channel = deps.payments[channelName];
  if (!channel) {
    deps.log.warn({ channel: channelName, ip: notification.ip }, 'payment notification for a channel not configured');
    return false;
  }
  let verified: Awaited<ReturnType<typeof channel.verifyNotify>>;
  try {
    verified = await channel.verifyNotify(notification);
  } catch (error) {
    // Answered as a failure, never as the envelope's 200, which a provider would take for success.
    deps.log.error({ err: error, channel: channelName }, 'payment notification not verified');
    return false;
  }
  if (verified.kind === 'refused') {
    deps.log.warn(
      { channel: channelName, reason: verified.reason, ip: notification.ip },
      'payment notification refused',
    );
    return false;
  }
  if (verified.kind === 'ignored') {
    deps.log.info(
      { channel: channelName, orderNo: verified.orderNo, what: verified.what },
      'payment notification needs nothing',
    );
    return true;
  }
  if (verified.kind === 'refund') return handleRefundNotification(deps, verified.refund, notification.ip);
  try {
    // Acknowledged once the payment is recorded: a fulfilment that failed is the query job's to try again.
    const outcome = await markPaid(deps, { ...verified.payment, cause: `notify:${channelName}` });
    if (outcome === 'unknown' || outcome === 'mismatch') {
      deps.log.warn(
        { channel: channelName, orderNo: verified.payment.orderNo, outcome, ip: notification.ip },
        'payment notification refused',
      );
      return false;
    }
    return true;
  } catch (error) {
    deps.log.error(
      { err: error, channel: channelName, orderNo: verified.payment.orderNo },
      'payment notification not applied',
    );
    return false;
  }
}

/**
 * A provider's word on how a refund ended: applied to the refund it names when the order and amount are
 * that refund's (anything else is refused and changes nothing). A refund already settled is acknowledged.
 */
async function handleRefundNotification(deps: PaymentDeps, outcome: VerifiedRefundOutcome, ip: string) {
  const [refund] = await deps.db.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, outcome.refundNo));
  if (
    !refund ||
    refund.orderNo !== outcome.orderNo ||
    refund.channel !== outcome.channel ||
    refund.amountFen !== outcome.amountFen
  ) {
    deps.log.warn({ refundNo: outcome.refundNo, orderNo: outcome.orderNo, ip }, 'refund notification refused');
    return false;
  }
  try {
    await settleRefund(
      deps,
      refund.refundNo,
      outcome.state === 'succeeded'
        ? { state: 'succeeded', refundId: outcome.refundId }
        : // WeChat Pay's REFUND.CLOSED / ABNORMAL: its word that the refund was not paid.
          { state: 'failed', reason: 'closed or abnormal at the provider', failure: 'refused' },
      `notify:${outcome.channel}`,
    );
    return true;
  } catch (error) {
    deps.log.error({ err: error, refundNo: outcome.refundNo }, 'refund notification not applied');
    return false;
  }
}

/** Asks the provider about an unpaid order and records a payment it vouches for. Answers whether it is now paid. */
export async function queryProvider(
  deps: PaymentDeps,
  order: Pick<PaymentOrderRow, 'orderNo' | 'channel'>,
  cause: string,
) {
  if (order.channel !== 'wxpay' && order.channel !== 'alipay') return false;
  const channel = deps.payments[order.channel];
  if (!channel) return false;
  let answer: Awaited<ReturnType<typeof channel.query>>;
  try {
    answer = await channel.query(order.orderNo);
  } catch (error) {
    deps.log.warn({ err: error, orderNo: order.orderNo }, 'payment provider not reachable');
    return false;
  }
  if (answer.state !== 'paid' || answer.payment.orderNo !== order.orderNo) return false;
  const outcome = await markPaid(deps, { ...answer.payment, cause: `${cause}:${order.channel}` });
  return outcome === 'paid' || outcome === 'already';
}

async function lockOwnOrder(tx: Executor, actor: Actor, orderNo: string) {
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo)).for('update');
  if (!order) throw notFound();
  if (!mayPayOrder(actor, order)) throw forbidden();
  return order;
}

/** `pay/create`: the channel's cashier for an unpaid order of the caller's company. */
export async function createPayment(
  ctx: ServiceContext,
  deps: PaymentDeps,
  input: Required<Pick<TPayCreateRequest, 'orderNo' | 'channel' | 'device'>>,
  clientIp: string,
): Promise<TPayCreateAnswer> {
  const now = ctx.clock.now();
  const online = input.channel === 'offline' ? undefined : deps.payments[input.channel];
  if (input.channel !== 'offline' && !online) throw new AppError(CodeFlag.conflict, 'pay.channelUnavailable');
  const order = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, ctx.actor, input.orderNo);
    if (order.state !== 'unpaid' || order.expiresAt <= now) throw new AppError(CodeFlag.conflict, 'pay.notPayable');
    if (input.channel !== 'offline' && order.amountFen > CHANNEL_MAX_AMOUNT_FEN[input.channel])
      throw new AppError(CodeFlag.invalidInput, 'pay.overChannelLimit', {
        max: fenToYuanText(CHANNEL_MAX_AMOUNT_FEN[input.channel]),
      });
    const changes: Partial<PaymentOrderRow> = { channel: input.channel, updatedAt: now };
    if (input.channel === 'offline') {
      const transferDeadline = new Date(now.getTime() + OFFLINE_TRANSFER_DAYS * 86_400_000);
      if (transferDeadline > order.expiresAt) changes.expiresAt = transferDeadline;
      if (!order.offlineReference)
        return (
          await underFreshNumber(newOfflineReference, async (offlineReference) => {
            const [updated] = await tx
              .update(paymentOrders)
              .set({ ...changes, offlineReference })
              .where(and(eq(paymentOrders.id, order.id), referenceIsFree(offlineReference)))
              .returning();
            return updated;
          })
        ).row;
    }
    const [updated] = await tx.update(paymentOrders).set(changes).where(eq(paymentOrders.id, order.id)).returning();
    return updated!;
  });
  const common = { orderNo: order.orderNo, amountFen: order.amountFen, expiresAt: order.expiresAt.toISOString() };
  if (input.channel === 'offline') {
    return {
      action: 'offline',
      channel: 'offline',
      ...common,
      offline: { ...deps.payments.offline, reference: order.offlineReference! },
    };
  }
  try {
    const started = await online!.start({
      orderNo: order.orderNo,
      amountFen: order.amountFen,
      subject: order.subject,
      expiresAt: order.expiresAt,
      device: input.device,
      clientIp,
    });
    if (started.action === 'qr') return { action: 'qr', channel: 'wxpay', ...common, codeUrl: started.codeUrl };
    return { action: 'redirect', channel: input.channel, ...common, url: started.url };
  } catch (error) {
    deps.log.warn(
      { err: error, orderNo: order.orderNo, channel: input.channel },
      'payment not started at the provider',
    );
    throw new AppError(CodeFlag.paymentFailed, 'pay.providerUnavailable');
  }
}

/** `pay/status`: the order; an unpaid one is first asked about at its provider (the buyer says "I paid"). */
export async function paymentStatus(ctx: ServiceContext, deps: PaymentDeps, orderNo: string): Promise<TPayOrder> {
  const [order] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  if (!order) throw notFound();
  if (!mayPayOrder(ctx.actor, order)) throw forbidden();
  if (order.state === 'unpaid') await queryProvider(deps, order, 'query');
  const [current] = await ctx.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  return (await presentOrders(ctx.db, ctx.links, [current!]))[0]!;
}

/** `pay/orders`: the company's orders, newest first. */
export async function companyOrders(
  ctx: ServiceContext,
  input: { page: number; pageSize: number; state?: PaymentState | undefined },
): Promise<TPayOrdersPage> {
  const where = and(
    eq(paymentOrders.rootId, ctx.actor.rootId),
    input.state ? eq(paymentOrders.state, input.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentOrders)
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  return {
    list: await presentOrders(ctx.db, ctx.links, rows),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** `pay/offline_slip`: a transfer slip for an unpaid order the buyer chose to pay by transfer. */
export async function submitOfflineSlip(
  ctx: ServiceContext,
  input: { orderNo: string; fileId: number },
): Promise<TPayOrder> {
  const now = ctx.clock.now();
  const order = await ctx.db.transaction(async (tx) => {
    const order = await lockOwnOrder(tx, ctx.actor, input.orderNo);
    if (order.state !== 'unpaid') throw new AppError(CodeFlag.conflict, 'pay.notPayable');
    if (order.channel !== 'offline') throw new AppError(CodeFlag.conflict, 'pay.notOffline');
    const [file] = await companyFiles(tx, ctx.actor.rootId, 'transferSlip', [input.fileId]);
    if (!file) throw invalid('pay.slipFile', 'fileId');
    const [pending] = await tx
      .select({ id: paymentOfflineSlips.id })
      .from(paymentOfflineSlips)
      .where(and(eq(paymentOfflineSlips.orderNo, order.orderNo), eq(paymentOfflineSlips.state, 'pending')));
    if (pending) throw new AppError(CodeFlag.conflict, 'pay.slipPending');
    await tx.insert(paymentOfflineSlips).values({
      orderNo: order.orderNo,
      rootId: order.rootId,
      userId: ctx.actor.userId,
      fileId: file.id,
      state: 'pending',
      createdAt: now,
    });
    return order;
  });
  return (await presentOrders(ctx.db, ctx.links, [order]))[0]!;
}

/** Orders as their buyers see them, with receipts, refunds and slips, in the order given. */
export async function presentOrders(db: Executor, links: FileLinks, orders: PaymentOrderRow[]): Promise<TPayOrder[]> {
  return (await presentOrdersWithRefunds(db, links, orders)).views;
}

/** presentOrders, and the orders' refund rows it read (the console shows more of them). */
async function presentOrdersWithRefunds(
  db: Executor,
  links: FileLinks,
  orders: PaymentOrderRow[],
): Promise<{ views: TPayOrder[]; refunds: PaymentRefundRow[] }> {
  if (orders.length === 0) return { views: [], refunds: [] };
  const numbers = orders.map((o) => o.orderNo);
  const [refunds, slips] = await Promise.all([
    db.select().from(paymentRefunds).where(inArray(paymentRefunds.orderNo, numbers)).orderBy(asc(paymentRefunds.id)),
    db
      .select({ slip: paymentOfflineSlips, file: files })
      .from(paymentOfflineSlips)
      .innerJoin(files, eq(files.id, paymentOfflineSlips.fileId))
      .where(inArray(paymentOfflineSlips.orderNo, numbers))
      .orderBy(desc(paymentOfflineSlips.id)),
  ]);
  const views = orders.map((order) => ({
    orderNo: order.orderNo,
    purpose: order.purpose,
    subject: order.subject,
    amountFen: order.amountFen,
    state: order.state,
    channel: order.channel,
    refundedFen: order.refundedFen,
    createdAt: order.createdAt.toISOString(),
    expiresAt: order.expiresAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    receipt:
      order.paidAt && order.paidChannel && order.providerTransactionId
        ? {
            channel: order.paidChannel,
            transactionId: order.providerTransactionId,
            amountFen: order.amountFen,
            paidAt: order.paidAt.toISOString(),
          }
        : null,
    refunds: refunds
      .filter((r) => r.orderNo === order.orderNo)
      .map((r) => ({
        refundNo: r.refundNo,
        amountFen: r.amountFen,
        reason: r.reason,
        state: r.state,
        secondPayment: r.secondPaymentTransactionId !== null,
        createdAt: r.createdAt.toISOString(),
      })),
    slips: slips
      .filter(({ slip }) => slip.orderNo === order.orderNo)
      .map(({ slip, file }) => ({
        id: slip.id,
        state: slip.state,
        reason: slip.reason,
        url: imageLinks(file, links).url,
        createdAt: slip.createdAt.toISOString(),
      })),
    offlineReference: order.offlineReference,
  }));
  return { views, refunds };
}

async function presentConsoleOrders(
  db: Executor,
  links: FileLinks,
  orders: PaymentOrderRow[],
): Promise<TConsolePayOrder[]> {
  if (orders.length === 0) return [];
  const numbers = orders.map((o) => o.orderNo);
  const [{ views, refunds }, transitions, names] = await Promise.all([
    presentOrdersWithRefunds(db, links, orders),
    db
      .select()
      .from(paymentTransitions)
      .where(inArray(paymentTransitions.orderNo, numbers))
      .orderBy(asc(paymentTransitions.id)),
    db
      .select({ rootId: companies.rootId, name: companies.name })
      .from(companies)
      .where(inArray(companies.rootId, [...new Set(orders.map((o) => o.rootId))])),
  ]);
  const nameOf = new Map(names.map((n) => [n.rootId, n.name]));
  const refundRow = new Map(refunds.map((r) => [r.refundNo, r]));
  return orders.map((order, index) => ({
    ...views[index]!,
    userId: order.userId,
    rootId: order.rootId,
    companyName: nameOf.get(order.rootId) ?? '',
    purposeRef: order.purposeRef,
    fulfilment: order.fulfilment,
    refunds: views[index]!.refunds.map(
      (view): TConsolePayRefund => ({
        ...view,
        channel: refundRow.get(view.refundNo)!.channel,
        providerRefundId: refundRow.get(view.refundNo)!.providerRefundId,
        // A failure recorded before failures were told apart is taken as unconfirmed (its money held).
        failure: view.state === 'failed' ? (refundRow.get(view.refundNo)!.failure ?? 'unconfirmed') : null,
      }),
    ),
    transitions: transitions
      .filter((t) => t.orderNo === order.orderNo)
      .map((t) => ({
        from: t.fromState,
        to: t.toState,
        cause: t.cause,
        details: (t.details ?? {}) as Record<string, unknown>,
        at: t.at.toISOString(),
      })),
  }));
}

async function consoleOrder(db: Executor, links: FileLinks, orderNo: string) {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  if (!order) throw notFound();
  return (await presentConsoleOrders(db, links, [order]))[0]!;
}

/**
 * `console/pay/orders`: orders by number (its start), company (name contains, or its root id), state, the
 * state of a refund (pending: at a channel or owed back by bank; failed: to be sent again) and where the
 * delivery stands (pending: the job still retries it; refused: never delivered), newest first.
 */
export async function searchOrders(
  ctx: ServiceContext,
  input: Omit<TConsolePayOrdersRequest, 'page' | 'pageSize'> & { page: number; pageSize: number },
): Promise<TConsolePayOrdersPage> {
  const company = input.company?.trim();
  const escaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const where = and(
    input.orderNo ? like(paymentOrders.orderNo, `${escaped(input.orderNo)}%`) : undefined,
    input.state ? eq(paymentOrders.state, input.state) : undefined,
    input.refundState
      ? exists(
          ctx.db
            .select({ id: paymentRefunds.id })
            .from(paymentRefunds)
            .where(and(eq(paymentRefunds.orderNo, paymentOrders.orderNo), eq(paymentRefunds.state, input.refundState))),
        )
      : undefined,
    input.fulfilment ? eq(paymentOrders.fulfilment, input.fulfilment) : undefined,
    company
      ? or(
          /^\d{1,9}$/.test(company) ? eq(paymentOrders.rootId, Number(company)) : undefined,
          sql`${paymentOrders.rootId} in (select ${companies.rootId} from ${companies} where ${ilike(companies.name, `%${escaped(company)}%`)})`,
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(paymentOrders)
      .where(where)
      .orderBy(desc(paymentOrders.createdAt), desc(paymentOrders.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(paymentOrders).where(where),
  ]);
  return {
    list: await presentConsoleOrders(ctx.db, ctx.links, rows),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** `console/pay/offline_queue`: slips waiting for an operator, oldest first. */
export async function offlineQueue(ctx: ServiceContext): Promise<TOfflineQueueItem[]> {
  const rows = await ctx.db
    .select({ slip: paymentOfflineSlips, order: paymentOrders, file: files, companyName: companies.name })
    .from(paymentOfflineSlips)
    .innerJoin(paymentOrders, eq(paymentOrders.orderNo, paymentOfflineSlips.orderNo))
    .innerJoin(files, eq(files.id, paymentOfflineSlips.fileId))
    .leftJoin(companies, eq(companies.rootId, paymentOrders.rootId))
    .where(eq(paymentOfflineSlips.state, 'pending'))
    .orderBy(asc(paymentOfflineSlips.createdAt), asc(paymentOfflineSlips.id))
    .limit(200);
  return rows.map(({ slip, order, file, companyName }) => ({
    slipId: slip.id,
    orderNo: order.orderNo,
    reference: order.offlineReference ?? '',
    amountFen: order.amountFen,
    subject: order.subject,
    rootId: order.rootId,
    companyName: companyName ?? '',
    url: imageLinks(file, ctx.links).url,
    createdAt: slip.createdAt.toISOString(),
  }));
}

async function lockPendingSlip(tx: Executor, slipId: number) {
  const [slip] = await tx.select().from(paymentOfflineSlips).where(eq(paymentOfflineSlips.id, slipId)).for('update');
  if (!slip) throw notFound();
  if (slip.state !== 'pending') throw new AppError(CodeFlag.conflict, 'pay.slipDecided');
  return slip;
}

/**
 * `console/pay/offline_confirm`: the transfer arrived; the order becomes paid (a closed one too: the money
 * is here). An order paid meanwhile (online, or by another transfer) is not paid twice: the transfer is
 * recorded as its second payment, owed back to the buyer by bank (a pending refund of channel offline,
 * which the operator marks done with `console/pay/refund_done`).
 */
export async function confirmOfflineSlip(
  ctx: ServiceContext,
  deps: PaymentDeps,
  slipId: number,
): Promise<TConsolePayOrder> {
  const now = ctx.clock.now();
  const { orderNo, refund } = await ctx.db.transaction(async (tx) => {
    const slip = await lockPendingSlip(tx, slipId);
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, slip.orderNo)).for('update');
    if (!order) throw notFound();
    await tx
      .update(paymentOfflineSlips)
      .set({ state: 'confirmed', operatorId: ctx.actor.userId, decidedAt: now })
      .where(eq(paymentOfflineSlips.id, slip.id));
    const recorded = await markPaidIn(tx, deps, {
      orderNo: order.orderNo,
      channel: 'offline',
      transactionId: `offline:${slip.id}`,
      amountFen: order.amountFen,
      currency: order.currency,
      paidAt: now,
      cause: `operator:${ctx.actor.userId}`,
      details: { slipId: slip.id },
    });
    if (recorded.outcome !== 'paid' && recorded.outcome !== 'second_payment')
      throw new Error(`offline confirmation of ${order.orderNo} came out ${recorded.outcome}`);
    await recordOperatorAction(
      { db: tx, clock: ctx.clock, actor: ctx.actor },
      {
        action: 'payment.offline_confirm',
        target: `payment_order:${order.orderNo}`,
        detail: {
          slipId: slip.id,
          amountFen: order.amountFen,
          ...(recorded.outcome === 'second_payment' ? { secondPayment: true } : {}),
          ...(recorded.refund ? { refundNo: recorded.refund.refundNo } : {}),
        },
      },
    );
    return { orderNo: order.orderNo, refund: recorded.refund };
  });
  // A transfer's refund waits for its operator; only an online one (none here today) would be sent.
  if (refund) await sendRefundQuietly(deps, refund);
  return consoleOrder(ctx.db, ctx.links, orderNo);
}

/** `console/pay/offline_reject`: the slip does not show the money (wrong amount, unreadable); the buyer sees why. */
export async function rejectOfflineSlip(
  ctx: ServiceContext,
  input: { slipId: number; reason: string },
): Promise<TConsolePayOrder> {
  const now = ctx.clock.now();
  const orderNo = await ctx.db.transaction(async (tx) => {
    const slip = await lockPendingSlip(tx, input.slipId);
    await tx
      .update(paymentOfflineSlips)
      .set({ state: 'rejected', reason: input.reason, operatorId: ctx.actor.userId, decidedAt: now })
      .where(eq(paymentOfflineSlips.id, slip.id));
    await recordOperatorAction(
      { db: tx, clock: ctx.clock, actor: ctx.actor },
      {
        action: 'payment.offline_reject',
        target: `payment_order:${slip.orderNo}`,
        detail: { slipId: slip.id, reason: input.reason },
      },
    );
    return slip.orderNo;
  });
  return consoleOrder(ctx.db, ctx.links, orderNo);
}

/**
 * `console/pay/refund`: a refund through the channel that took the money, of at most what is left: what
 * was paid, less what was refunded and what the order's refunds on their way or failed unconfirmed hold
 * (one of those is sent again with `console/pay/refund_retry`, never refunded anew). It is recorded as pending
 * first (so two refunds at once cannot together exceed what was paid), the channel is asked outside any
 * transaction, then its answer is recorded (settleRefund): done at once (Alipay, a transfer), or accepted
 * and pending until the provider says how it ended (WeChat Pay's PROCESSING, then a REFUND.* notification
 * or the refund query job); a request the channel did not answer is pending the same way.
 */
export async function refundOrder(
  ctx: ServiceContext,
  deps: PaymentDeps,
  input: Required<Pick<TPayRefundRequest, 'orderNo' | 'reason'>> & { amountFen: number },
): Promise<TConsolePayOrder> {
  const now = ctx.clock.now();
  const { order, refundNo } = await ctx.db.transaction(async (tx) => {
    const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, input.orderNo)).for('update');
    if (!order) throw notFound();
    if ((order.state !== 'paid' && order.state !== 'partly_refunded') || !order.paidChannel)
      throw new AppError(CodeFlag.conflict, 'pay.notRefundable');
    // A refund on its way, or failed unconfirmed (the provider may have paid it: it is sent again, under its
    // own number, which the provider pays once), is not refunded anew: the buyer would be paid twice.
    const held = await heldOwnRefundsFen(tx, order.orderNo);
    const refundable = order.amountFen - order.refundedFen - held.pendingFen - held.unconfirmedFen;
    if (input.amountFen > refundable) {
      const max = fenToYuanText(Math.max(0, refundable));
      throw held.unconfirmedFen > 0
        ? new AppError(CodeFlag.invalidInput, 'pay.refundUnconfirmed', {
            max,
            unconfirmed: fenToYuanText(held.unconfirmedFen),
          })
        : new AppError(CodeFlag.invalidInput, 'pay.refundTooMuch', { max });
    }
    const refundNo = await insertRefund(tx, now, {
      orderNo: order.orderNo,
      amountFen: input.amountFen,
      reason: input.reason,
      operatorId: ctx.actor.userId,
      channel: order.paidChannel,
      secondPaymentTransactionId: null,
    });
    await recordOperatorAction(
      { db: tx, clock: ctx.clock, actor: ctx.actor },
      {
        action: 'payment.refund',
        target: `payment_order:${order.orderNo}`,
        detail: { refundNo, amountFen: input.amountFen, reason: input.reason },
      },
    );
    return { order, refundNo };
  });

  const cause = `operator:${ctx.actor.userId}`;
  // A transfer is paid back by bank: the refund waits, owed, until an operator has transferred it and
  // records the bank's reference (console/pay/refund_done), as every refund owed back by bank does.
  if (order.paidChannel === 'offline') return consoleOrder(ctx.db, ctx.links, order.orderNo);
  const result = await sendRefund(deps, refundNo, cause);
  if (result?.state === 'failed') {
    deps.log.warn({ orderNo: order.orderNo, refundNo, reason: result.reason }, 'refund refused by the channel');
    throw new AppError(CodeFlag.paymentFailed, 'pay.refundFailed');
  }
  return consoleOrder(ctx.db, ctx.links, order.orderNo);
}

/**
 * `console/pay/refund_retry`: a failed refund (an operator's, an automatic one of a second payment or of
 * a payment that could not be delivered) sent again to its channel, under its own refund number. Providers
 * refund one number once (WeChat Pay's out_refund_no, Alipay's out_request_no: a repeat of one they paid
 * is answered as that refund and moves no money), so a refund we took as failed but the provider paid is
 * never paid twice. It is pending again from the moment it is sent (under the refund's lock: of operators
 * sending it at once, one does); an order's own refund only while what is left to refund covers it.
 */
export async function retryRefund(ctx: ServiceContext, deps: PaymentDeps, refundNo: string): Promise<TConsolePayOrder> {
  const cause = `operator:${ctx.actor.userId}`;
  const orderNo = await ctx.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, refundNo);
    if (refund.state !== 'failed' || refund.channel === 'offline')
      throw new AppError(CodeFlag.conflict, 'pay.refundNotFailed');
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.orderNo, refund.orderNo))
      .for('update');
    if (!order) throw notFound();
    if (!refund.secondPaymentTransactionId) {
      // What the order's other refunds hold (on their way, or unconfirmed) is not this one's to take.
      const held = await heldOwnRefundsFen(tx, order.orderNo, refund.id);
      const left = order.amountFen - order.refundedFen - held.pendingFen - held.unconfirmedFen;
      if (refund.amountFen > left)
        throw new AppError(CodeFlag.conflict, 'pay.refundResendTooMuch', { max: fenToYuanText(Math.max(0, left)) });
    }
    await tx
      .update(paymentRefunds)
      .set({ state: 'pending', failure: null, decidedAt: null })
      .where(eq(paymentRefunds.id, refund.id));
    await recordTransition(tx, {
      orderNo: order.orderNo,
      from: order.state,
      to: order.state,
      cause,
      details: {
        refundNo,
        amountFen: refund.amountFen,
        reason: refund.reason,
        refundSentAgain: true,
        failure: refund.failure ?? 'unconfirmed',
      },
      at: ctx.clock.now(),
    });
    await recordOperatorAction(
      { db: tx, clock: ctx.clock, actor: ctx.actor },
      {
        // A refund action (the log's actions are the operators contract's): its details say it was sent again.
        action: 'payment.refund',
        target: `payment_order:${order.orderNo}`,
        detail: { refundNo, amountFen: refund.amountFen, sentAgain: true },
      },
    );
    return order.orderNo;
  });
  const result = await sendRefund(deps, refundNo, cause);
  if (result?.state === 'failed') {
    deps.log.warn({ orderNo, refundNo, reason: result.reason }, 'refund sent again refused by the channel');
    throw new AppError(CodeFlag.paymentFailed, 'pay.refundFailed');
  }
  return consoleOrder(ctx.db, ctx.links, orderNo);
}

/**
 * `console/pay/refund_done`: a refund owed back by bank (channel offline: a transfer confirmed after the
 * order was paid, or a transfer-paid order that could not be delivered) was transferred by an operator,
 * who records the bank's reference. It succeeds once, under the refund's lock.
 */
export async function markRefundPaidBack(
  ctx: ServiceContext,
  deps: PaymentDeps,
  input: { refundNo: string; reference: string },
): Promise<TConsolePayOrder> {
  const orderNo = await ctx.db.transaction(async (tx) => {
    const refund = await lockRefund(tx, input.refundNo);
    if (refund.channel !== 'offline') throw new AppError(CodeFlag.conflict, 'pay.refundNotOffline');
    if (refund.state !== 'pending') throw new AppError(CodeFlag.conflict, 'pay.refundNotPending');
    await settleRefundIn(
      tx,
      deps,
      refund,
      { state: 'succeeded', refundId: input.reference },
      `operator:${ctx.actor.userId}`,
    );
    await recordOperatorAction(
      { db: tx, clock: ctx.clock, actor: ctx.actor },
      {
        // A refund action: its details say it was paid back by bank, and with which transfer.
        action: 'payment.refund',
        target: `payment_order:${refund.orderNo}`,
        detail: { refundNo: refund.refundNo, amountFen: refund.amountFen, paidBackByBank: input.reference },
      },
    );
    return refund.orderNo;
  });
  return consoleOrder(ctx.db, ctx.links, orderNo);
}

async function lockRefund(tx: Executor, refundNo: string) {
  const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)).for('update');
  if (!refund) throw notFound();
  return refund;
}

/** A refund's failure and whose word it is: the provider's refusal, or one it did not confirm. */
type RefundFailed = { state: 'failed'; reason: string; failure: RefundFailure };
/** A channel's answer to a refund request, a failure with whose word it is. */
type RefundAnswer = Exclude<RefundResult, { state: 'failed' }> | RefundFailed;

/**
 * A channel's answer to a refund request. A refusal it answers is the provider's word (refused); a
 * channel not configured fails it unconfirmed: this request went nowhere, but an earlier one under the
 * same number (it is being sent again) may have been paid.
 */
async function askRefund(
  deps: Pick<PaymentDeps, 'payments'>,
  channelName: OnlineChannel,
  refund: Parameters<PaymentChannel['refund']>[0],
): Promise<RefundAnswer> {
  const channel = deps.payments[channelName];
  if (!channel) return { state: 'failed', reason: `channel ${channelName} not configured`, failure: 'unconfirmed' };
  // A request that threw may still have reached the provider: only a refund query can say it failed.
  const result = await channel.refund(refund).catch((error: unknown) => ({
    state: 'unknown' as const,
    reason: error instanceof Error ? error.message : 'refund not answered',
  }));
  return result.state === 'failed' ? { ...result, failure: 'refused' } : result;
}

/**
 * Sends a pending refund to the provider that pays it back and records the answer (recordRefundAnswer);
 * answers it, or undefined when there was nothing to send: the refund is no longer pending, or is owed
 * back by bank (channel offline), which waits for its operator.
 */
async function sendRefund(deps: PaymentDeps, refundNo: string, cause: string): Promise<RefundAnswer | undefined> {
  const [row] = await deps.db
    .select({ refund: paymentRefunds, paidFen: paymentOrders.amountFen })
    .from(paymentRefunds)
    .innerJoin(paymentOrders, eq(paymentOrders.orderNo, paymentRefunds.orderNo))
    .where(eq(paymentRefunds.refundNo, refundNo));
  if (row?.refund.state !== 'pending' || row.refund.channel === 'offline') return undefined;
  const { refund } = row;
  const result = await askRefund(deps, refund.channel as OnlineChannel, {
    orderNo: refund.orderNo,
    refundNo,
    amountFen: refund.amountFen,
    // The payment it goes back from: the order's, or a second payment of the same amount.
    totalFen: row.paidFen,
    reason: refund.reason,
  });
  await recordRefundAnswer(deps, refundNo, result, cause);
  return result;
}

/**
 * sendRefund for a refund a callback or a job started: a failure on our side is logged, and the refund,
 * still pending, is the refund query job's (or, failed, an operator's to send again).
 */
async function sendRefundQuietly(deps: PaymentDeps, started: StartedRefund) {
  try {
    await sendRefund(deps, started.refundNo, started.cause);
  } catch (error) {
    deps.log.error({ err: error, refundNo: started.refundNo }, 'refund not sent: left pending');
  }
}

/**
 * Records a channel's answer: the provider's refund id on a refund it is still processing, or the outcome.
 * A refund the channel did not answer stays pending: the provider may have taken it, so it is settled by its
 * notification or the refund query job, never failed here (a retry would pay it back twice).
 */
async function recordRefundAnswer(
  deps: Pick<PaymentDeps, 'db' | 'clock' | 'modules' | 'log'>,
  refundNo: string,
  result: RefundAnswer,
  cause: string,
) {
  if (result.state === 'unknown') {
    deps.log.warn({ refundNo, reason: result.reason }, 'refund not answered by the channel: left pending');
    return;
  }
  if (result.state === 'processing') {
    await deps.db
      .update(paymentRefunds)
      .set({ providerRefundId: result.refundId })
      .where(and(eq(paymentRefunds.refundNo, refundNo), eq(paymentRefunds.state, 'pending')));
    return;
  }
  await settleRefund(deps, refundNo, result, cause);
}

/**
 * A refund's outcome, recorded once: the refund row is locked and only a pending one changes (a failure
 * with whose word it is: refused, or unconfirmed, which keeps its money held), but for one
 * the provider says it paid after we had taken it as failed (its notification or answer came after a day
 * of silence, or a refusal we read wrongly): the money went out, so it becomes succeeded; and for one
 * failed unconfirmed that the provider then refuses (WeChat Pay's REFUND.CLOSED/ABNORMAL after our give-up):
 * its word that nothing was paid makes it refused, once, and its money may be refunded anew. A success moves
 * the order to refunded or partly_refunded and calls the purpose's `refunded` in the same transaction,
 * except for the refund of a second payment, which gives back money the order never kept, and for an
 * order never delivered, which has nothing to take back (one still pending delivery is then refused: the
 * money went back first). Answers whether it changed anything.
 */
export async function settleRefund(
  deps: Pick<PaymentDeps, 'db' | 'clock' | 'modules' | 'log'>,
  refundNo: string,
  outcome: { state: 'succeeded'; refundId: string } | RefundFailed,
  cause: string,
): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.refundNo, refundNo)).for('update');
    return refund ? settleRefundIn(tx, deps, refund, outcome, cause) : false;
  });
}

/** settleRefund inside the caller's transaction, which holds the refund row locked. */
async function settleRefundIn(
  tx: Executor,
  deps: Pick<PaymentDeps, 'clock' | 'modules' | 'log'>,
  refund: PaymentRefundRow,
  outcome: { state: 'succeeded'; refundId: string } | RefundFailed,
  cause: string,
): Promise<boolean> {
  // A failure the provider did not confirm (unconfirmed, or recorded before failures were told apart).
  const unconfirmedFailure = refund.state === 'failed' && refund.failure !== 'refused';
  const settles: Record<RefundState, boolean> = {
    pending: true,
    failed: outcome.state === 'succeeded' || (unconfirmedFailure && outcome.failure === 'refused'),
    succeeded: false,
  };
  if (!settles[refund.state]) return false;
  const refundNo = refund.refundNo;
  const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.orderNo, refund.orderNo)).for('update');
  const now = deps.clock.now();
  if (outcome.state === 'failed') {
    await tx
      .update(paymentRefunds)
      .set({ state: 'failed', failure: outcome.failure, decidedAt: now })
      .where(eq(paymentRefunds.id, refund.id));
    await recordTransition(tx, {
      orderNo: refund.orderNo,
      from: order!.state,
      to: order!.state,
      cause,
      details: {
        refundNo,
        refundFailed: outcome.reason,
        failure: outcome.failure,
        amountFen: refund.amountFen,
        ...(unconfirmedFailure ? { refusedAfterUnconfirmed: true } : {}),
      },
      at: now,
    });
    deps.log.warn(
      { orderNo: refund.orderNo, refundNo, reason: outcome.reason, failure: outcome.failure },
      unconfirmedFailure
        ? 'a refund taken as unconfirmed was refused by the provider: its money may be refunded anew'
        : 'refund failed at the channel',
    );
    return true;
  }
  await tx
    .update(paymentRefunds)
    .set({ state: 'succeeded', failure: null, providerRefundId: outcome.refundId, decidedAt: now })
    .where(eq(paymentRefunds.id, refund.id));
  const details = {
    refundNo,
    amountFen: refund.amountFen,
    reason: refund.reason,
    channel: refund.channel,
    providerRefundId: outcome.refundId,
    ...(refund.state === 'failed' ? { afterFailure: true } : {}),
  };
  if (refund.state === 'failed')
    deps.log.warn({ orderNo: refund.orderNo, refundNo }, 'a refund taken as failed was paid by the provider');
  if (refund.secondPaymentTransactionId) {
    await recordTransition(tx, {
      orderNo: refund.orderNo,
      from: order!.state,
      to: order!.state,
      cause,
      details: { ...details, secondPaymentRefunded: refund.secondPaymentTransactionId },
      at: now,
    });
    return true;
  }
  const refundedFen = order!.refundedFen + refund.amountFen;
  if (refundedFen > order!.amountFen)
    deps.log.error(
      { orderNo: refund.orderNo, refundNo, refundedFen, paidFen: order!.amountFen },
      'refunds exceed what the order was paid',
    );
  const state: PaymentState = refundedFen >= order!.amountFen ? 'refunded' : 'partly_refunded';
  // Delivered (done, or an order paid before deliveries were recorded): what it bought is taken back.
  const delivered = order!.fulfilment !== 'pending' && order!.fulfilment !== 'refused';
  await tx
    .update(paymentOrders)
    .set({ refundedFen, state, updatedAt: now, ...(order!.fulfilment === 'pending' ? { fulfilment: 'refused' } : {}) })
    .where(eq(paymentOrders.id, order!.id));
  await recordTransition(tx, {
    orderNo: refund.orderNo,
    from: order!.state,
    to: state,
    cause,
    details: { ...details, ...(order!.fulfilment === 'pending' ? { fulfilmentAbandoned: true } : {}) },
    at: now,
  });
  if (delivered)
    await fulfilmentFor(deps.modules, order!.purpose).refunded(tx, factsOf(order!), refund.amountFen, deps.clock);
  return true;
}

/** The fixed reason on the refund of a second payment (operators read it in the console, buyers in their orders). */
export const SECOND_PAYMENT_REFUND_REASON = '重复支付，自动退回 (paid twice: refunded automatically)';
/** The reason on a transfer confirmed after the order was paid: an operator pays it back by bank. */
export const SECOND_TRANSFER_REFUND_REASON =
  '重复支付（对公转账），由平台转账退回 (paid twice by transfer: paid back by bank)';
/** The reason on the automatic refund of a payment whose purchase can never be delivered. */
export const UNDELIVERABLE_REFUND_REASON = '无法交付，自动退款 (could not be delivered: refunded automatically)';
/** The reason on the refund of a transfer whose purchase can never be delivered: an operator pays it back by bank. */
export const UNDELIVERABLE_TRANSFER_REFUND_REASON =
  '无法交付（对公转账），由平台转账退回 (could not be delivered, paid by transfer: paid back by bank)';

/**
 * Refunds still pending a while after they were asked for: each provider is asked how it ended (its
 * notification is late or lost). One the provider never heard of after a day failed (a crash before
 * the request left, or a refusal we never read), unconfirmed: it may yet have been paid, so its money
 * stays held until an operator sends it again. WeChat Pay's query fails only a refund it closed or found
 * abnormal (refused); Alipay's fails one it did not find paid, which it may yet take (unconfirmed).
 */
export async function queryPendingRefunds(deps: PaymentDeps, limit = 200): Promise<number> {
  const now = deps.clock.now();
  const pending = await deps.db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.state, 'pending'),
        // One owed back by bank waits for its operator: no provider holds it (and it must not crowd out the rest).
        ne(paymentRefunds.channel, 'offline'),
        lte(paymentRefunds.createdAt, new Date(now.getTime() - REFUND_QUERY_AFTER_MS)),
      ),
    )
    .orderBy(asc(paymentRefunds.createdAt))
    .limit(limit);
  return forEachIsolated(deps, pending, {
    // Ordered by when it was asked for, which the day-long wait counts from: it keeps its place.
    failed: 'refund outcome not recorded: the refund stays pending',
    async work(refund) {
      if (refund.channel === 'offline') return false;
      const channel = deps.payments[refund.channel];
      if (!channel) return false;
      let answer: RefundQuery;
      try {
        answer = await channel.queryRefund({ orderNo: refund.orderNo, refundNo: refund.refundNo });
      } catch (error) {
        deps.log.warn({ err: error, refundNo: refund.refundNo }, 'payment provider not reachable');
        return false;
      }
      const cause = `query:${refund.channel}`;
      if (answer.state === 'succeeded') {
        if (answer.amountFen !== refund.amountFen) {
          deps.log.error(
            { refundNo: refund.refundNo, expected: refund.amountFen, got: answer.amountFen },
            'refund amount at the provider does not match',
          );
          return false;
        }
        return settleRefund(deps, refund.refundNo, { state: 'succeeded', refundId: answer.refundId }, cause);
      }
      if (answer.state === 'failed') {
        const failure: RefundFailure = refund.channel === 'wxpay' ? 'refused' : 'unconfirmed';
        return settleRefund(deps, refund.refundNo, { ...answer, failure }, cause);
      }
      if (answer.state === 'unknown' && now.getTime() - refund.createdAt.getTime() > REFUND_UNKNOWN_FAILS_AFTER_MS)
        return settleRefund(
          deps,
          refund.refundNo,
          { state: 'failed', reason: 'unknown at the provider', failure: 'unconfirmed' },
          cause,
        );
      return false;
    },
  });
}

/** How long a refund waits for its notification before the provider is asked. */
const REFUND_QUERY_AFTER_MS = 5 * 60_000;
/** How long a refund the provider does not know of stays pending before it is taken as failed. */
const REFUND_UNKNOWN_FAILS_AFTER_MS = 24 * 3600_000;

/**
 * Unpaid orders past their time: each asked about at its provider first (a payment there is honoured), then
 * closed. One whose payment there cannot be recorded is not closed: the next run asks again.
 */
export async function closeExpiredOrders(deps: PaymentDeps, limit = 200): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ orderNo: paymentOrders.orderNo, channel: paymentOrders.channel })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.state, 'unpaid'), lte(paymentOrders.expiresAt, now)))
    .orderBy(asc(paymentOrders.expiresAt))
    .limit(limit);
  return forEachIsolated(deps, due, {
    // Ordered by its deadline, which is the buyer's (pay/create refuses after it): it keeps its place.
    failed: 'unpaid order not closed: it is tried again next run',
    async work(order) {
      if (await queryProvider(deps, order, 'query')) return false;
      if (order.channel === 'wxpay' || order.channel === 'alipay') {
        await deps.payments[order.channel]?.close(order.orderNo).catch((error: unknown) => {
          deps.log.warn({ err: error, orderNo: order.orderNo }, 'order not closed at the provider');
        });
      }
      return deps.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(paymentOrders)
          .where(eq(paymentOrders.orderNo, order.orderNo))
          .for('update');
        // A callback may have paid it meanwhile: the lock makes one of the two see the other's outcome.
        if (current?.state !== 'unpaid' || current.expiresAt > deps.clock.now()) return false;
        await tx
          .update(paymentOrders)
          .set({ state: 'closed', updatedAt: deps.clock.now() })
          .where(eq(paymentOrders.id, current.id));
        await recordTransition(tx, {
          orderNo: current.orderNo,
          from: 'unpaid',
          to: 'closed',
          cause: 'job:close',
          at: deps.clock.now(),
        });
        return true;
      });
    },
  });
}

/** How long after the buyer went to the cashier a missing callback counts as late. */
export const CALLBACK_LATE_MS = 2 * 60_000;

/**
 * Unpaid orders whose callback is late: each asked about at its provider; a payment there is recorded. One
 * whose payment cannot be recorded (its transaction failed) goes to the back of the queue.
 */
export async function queryLateOrders(deps: PaymentDeps, limit = 200): Promise<number> {
  const now = deps.clock.now();
  const late = await deps.db
    .select({ orderNo: paymentOrders.orderNo, channel: paymentOrders.channel })
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.state, 'unpaid'),
        inArray(paymentOrders.channel, ['wxpay', 'alipay']),
        lte(paymentOrders.updatedAt, new Date(now.getTime() - CALLBACK_LATE_MS)),
        sql`${paymentOrders.expiresAt} > ${now}`,
      ),
    )
    .orderBy(asc(paymentOrders.updatedAt))
    .limit(limit);
  return forEachIsolated(deps, late, {
    failed: 'payment of a late order not recorded: it goes to the back of the queue',
    async work(order) {
      if (await queryProvider(deps, order, 'query')) return true;
      // Asked and still unpaid: it waits its turn again (late once more after CALLBACK_LATE_MS), so more
      // open cashiers than one run takes are all asked in turn, not the same oldest ones every minute.
      await moveToBackOfQueue(deps.db, order.orderNo, deps.clock.now());
      return false;
    },
    afterFailure: ({ orderNo }) => moveToBackOfQueue(deps.db, orderNo, deps.clock.now()),
  });
}
