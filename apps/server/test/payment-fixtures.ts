import { count, eq } from 'drizzle-orm';
import type { ServerModuleOverrides } from '../src/modules/index';
import type { PaymentFulfilment, PaymentOrderFacts } from '../src/modules/payments/payments.purposes';
import { createPaymentOrder } from '../src/modules/payments/payments.service';
import {
  paymentOfflineSlips,
  paymentOrders,
  paymentRefunds,
  paymentTransitions,
} from '../src/modules/payments/payments.table';
import type { TestApp } from './helpers';
import { plainImage } from './images';

/**
 * A purpose for tests that counts what it was asked to deliver: it takes the place of the orders module's
 * `trade_order` fulfilment, so payments are tested without trade orders behind them.
 */
export function countingPurpose() {
  const paid: PaymentOrderFacts[] = [];
  const refunded: { orderNo: string; refundFen: number }[] = [];
  const fulfilment: PaymentFulfilment = {
    async paid(_tx, order) {
      paid.push(order);
    },
    async refunded(_tx, order, refundFen) {
      refunded.push({ orderNo: order.orderNo, refundFen });
    },
  };
  const modules: ServerModuleOverrides = { orders: { paymentPurposes: { trade_order: fulfilment } } };
  return {
    modules,
    paid,
    refunded,
    paidTimes: (orderNo: string) => paid.filter((o) => o.orderNo === orderNo).length,
  };
}

/** An unpaid order of the owner's company, as a selling module makes one. */
export async function buildPaymentOrder(
  t: TestApp,
  owner: { user: { id: number; rootId: number } },
  amountFen = 499_900,
) {
  return createPaymentOrder(t.db, {
    purpose: 'trade_order',
    purposeRef: `test-${owner.user.id}-${amountFen}`,
    userId: owner.user.id,
    rootId: owner.user.rootId,
    amountFen,
    subject: '认证供应商 6个月',
    now: t.clock.now(),
  });
}

/** Everything payments holds about an order, to prove a refused call or notification changed nothing. */
export async function paymentSnapshot(t: TestApp, orderNo: string) {
  const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  const counts = await Promise.all(
    [paymentTransitions, paymentRefunds, paymentOfflineSlips].map(
      async (table) => (await t.db.select({ n: count() }).from(table).where(eq(table.orderNo, orderNo)))[0]?.n ?? 0,
    ),
  );
  return { order, transitions: counts[0], refunds: counts[1], slips: counts[2] };
}

export async function orderRow(t: TestApp, orderNo: string) {
  const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.orderNo, orderNo));
  return order!;
}

export async function transitionsOf(t: TestApp, orderNo: string) {
  return t.db
    .select()
    .from(paymentTransitions)
    .where(eq(paymentTransitions.orderNo, orderNo))
    .orderBy(paymentTransitions.id);
}

/** POSTs a provider notification to the app as the provider would. */
export async function notify(t: TestApp, notification: { url: string; headers: Record<string, string>; body: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: notification.url,
    headers: notification.headers,
    payload: notification.body,
  });
  return { status: response.statusCode, body: response.body };
}

/** A transfer slip picture the owner uploaded (kind transferSlip, private). */
export async function uploadSlip(t: TestApp, session: string) {
  const uploaded = await t.upload<{ id: number }[]>([{ name: 'slip.png', data: await plainImage('png') }], {
    session,
    kind: 'transferSlip',
  });
  const file = uploaded.body.data?.[0];
  if (!file) throw new Error(`slip upload failed: ${uploaded.body.mesg}`);
  return file.id;
}
