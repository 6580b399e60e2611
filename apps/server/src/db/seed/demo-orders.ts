import { type CallContract, type CallResponse, Calls, CodeFlag, Platform } from '@metal/shared';
import { and, asc, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tradeOrders } from '../../modules/orders/orders.table';
import { stocks } from '../../modules/stocks/stocks.table';
import { DEMO_ACCOUNTS } from './demo';

/** What marks the demo order: its remark and quote note, beside the row's is_demo. */
export const DEMO_ORDER_REMARK = '演示订单（Demo）';
/** What marks the demo proxy selection (it has no is_demo of its own): the seller's note. */
export const DEMO_PROXY_NOTE = '演示代选（Demo）：按采购单报价，含税到厂，三日内发货';

/**
 * One trade order in the middle of its life, walked through the app's own calls: the demo buyer orders
 * 2 tons of one of the demo supplier's lots, the supplier quotes (its chat shows the quote), the buyer
 * agrees to pay by bank transfer, so the order waits for payment: the buyer can hand in a slip or
 * cancel, the supplier confirm the payment. The supplier has also filled a purchase order for the buyer
 * in their chat (a proxy selection), which the buyer can review and order. Answers the order's number.
 */
export async function seedDemoOrders(app: FastifyInstance): Promise<string> {
  const { db } = app.deps;
  const [buyerAccount, supplierAccount] = DEMO_ACCOUNTS;

  async function call<C extends CallContract>(contract: C, fields: Record<string, unknown>, session = '') {
    const body = new URLSearchParams(
      Object.entries({ platform: Platform.web, openId: '', session_id: session, ...fields }).map(
        ([k, v]): [string, string] => [k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)],
      ),
    );
    const response = await app.inject({
      method: 'POST',
      url: `/${contract.path}.htmls`,
      payload: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const envelope = response.json() as { codeFlag: number; mesg: string; data: CallResponse<C> };
    if (envelope.codeFlag !== CodeFlag.ok)
      throw new Error(`demo orders: ${contract.path} answered ${envelope.codeFlag} ${envelope.mesg}`);
    return envelope.data as NonNullable<CallResponse<C>>;
  }
  const login = (account: { phone: string; password: string }) =>
    call(Calls.login, { account: account.phone, password: account.password });

  const { sessionId: buyer, userId: buyerUserId } = await login(buyerAccount);
  const { sessionId: supplier, rootId: supplierRootId } = await login(supplierAccount);
  const lots = await db
    .select()
    .from(stocks)
    .where(
      and(
        eq(stocks.rootId, supplierRootId),
        eq(stocks.status, 'sale'),
        eq(stocks.splittable, true),
        gte(stocks.quantityKg, 2_000),
      ),
    )
    .orderBy(asc(stocks.id))
    .limit(2);
  const [lot, secondLot = lot] = lots;
  if (!lot) throw new Error('demo orders: the demo supplier has no splittable lot for sale');
  const created = await call(
    Calls.orderConfirmStock,
    { items: [{ stockId: lot.id, quantity: '2' }], remark: DEMO_ORDER_REMARK },
    buyer,
  );
  const orderId = created.orders[0]!.orderId;
  const order = await call(Calls.orderDetail, { orderId }, supplier);
  const price = order.items[0]!.listPriceFen ?? 2_000_000;
  await call(
    Calls.orderQuote,
    {
      orderId,
      items: order.items.map((item) => ({ itemId: item.id, unitPrice: ((price - 5_000) / 100).toFixed(2) })),
      freight: '300',
      deliveryMethod: 'delivery',
      validHours: 72,
      note: `${DEMO_ORDER_REMARK}：含税，到厂价，三日内发货`,
    },
    supplier,
  );
  await call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'offline_transfer' }, buyer);
  await db.update(tradeOrders).set({ isDemo: true }).where(eq(tradeOrders.id, orderId));
  const pickPrice = secondLot!.currentPriceFen ?? 2_000_000;
  await call(
    Calls.orderProxyPick,
    {
      buyerUserId,
      mode: 'purchase_order',
      items: [{ stockId: secondLot!.id, quantity: '3', unitPrice: ((pickPrice - 10_000) / 100).toFixed(2) }],
      freight: '450',
      deliveryMethod: 'delivery',
      note: DEMO_PROXY_NOTE,
    },
    supplier,
  );
  return created.orders[0]!.orderNo;
}
