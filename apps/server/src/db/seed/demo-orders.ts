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
/** What marks the demo order paid at the cashier: its remark and quote note, beside the row's is_demo. */
export const DEMO_CASHIER_ORDER_REMARK = '演示在线支付订单（Demo）';

/**
 * The lot the order paid at the cashier buys 2 tons of: the demo supplier's A00 AL99.85, which nothing
 * else in the demo touches (the demo order and the purchase order take the first two splittable lots,
 * A00 AL99.70 and 6063 rod; the cart AL99.70 and ADC12; e2e/orders.spec.ts orders 6063 rod and 废铝).
 */
const CASHIER_LOT = { productName: 'A00铝锭', specifications: 'AL99.85' } as const;

type DemoCall = <C extends CallContract>(
  contract: C,
  fields: Record<string, unknown>,
  session?: string,
) => Promise<NonNullable<CallResponse<C>>>;

/** The app's own calls as the web app sends them (form-encoded `.htmls`), failing on any answer but ok. */
function demoCaller(app: FastifyInstance): DemoCall {
  return async (contract, fields, session = '') => {
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
    const envelope = response.json() as { codeFlag: number; mesg: string; data: unknown };
    if (envelope.codeFlag !== CodeFlag.ok)
      throw new Error(`demo orders: ${contract.path} answered ${envelope.codeFlag} ${envelope.mesg}`);
    return envelope.data as NonNullable<CallResponse<typeof contract>>;
  };
}

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
  const call = demoCaller(app);
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

/**
 * One trade order paid at the platform's cashier, waiting to be shipped, walked through the app's own
 * calls as the demo order is: the demo supplier turns on online payment in its trade settings (after the
 * demo order was made, so that one keeps the bank-transfer-only terms it was made with), the demo buyer
 * orders 2 tons of the supplier's A00 AL99.85 to its default receipt address, the supplier quotes, the
 * buyer agrees to pay online and pays by WeChat Pay in the payment sandbox. The supplier sees a paid
 * order to ship; the demo operator finds its payment in the console's payment orders and may refund it
 * in full, which cancels the order and puts the tons back on sale. Only with the sandbox cashier payable
 * (the start command's PAY_SANDBOX=1), as the demo buyer's forecast VIP paid twice: otherwise it makes
 * nothing and the supplier's settings stay as they were. Answers the order's number, or '' when skipped.
 */
export async function seedDemoCashierOrder(app: FastifyInstance): Promise<string> {
  const sandbox = app.deps.paymentSandbox;
  if (!sandbox?.payable) return '';
  const { db } = app.deps;
  const [buyerAccount, supplierAccount] = DEMO_ACCOUNTS;
  const call = demoCaller(app);
  const login = (account: { phone: string; password: string }) =>
    call(Calls.login, { account: account.phone, password: account.password });

  const { sessionId: buyer } = await login(buyerAccount);
  const { sessionId: supplier, rootId: supplierRootId } = await login(supplierAccount);
  // The supplier's saved terms, with the platform's cashier accepted besides the bank transfer.
  const { saved: _saved, ...terms } = await call(Calls.tradeSettings, {}, supplier);
  await call(Calls.tradeSettingsSave, { ...terms, onlinePayment: 1 }, supplier);

  const [lot] = await db
    .select()
    .from(stocks)
    .where(
      and(
        eq(stocks.rootId, supplierRootId),
        eq(stocks.status, 'sale'),
        eq(stocks.isDemo, true),
        eq(stocks.productName, CASHIER_LOT.productName),
        eq(stocks.specifications, CASHIER_LOT.specifications),
        gte(stocks.quantityKg, 2_000),
      ),
    )
    .limit(1);
  if (!lot?.splittable) throw new Error('demo orders: the demo supplier has no A00 AL99.85 lot to sell in part');
  const { addresses } = await call(Calls.receiptAddressList, {}, buyer);
  const address = addresses.find((a) => a.isDefault) ?? addresses[0];
  const created = await call(
    Calls.orderConfirmStock,
    {
      items: [{ stockId: lot.id, quantity: '2' }],
      ...(address ? { addressId: address.id } : {}),
      remark: DEMO_CASHIER_ORDER_REMARK,
    },
    buyer,
  );
  const { orderId, orderNo } = created.orders[0]!;
  await db.update(tradeOrders).set({ isDemo: true }).where(eq(tradeOrders.id, orderId));
  const order = await call(Calls.orderDetail, { orderId }, supplier);
  const price = order.items[0]!.listPriceFen ?? 2_000_000;
  await call(
    Calls.orderQuote,
    {
      orderId,
      items: order.items.map((item) => ({ itemId: item.id, unitPrice: (price / 100).toFixed(2) })),
      freight: '300',
      deliveryMethod: 'delivery',
      validHours: 72,
      note: `${DEMO_CASHIER_ORDER_REMARK}：一口价含税，款到三日内发货`,
    },
    supplier,
  );
  await call(Calls.orderAgree, { orderId, quoteVersion: 1, paymentMethod: 'cashier' }, buyer);
  const { payOrderNo } = await call(Calls.orderPayOnline, { orderId }, buyer);
  await call(Calls.payCreate, { orderNo: payOrderNo, channel: 'wxpay' }, buyer);
  // The sandbox's cashier pays; the status query (the payment page's "I paid") finds it paid and the
  // payments' trade_order fulfilment makes the order paid in the same transaction.
  sandbox.decide('wxpay', payOrderNo, 'pay', { notify: false });
  const payment = await call(Calls.payStatus, { orderNo: payOrderNo }, buyer);
  const paid = await call(Calls.orderDetail, { orderId }, supplier);
  if (payment.state !== 'paid' || paid.state !== 'paid')
    throw new Error(`demo orders: the cashier order is ${paid.state}, its payment ${payment.state}`);
  for (const session of [buyer, supplier]) await call(Calls.logout, {}, session);
  return orderNo;
}
