import {
  CANCEL_REASONS_OF,
  ChatActionType,
  CodeFlag,
  formatCents,
  type Language,
  lineAmountFen,
  ORDER_FINAL_STATES,
  ORDER_QUOTE_VALID_HOURS_DEFAULT,
  ORDER_QUOTE_WAIT_HOURS,
  ORDER_SIDES,
  ORDER_TOTAL_MAX_YUAN,
  type OrderActor,
  type OrderCancelReason,
  type OrderSide,
  type OrderState,
  type TConsoleOrderListRequest,
  type TOrder,
  type TOrderAddress,
  type TOrderCreated,
  type TOrderPage,
  type TOrderPayOnline,
  type TOrderProductSnapshot,
  type TOrderProxy,
  type TOrderQuote,
  translate,
} from '@metal/shared';
import { and, asc, count, desc, eq, ilike, inArray, like, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { businessNumber, underFreshNumber } from '../../platform/business-numbers';
import type { Clock } from '../../platform/clock';
import type { ContextOf, ServiceContext } from '../../platform/context';
import { AppError, forbidden, invalid, notFound } from '../../platform/errors';
import { users } from '../accounts/accounts.table';
import { agentBuys } from '../agent-buys/agent-buys.table';
import { removeCheckedOutCartLines } from '../cart/cart.service';
import { sendStockOrderQuoteMessage, sendTradeAction } from '../chat/chat.trade-actions';
import { companies } from '../companies/companies.table';
import { companyFiles } from '../files/files.service';
import { inquiries, inquiryQuoteItems, inquiryQuotes, inquirySpecs } from '../inquiries/inquiries.table';
import { sorts } from '../markets/markets.table';
import type { NoticeMessageKey } from '../notices/notices.catalog';
import { sendNotice } from '../notices/notices.service';
import { createPaymentOrder } from '../payments/payments.service';
import { paymentOrders } from '../payments/payments.table';
import { dealingMembers } from '../staff/staff.access';
import { mayCancel, ORDER_RULES } from './orders.policy';
import { type OrderRow, presentOrder, presentSummaries } from './orders.present';
import { checkOrderable, loadStocks, type OrderableStock, releaseStock, reserveStock } from './orders.stock';
import {
  type CheckoutLine,
  type ProxyLine,
  tradeOrderCheckouts,
  tradeOrderItems,
  tradeOrderProxies,
  tradeOrderSlips,
  tradeOrders,
  tradeOrderTransitions,
} from './orders.table';
import { addressSnapshot, invoiceSnapshot, sellerTermsFor } from './orders.terms';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** 'TO' + Shanghai date and time to the second + 6 random digits: 22 characters, readable on the phone. */
export const newTradeOrderNo = (now: Date) => businessNumber('TO', now, 6);

/** Inserts a trade order under a fresh order number, drawn again when another order holds it. */
async function insertTradeOrder(tx: Executor, now: Date, values: Omit<typeof tradeOrders.$inferInsert, 'orderNo'>) {
  const { number: orderNo, row: order } = await underFreshNumber(
    () => newTradeOrderNo(now),
    async (orderNo) =>
      (
        await tx
          .insert(tradeOrders)
          .values({ ...values, orderNo })
          .onConflictDoNothing({ target: tradeOrders.orderNo })
          .returning()
      )[0],
  );
  return { orderNo, order };
}

/** An order's total must stay within ORDER_TOTAL_MAX_YUAN (so its fen stay exact); else bad input on `field`. */
function checkOrderTotal(totalFen: number | null, field: string) {
  if (totalFen !== null && totalFen > ORDER_TOTAL_MAX_YUAN * 100) throw invalid('order.totalTooLarge', field);
}

const stateName = (state: OrderState, lang: Language) => translate(`order.state.${state}`, lang);

async function recordTransition(
  tx: Executor,
  t: {
    orderId: number;
    from: OrderState | null;
    to: OrderState;
    actor: OrderActor;
    userId: number | null;
    reason?: string;
    note?: string;
    at: Date;
  },
) {
  await tx.insert(tradeOrderTransitions).values({
    orderId: t.orderId,
    fromState: t.from,
    toState: t.to,
    actor: t.actor,
    userId: t.userId,
    reason: t.reason ?? '',
    note: t.note ?? '',
    at: t.at,
  });
}

async function companyNameOf(db: Executor, rootId: number) {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.rootId, rootId));
  return row?.name ?? '';
}

/** A notice about an order to one of its people (subject `order:<id>`, which opens it). */
async function noticeAbout(
  tx: Executor,
  clock: Clock,
  order: OrderRow,
  to: OrderSide,
  messageKey: NoticeMessageKey,
  params: Record<string, string | number>,
  senderId?: number,
) {
  await sendNotice(tx, clock, {
    userId: to === 'buyer' ? order.buyerUserId : order.sellerUserId,
    messageKey,
    params: { orderNo: order.orderNo, ...params },
    subject: `order:${order.id}`,
    senderId,
  });
}

const other = (side: OrderSide): OrderSide => (side === 'buyer' ? 'seller' : 'buyer');

/** The side the actor's company is on, or refused (codeFlag 3) for any other company. */
export function sideOf(order: OrderRow, rootId: number): OrderSide {
  if (order.buyerRootId === rootId) return 'buyer';
  if (order.sellerRootId === rootId) return 'seller';
  throw forbidden();
}

async function lockOrder(tx: Executor, orderId: number): Promise<OrderRow> {
  const [row] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, orderId)).for('update');
  if (!row) throw new AppError(CodeFlag.notFound, 'order.notFound');
  return row;
}

/**
 * Runs one user transition: locks the order, refuses another company (codeFlag 3), the wrong side
 * (codeFlag 3, naming the side that may) and the wrong state (codeFlag 5, naming the state), then
 * applies `change` in the same transaction and answers the order as the caller now sees it.
 */
async function transition(
  ctx: ServiceContext,
  orderId: number,
  rule: { side: OrderSide; from: readonly OrderState[] },
  change: (tx: Executor, order: OrderRow, now: Date) => Promise<void>,
): Promise<TOrder> {
  const now = ctx.clock.now();
  const { row, side } = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    const side = sideOf(order, ctx.actor.rootId);
    if (side !== rule.side)
      throw new AppError(CodeFlag.forbidden, 'order.wrongSide', {
        side: translate(`order.side.${rule.side}`, ctx.lang),
      });
    if (!rule.from.includes(order.state))
      throw new AppError(CodeFlag.conflict, 'order.wrongState', { state: stateName(order.state, ctx.lang) });
    await change(tx, order, now);
    const [updated] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
    return { row: updated!, side };
  });
  // Presented after the commit, on the pool: its reads run side by side, which one transaction's connection cannot.
  return presentOrder(ctx.db, ctx.links, row, { side });
}

/** Moves the order's state and records it; answers false when the state was not `from` any more. */
async function moveState(
  tx: Executor,
  order: OrderRow,
  to: OrderState,
  set: Partial<typeof tradeOrders.$inferInsert>,
  t: { actor: OrderActor; userId: number | null; reason?: string; note?: string; at: Date },
) {
  const moved = await tx
    .update(tradeOrders)
    .set({ ...set, state: to, updatedAt: t.at })
    .where(and(eq(tradeOrders.id, order.id), eq(tradeOrders.state, order.state)))
    .returning({ id: tradeOrders.id });
  if (moved.length === 0) return false;
  await recordTransition(tx, { orderId: order.id, from: order.state, to, ...t });
  return true;
}

/** Gives every still-reserved line of an order back to its lot. */
async function releaseOrderStock(tx: Executor, orderId: number, now: Date) {
  const held = await tx
    .update(tradeOrderItems)
    .set({ stockHold: 'released' })
    .where(and(eq(tradeOrderItems.orderId, orderId), eq(tradeOrderItems.stockHold, 'reserved')))
    .returning({ stockId: tradeOrderItems.stockId, quantityKg: tradeOrderItems.quantityKg });
  // Lots in id order, as reservations take them, so a release never waits on a reservation waiting on it.
  held.sort((a, b) => (a.stockId ?? 0) - (b.stockId ?? 0));
  for (const line of held)
    if (line.stockId) await releaseStock(tx, { stockId: line.stockId, quantityKg: line.quantityKg, now });
}

interface NewLine {
  stock: OrderableStock;
  quantityKg: number;
  unitPriceFen: number | null;
}

/**
 * Reserves every line's quantity, lots in id order across all the checkout's sellers: two checkouts
 * naming the same lots in another order (or their sellers in another order) then wait for each other
 * instead of deadlocking, which taking them seller by seller would not avoid.
 */
async function reserveLines(tx: Executor, buyerRootId: number, lines: NewLine[], now: Date) {
  for (const line of [...lines].sort((a, b) => a.stock.row.id - b.stock.row.id))
    await reserveStock(tx, { stock: line.stock, buyerRootId, quantityKg: line.quantityKg, now });
}

/**
 * Makes one order of one seller's lots, already reserved by the caller (reserveLines): records the
 * lines with their product snapshots, the seller's terms as they are now, the first transition, the
 * seller's notice and chat action 14.
 */
async function createStockOrder(
  ctx: ContextOf<'db' | 'clock' | 'actor'>,
  input: {
    source: 'stock' | 'proxy';
    lines: NewLine[];
    sellerUserId: number;
    address: TOrderAddress | null;
    invoice: ReturnType<typeof invoiceSnapshot> extends Promise<infer T> ? T : never;
    remark: string;
    proxyId?: number;
    /** A purchase order filled by the seller arrives quoted with these terms. */
    quoted?: { freightFen: number; deliveryMethod: 'delivery' | 'pickup'; note: string };
  },
): Promise<{ orderId: number; orderNo: string }> {
  const { db: tx, clock, actor } = ctx;
  const now = clock.now();
  const first = input.lines[0]!.stock.row;
  const sellerRootId = first.rootId;
  const terms = await sellerTermsFor(tx, sellerRootId);
  const totalKg = input.lines.reduce((sum, l) => sum + l.quantityKg, 0);
  const listAmounts = input.lines.map((l) =>
    l.stock.row.currentPriceFen === null ? null : lineAmountFen(l.stock.row.currentPriceFen, l.quantityKg),
  );
  const estimate = listAmounts.every((a) => a !== null) ? listAmounts.reduce((s, a) => s + a!, 0) : null;
  checkOrderTotal(estimate, 'items');
  const state: OrderState = input.quoted ? 'quoted' : 'awaiting_quote';
  const validUntil = new Date(now.getTime() + ORDER_QUOTE_VALID_HOURS_DEFAULT * HOUR);
  const { orderNo, order } = await insertTradeOrder(tx, now, {
    source: input.source,
    state,
    buyerRootId: actor.rootId,
    buyerUserId: actor.userId,
    sellerRootId,
    sellerUserId: input.sellerUserId,
    proxyId: input.proxyId ?? null,
    address: input.address,
    invoice: input.invoice,
    remark: input.remark,
    totalKg,
    totalFen: estimate,
    paymentDays: terms.paymentDays,
    onlineAccepted: terms.onlineAccepted,
    bankAccount: terms.bankAccount,
    deadline: input.quoted ? validUntil : new Date(now.getTime() + ORDER_QUOTE_WAIT_HOURS * HOUR),
    createdAt: now,
    updatedAt: now,
  });
  const items = await tx
    .insert(tradeOrderItems)
    .values(
      input.lines.map((line, position) => ({
        orderId: order.id,
        position,
        stockId: line.stock.row.id,
        product: line.stock.product,
        quantityKg: line.quantityKg,
        listPriceFen: line.stock.row.currentPriceFen,
        unitPriceFen: line.unitPriceFen,
        amountFen:
          line.unitPriceFen !== null ? lineAmountFen(line.unitPriceFen, line.quantityKg) : listAmounts[position]!,
        stockHold: 'reserved' as const,
      })),
    )
    .returning();
  await recordTransition(tx, {
    orderId: order.id,
    from: null,
    to: 'awaiting_quote',
    actor: 'buyer',
    userId: actor.userId,
    at: now,
  });
  if (input.quoted) {
    const quote = quoteOf({
      version: 1,
      items: items.map((item) => ({ itemId: item.id, unitPriceFen: item.unitPriceFen!, quantityKg: item.quantityKg })),
      freightFen: input.quoted.freightFen,
      deliveryMethod: input.quoted.deliveryMethod,
      deliveryDate: '',
      taxIncluded: true,
      note: input.quoted.note,
      now,
      validUntil,
    });
    await tx.update(tradeOrders).set({ quote, totalFen: quote.totalFen }).where(eq(tradeOrders.id, order.id));
    await recordTransition(tx, {
      orderId: order.id,
      from: 'awaiting_quote',
      to: 'quoted',
      actor: 'seller',
      userId: input.sellerUserId,
      note: input.quoted.note,
      at: now,
    });
  } else {
    await noticeAbout(
      tx,
      clock,
      order,
      'seller',
      'notice.orderPlaced',
      {
        company: await companyNameOf(tx, actor.rootId),
        name: input.lines[0]!.stock.product.productName || input.lines[0]!.stock.product.sortName,
      },
      actor.userId,
    );
    if (input.sellerUserId !== actor.userId)
      await sendTradeAction(tx, clock, {
        fromUserId: actor.userId,
        toUserId: input.sellerUserId,
        action: { type: ChatActionType.notifySupplierToQuote, info: { orderId: order.id } },
      });
  }
  return { orderId: order.id, orderNo };
}

function quoteOf(q: {
  version: number;
  items: { itemId: number; unitPriceFen: number; quantityKg: number }[];
  freightFen: number;
  deliveryMethod: 'delivery' | 'pickup';
  deliveryDate: string;
  taxIncluded: boolean;
  note: string;
  now: Date;
  validUntil: Date;
}): TOrderQuote {
  const items = q.items.map((i) => ({
    itemId: i.itemId,
    unitPriceFen: i.unitPriceFen,
    amountFen: lineAmountFen(i.unitPriceFen, i.quantityKg),
  }));
  const goodsFen = items.reduce((s, i) => s + i.amountFen, 0);
  checkOrderTotal(goodsFen + q.freightFen, 'items');
  return {
    version: q.version,
    items,
    goodsFen,
    freightFen: q.freightFen,
    totalFen: goodsFen + q.freightFen,
    deliveryMethod: q.deliveryMethod,
    deliveryDate: q.deliveryDate,
    taxIncluded: q.taxIncluded,
    note: q.note,
    quotedAt: q.now.toISOString(),
    validUntil: q.validUntil.toISOString(),
  };
}

/** Lines checked against their lots (clear refusals before anything is written), grouped by seller company. */
async function checkedLines(
  ctx: ContextOf<'db' | 'actor' | 'links'>,
  wanted: { stockId: number; quantity: number; unitPrice?: number }[],
) {
  const stocksById = await loadStocks(
    ctx.db,
    ctx.links,
    wanted.map((w) => w.stockId),
  );
  const bySeller = new Map<number, NewLine[]>();
  for (const w of wanted) {
    const stock = stocksById.get(w.stockId);
    checkOrderable(stock, ctx.actor.rootId, w.quantity);
    const lines = bySeller.get(stock!.row.rootId) ?? [];
    lines.push({ stock: stock!, quantityKg: w.quantity, unitPriceFen: w.unitPrice ?? null });
    bySeller.set(stock!.row.rootId, lines);
  }
  return bySeller;
}

/** A checkout's lines by lot id (each lot is on one line), so two attempts compare line by line. */
const checkoutLinesOf = (items: { stockId: number; quantity: number }[]): CheckoutLine[] =>
  items.map((item) => ({ stockId: item.stockId, quantityKg: item.quantity })).sort((a, b) => a.stockId - b.stockId);

const sameCheckoutLines = (a: CheckoutLine[], b: CheckoutLine[]) =>
  a.length === b.length && a.every((line, i) => line.stockId === b[i]!.stockId && line.quantityKg === b[i]!.quantityKg);

type CheckoutKey = { buyerRootId: number; requestId: string };

const checkoutKeyed = (key: CheckoutKey) =>
  and(eq(tradeOrderCheckouts.buyerRootId, key.buyerRootId), eq(tradeOrderCheckouts.requestId, key.requestId));

/**
 * Claims a checkout attempt's key for this transaction; null when it is new. When the company's attempt
 * was already carried out, the orders it made (the same lines) or a refusal (other lines). On PostgreSQL
 * the insert of a key another transaction has just claimed waits until that one ends: committed, its row
 * is read here (a new statement sees it); rolled back, the claim is this transaction's.
 */
async function claimCheckout(
  tx: Executor,
  key: CheckoutKey,
  lines: CheckoutLine[],
  now: Date,
): Promise<TOrderCreated | null> {
  const claimed = await tx
    .insert(tradeOrderCheckouts)
    .values({ ...key, lines, orders: [], createdAt: now })
    .onConflictDoNothing()
    .returning({ requestId: tradeOrderCheckouts.requestId });
  if (claimed.length === 1) return null;
  const [earlier] = await tx.select().from(tradeOrderCheckouts).where(checkoutKeyed(key));
  if (!sameCheckoutLines(earlier!.lines, lines)) throw invalid('order.requestIdReused', 'requestId');
  return { orders: earlier!.orders };
}

/**
 * `order/confirm_stock`: one order per seller of the lots checked out, each reserving its quantity,
 * all in one transaction: when any lot cannot be had, no order is made and nothing is reserved. The
 * buyer's cart lines of the lots go in the same transaction, so they are never checked out twice. With
 * a `requestId` the attempt is claimed first (claimCheckout): a repeat answers the orders it made, before
 * the lots are checked, which the first may have sold out.
 */
export async function confirmStockOrder(
  ctx: ServiceContext,
  input: {
    items: { stockId: number; quantity: number }[];
    addressId?: number;
    invoiceTitleId?: number;
    remark: string;
    requestId?: string;
  },
): Promise<TOrderCreated> {
  return ctx.db.transaction(async (tx) => {
    const attempt = input.requestId ? { buyerRootId: ctx.actor.rootId, requestId: input.requestId } : null;
    if (attempt) {
      const earlier = await claimCheckout(tx, attempt, checkoutLinesOf(input.items), ctx.clock.now());
      if (earlier) return earlier;
    }
    const bySeller = await checkedLines({ ...ctx, db: tx }, input.items);
    // Each seller's order goes to the lot's poster, or to the owner once the poster has left the company.
    const dealing = await dealingMembers(
      tx,
      [...bySeller.values()].map((lines) => ({
        rootId: lines[0]!.stock.row.rootId,
        userId: lines[0]!.stock.row.userId,
      })),
    );
    const address = await addressSnapshot(tx, ctx.actor, input.addressId);
    const invoice = await invoiceSnapshot(tx, ctx.actor, input.invoiceTitleId);
    await reserveLines(tx, ctx.actor.rootId, [...bySeller.values()].flat(), ctx.clock.now());
    const orders = [];
    for (const lines of bySeller.values())
      orders.push(
        await createStockOrder(
          { db: tx, clock: ctx.clock, actor: ctx.actor },
          {
            source: 'stock',
            lines,
            sellerUserId: dealing.get(lines[0]!.stock.row.userId)!,
            address,
            invoice,
            remark: input.remark,
          },
        ),
      );
    await removeCheckedOutCartLines(
      tx,
      ctx.actor,
      input.items.map((item) => item.stockId),
    );
    if (attempt) await tx.update(tradeOrderCheckouts).set({ orders }).where(checkoutKeyed(attempt));
    return { orders };
  });
}

/**
 * `order/confirm_inquiry`: the order of the buyer's cooperated inquiry with its agreed quote: the lines
 * are the inquiry's products at the agreed prices, the address the inquiry's unless another is chosen.
 * It starts agreed (both sides agreed in the inquiry), waiting for payment within the payment days.
 */
export async function confirmInquiryOrder(
  ctx: ServiceContext,
  input: { inquiryId: number; addressId?: number; invoiceTitleId?: number; remark: string },
): Promise<TOrderCreated> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const [inquiry] = await tx.select().from(inquiries).where(eq(inquiries.id, input.inquiryId)).for('update');
    if (!inquiry || inquiry.status === 'deleted') throw invalid('order.inquiryInvalid', 'inquiryId');
    if (inquiry.rootId !== ctx.actor.rootId) throw forbidden();
    if (inquiry.status !== 'cooperated') throw new AppError(CodeFlag.conflict, 'order.inquiryNotCooperated');
    const [quote] = await tx
      .select()
      .from(inquiryQuotes)
      .where(and(eq(inquiryQuotes.inquiryId, inquiry.id), eq(inquiryQuotes.status, 'agreed')));
    if (!quote) throw new AppError(CodeFlag.conflict, 'order.inquiryNotCooperated');
    const [existing] = await tx
      .select({ id: tradeOrders.id })
      .from(tradeOrders)
      .where(and(eq(tradeOrders.inquiryId, inquiry.id), sql`${tradeOrders.state} not in ('cancelled', 'expired')`));
    if (existing) throw new AppError(CodeFlag.conflict, 'order.inquiryOrdered');

    const specs = await tx
      .select()
      .from(inquirySpecs)
      .where(eq(inquirySpecs.inquiryId, inquiry.id))
      .orderBy(asc(inquirySpecs.position));
    const quoteItems = await tx.select().from(inquiryQuoteItems).where(eq(inquiryQuoteItems.quoteId, quote.id));
    const [sort] = await tx.select({ name: sorts.name }).from(sorts).where(eq(sorts.id, inquiry.sortId));
    const priceOf = new Map(quoteItems.map((i) => [i.specId, i.unitPriceFen]));
    const address =
      (await addressSnapshot(tx, ctx.actor, input.addressId)) ??
      ({
        receiver: inquiry.receiver,
        phone: inquiry.receiverPhone,
        province: inquiry.province,
        city: inquiry.city,
        district: inquiry.district,
        detail: inquiry.address,
      } satisfies TOrderAddress);
    const invoice = await invoiceSnapshot(tx, ctx.actor, input.invoiceTitleId);
    const terms = await sellerTermsFor(tx, quote.rootId);
    const paymentDays = quote.paymentMethod === 'credit' && quote.creditDays ? quote.creditDays : terms.paymentDays;
    const product = (spec: (typeof specs)[number]): TOrderProductSnapshot => ({
      sortId: inquiry.sortId,
      sortName: sort?.name ?? '',
      productName: spec.productName,
      specifications: spec.specification,
      brand: '',
      manufacturer: '',
      place: [inquiry.supplierProvince, inquiry.supplierCity].filter(Boolean).join(' '),
      splittable: true,
      picture: '',
    });
    const { orderNo, order } = await insertTradeOrder(tx, now, {
      source: 'inquiry',
      state: 'agreed',
      buyerRootId: ctx.actor.rootId,
      buyerUserId: ctx.actor.userId,
      sellerRootId: quote.rootId,
      sellerUserId: quote.userId,
      inquiryId: inquiry.id,
      address,
      invoice,
      remark: input.remark,
      totalKg: specs.reduce((s, spec) => s + spec.quantityKg, 0),
      totalFen: quote.totalFen,
      paymentDays,
      onlineAccepted: terms.onlineAccepted,
      bankAccount: terms.bankAccount,
      deadline: new Date(now.getTime() + paymentDays * DAY),
      createdAt: now,
      updatedAt: now,
    });
    const items = await tx
      .insert(tradeOrderItems)
      .values(
        specs.map((spec, position) => {
          const price = priceOf.get(spec.id) ?? null;
          return {
            orderId: order.id,
            position,
            stockId: null,
            product: product(spec),
            quantityKg: spec.quantityKg,
            listPriceFen: price,
            unitPriceFen: price,
            amountFen: price === null ? null : lineAmountFen(price, spec.quantityKg),
            stockHold: 'none' as const,
          };
        }),
      )
      .returning();
    const orderQuote = quoteOf({
      version: 1,
      items: items.map((i) => ({ itemId: i.id, unitPriceFen: i.unitPriceFen ?? 0, quantityKg: i.quantityKg })),
      freightFen: 0,
      deliveryMethod: 'delivery',
      deliveryDate: quote.deliveryDate,
      taxIncluded: quote.taxIncluded,
      note: quote.remark,
      now: quote.createdAt,
      validUntil: now,
    });
    await tx
      .update(tradeOrders)
      .set({ quote: { ...orderQuote, totalFen: quote.totalFen } })
      .where(eq(tradeOrders.id, order.id));
    await recordTransition(tx, {
      orderId: order.id,
      from: null,
      to: 'agreed',
      actor: 'buyer',
      userId: ctx.actor.userId,
      at: now,
    });
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'seller',
      'notice.orderAgreed',
      { company: await companyNameOf(tx, ctx.actor.rootId) },
      ctx.actor.userId,
    );
    return { orders: [{ orderId: order.id, orderNo }] };
  });
}

/**
 * `order/quote`: the seller's final prices for every line, freight and terms. A new quote replaces the
 * earlier one (its version goes up, and its chat message, content type 10, replaces the earlier message
 * for the order, SPEC §4); the order waits for the buyer's agreement until the quote's valid-until.
 */
export async function quoteOrder(
  ctx: ServiceContext,
  input: {
    orderId: number;
    items: { itemId: number; unitPrice: number }[];
    freight: number;
    deliveryMethod: 'delivery' | 'pickup';
    deliveryDate: string;
    taxIncluded: 0 | 1;
    validHours: number;
    note: string;
  },
): Promise<TOrder> {
  return transition(ctx, input.orderId, ORDER_RULES.quote, async (tx, order, now) => {
    const items = await tx.select().from(tradeOrderItems).where(eq(tradeOrderItems.orderId, order.id));
    const priceOf = new Map(input.items.map((i) => [i.itemId, i.unitPrice]));
    if (input.items.length !== items.length || items.some((item) => !priceOf.has(item.id)))
      throw invalid('order.quoteItemsInvalid', 'items');
    const version = (order.quote?.version ?? 0) + 1;
    const validUntil = new Date(now.getTime() + input.validHours * HOUR);
    const quote = quoteOf({
      version,
      items: items.map((item) => ({
        itemId: item.id,
        unitPriceFen: priceOf.get(item.id)!,
        quantityKg: item.quantityKg,
      })),
      freightFen: input.freight,
      deliveryMethod: input.deliveryMethod,
      deliveryDate: input.deliveryDate,
      taxIncluded: input.taxIncluded === 1,
      note: input.note,
      now,
      validUntil,
    });
    for (const line of quote.items)
      await tx
        .update(tradeOrderItems)
        .set({ unitPriceFen: line.unitPriceFen, amountFen: line.amountFen })
        .where(eq(tradeOrderItems.id, line.itemId));
    const set = { quote, totalFen: quote.totalFen, deadline: validUntil };
    const t = { actor: 'seller' as const, userId: ctx.actor.userId, note: input.note, at: now };
    if (order.state === 'quoted') {
      await tx
        .update(tradeOrders)
        .set({ ...set, updatedAt: now })
        .where(eq(tradeOrders.id, order.id));
      await recordTransition(tx, { orderId: order.id, from: 'quoted', to: 'quoted', ...t });
    } else await moveState(tx, order, 'quoted', set, t);
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'buyer',
      'notice.orderQuoted',
      { company: await companyNameOf(tx, order.sellerRootId), total: formatCents(quote.totalFen) },
      ctx.actor.userId,
    );
    if (ctx.actor.userId !== order.buyerUserId)
      await sendStockOrderQuoteMessage(tx, ctx.clock, {
        fromUserId: ctx.actor.userId,
        toUserId: order.buyerUserId,
        orderId: order.id,
        orderNo: order.orderNo,
        version,
        totalFen: quote.totalFen,
      });
  });
}

/** `order/agree` (SPEC action 13): the buyer agrees the current quote while it is valid, and chooses how to pay. */
export async function agreeOrder(
  ctx: ServiceContext,
  input: { orderId: number; quoteVersion: number; paymentMethod: 'offline_transfer' | 'cashier' },
): Promise<TOrder> {
  return transition(ctx, input.orderId, ORDER_RULES.agree, async (tx, order, now) => {
    // Read under the order's lock: a new quote the seller sends meanwhile waits, and is then not agreed unseen.
    if (order.quote && order.quote.version !== input.quoteVersion) throw invalid('order.quoteChanged', 'quoteVersion');
    if (!order.quote || new Date(order.quote.validUntil) <= now)
      throw new AppError(CodeFlag.conflict, 'order.quoteExpired');
    if (input.paymentMethod === 'cashier' && !order.onlineAccepted)
      throw invalid('order.onlineNotAccepted', 'paymentMethod');
    await moveState(
      tx,
      order,
      'agreed',
      { paymentMethod: input.paymentMethod, deadline: new Date(now.getTime() + order.paymentDays * DAY) },
      { actor: 'buyer', userId: ctx.actor.userId, at: now },
    );
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'seller',
      'notice.orderAgreed',
      { company: await companyNameOf(tx, order.buyerRootId) },
      ctx.actor.userId,
    );
    if (ctx.actor.userId !== order.sellerUserId)
      await sendTradeAction(tx, ctx.clock, {
        fromUserId: ctx.actor.userId,
        toUserId: order.sellerUserId,
        action: { type: ChatActionType.buyerAgreedStockQuote, info: { orderId: order.id } },
      });
  });
}

/**
 * The order's earlier payments order while the cashier can still take it (unpaid, not past its time,
 * for the same amount), else null: a second one made beside it could be paid as well, charging the
 * buyer twice.
 */
async function stillPayable(tx: Executor, payOrderNo: string | null, amountFen: number, now: Date) {
  if (!payOrderNo) return null;
  const [earlier] = await tx
    .select({ state: paymentOrders.state, amountFen: paymentOrders.amountFen, expiresAt: paymentOrders.expiresAt })
    .from(paymentOrders)
    .where(eq(paymentOrders.orderNo, payOrderNo));
  const payable = earlier?.state === 'unpaid' && earlier.expiresAt > now && earlier.amountFen === amountFen;
  return payable ? payOrderNo : null;
}

/**
 * `order/pay_online`: a payments order (purpose `trade_order`) for the quote's total, made in the
 * order's transaction; the earlier one answered again while it can still be paid, made again when not.
 * The order becomes paid through payments' fulfilment (orders.fulfilment.ts) when the money arrives.
 */
export async function payOnline(ctx: ServiceContext, orderId: number): Promise<TOrderPayOnline> {
  let answer: TOrderPayOnline | undefined;
  await transition(ctx, orderId, ORDER_RULES.pay_online, async (tx, order, now) => {
    if (!order.onlineAccepted) throw invalid('order.onlineNotAccepted', 'orderId');
    const amountFen = order.quote?.totalFen ?? order.totalFen ?? 0;
    const payOrderNo =
      (await stillPayable(tx, order.payOrderNo, amountFen, now)) ??
      (await createPaymentOrder(tx, {
        purpose: 'trade_order',
        purposeRef: String(order.id),
        userId: ctx.actor.userId,
        rootId: order.buyerRootId,
        amountFen,
        subject: `${translate('order.side.seller', ctx.lang)} ${await companyNameOf(tx, order.sellerRootId)} · ${order.orderNo}`,
        now,
      }));
    await tx
      .update(tradeOrders)
      .set({ paymentMethod: 'cashier', payOrderNo, updatedAt: now })
      .where(eq(tradeOrders.id, order.id));
    answer = { payOrderNo, amountFen };
  });
  return answer!;
}

/**
 * The payments module's fulfilment for purpose `trade_order`: an agreed order paid at the cashier
 * becomes paid. Runs in the payment's transaction under the order's lock, so it races the expiry job
 * and a cancel safely: whichever commits first wins. Answers whether the order is paid by this payment:
 * one that finds the order gone (cancelled, expired) or paid otherwise stays on record in the order's
 * history (a `paid_online` note), and payments refunds it automatically.
 */
export async function markPaidOnline(
  tx: Executor,
  clock: Clock,
  orderId: number,
  payOrderNo: string,
  paidAt: Date,
): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  // A repeat of the payment that paid it (payments delivers once; this only keeps it so).
  if (order.paymentMethod === 'cashier' && order.payOrderNo === payOrderNo && order.paidAt) return true;
  if (order.state === 'agreed' || order.state === 'payment_submitted') {
    await moveState(
      tx,
      order,
      'paid',
      { paidAt, paymentMethod: 'cashier', payOrderNo, deadline: null },
      { actor: 'payment', userId: null, reason: 'paid_online', note: payOrderNo, at: paidAt },
    );
    await noticeAbout(tx, clock, order, 'seller', 'notice.orderPaid', {});
    return true;
  }
  await recordTransition(tx, {
    orderId: order.id,
    from: order.state,
    to: order.state,
    actor: 'payment',
    userId: null,
    reason: 'paid_online',
    note: `late payment ${payOrderNo}: refunded automatically`,
    at: paidAt,
  });
  return false;
}

/** `order/cancel`: by a side, in the states and with the reasons the rules give it; reserved stock goes back. */
export async function cancelOrder(
  ctx: ServiceContext,
  input: { orderId: number; reason: OrderCancelReason; note: string },
): Promise<TOrder> {
  const now = ctx.clock.now();
  const { row, side } = await ctx.db.transaction(async (tx) => {
    const order = await lockOrder(tx, input.orderId);
    const side = sideOf(order, ctx.actor.rootId);
    if (!mayCancel(side, order.state, order.paymentMethod)) {
      if (order.state === 'paid' && order.paymentMethod === 'cashier')
        throw new AppError(CodeFlag.conflict, 'order.cashierPaidNoCancel');
      throw new AppError(CodeFlag.conflict, 'order.wrongState', { state: stateName(order.state, ctx.lang) });
    }
    if (!CANCEL_REASONS_OF[side].includes(input.reason)) throw invalid('order.cancelReasonNotYours', 'reason');
    await moveState(
      tx,
      order,
      'cancelled',
      { cancelReason: input.reason, deadline: null },
      { actor: side, userId: ctx.actor.userId, reason: input.reason, note: input.note, at: now },
    );
    await releaseOrderStock(tx, order.id, now);
    await noticeAbout(tx, ctx.clock, order, other(side), 'notice.orderCancelled', {}, ctx.actor.userId);
    const [updated] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, order.id));
    return { row: updated!, side };
  });
  return presentOrder(ctx.db, ctx.links, row, { side });
}

/** `order/pay_slip`: the buyer's transfer slip (its own company's uploads of kind transferSlip); the seller is told. */
export async function submitPaySlip(
  ctx: ServiceContext,
  input: { orderId: number; fileIds: number[]; note: string },
): Promise<TOrder> {
  return transition(ctx, input.orderId, ORDER_RULES.pay_slip, async (tx, order, now) => {
    if (order.paymentMethod === 'cashier' && order.payOrderNo && order.state === 'payment_submitted')
      throw new AppError(CodeFlag.conflict, 'order.notOffline');
    const found = await companyFiles(tx, ctx.actor.rootId, 'transferSlip', input.fileIds);
    if (found.length !== input.fileIds.length) throw invalid('order.slipFilesInvalid', 'fileIds');
    const keyOf = new Map(found.map((f) => [f.id, f.key]));
    await tx.insert(tradeOrderSlips).values({
      orderId: order.id,
      userId: ctx.actor.userId,
      fileKeys: input.fileIds.map((id) => keyOf.get(id)!),
      note: input.note,
      createdAt: now,
    });
    const set = { paymentMethod: 'offline_transfer' as const, deadline: null };
    if (order.state === 'agreed')
      await moveState(tx, order, 'payment_submitted', set, {
        actor: 'buyer',
        userId: ctx.actor.userId,
        note: input.note,
        at: now,
      });
    else
      await tx
        .update(tradeOrders)
        .set({ ...set, updatedAt: now })
        .where(eq(tradeOrders.id, order.id));
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'seller',
      'notice.orderSlip',
      { company: await companyNameOf(tx, order.buyerRootId) },
      ctx.actor.userId,
    );
  });
}

/** `order/confirm_paid`: the seller saw the transfer arrive (with or without a slip); not for cashier payments. */
export async function confirmPaid(ctx: ServiceContext, orderId: number): Promise<TOrder> {
  return transition(ctx, orderId, ORDER_RULES.confirm_paid, async (tx, order, now) => {
    if (order.paymentMethod === 'cashier') throw new AppError(CodeFlag.conflict, 'order.notOffline');
    await moveState(
      tx,
      order,
      'paid',
      { paidAt: now, paymentMethod: 'offline_transfer', deadline: null },
      { actor: 'seller', userId: ctx.actor.userId, at: now },
    );
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'buyer',
      'notice.orderPaymentConfirmed',
      { company: await companyNameOf(tx, order.sellerRootId) },
      ctx.actor.userId,
    );
  });
}

/**
 * `order/reject_slip`: the seller found no transfer behind the handed-in slip. The order goes back to
 * agreed, the slip stays in its history, and the payment days start again (the slip had stopped them),
 * so the buyer can transfer and hand in a new slip, or the order expires as an unpaid one would.
 * `slipId` names the slip the seller looked at; it must still be the order's latest, read under the
 * order's lock, which a new slip also takes (pay_slip is a transition): a slip handed in meanwhile is
 * never returned unseen.
 */
export async function rejectSlip(
  ctx: ServiceContext,
  input: { orderId: number; slipId: number; note: string },
): Promise<TOrder> {
  return transition(ctx, input.orderId, ORDER_RULES.reject_slip, async (tx, order, now) => {
    if (order.paymentMethod !== 'offline_transfer') throw new AppError(CodeFlag.conflict, 'order.notOffline');
    const slips = await tx
      .select({ id: tradeOrderSlips.id })
      .from(tradeOrderSlips)
      .where(eq(tradeOrderSlips.orderId, order.id))
      .orderBy(desc(tradeOrderSlips.id));
    if (!slips.some((slip) => slip.id === input.slipId)) throw invalid('order.slipInvalid', 'slipId');
    if (slips[0]?.id !== input.slipId) throw invalid('order.slipChanged', 'slipId');
    await moveState(
      tx,
      order,
      'agreed',
      { deadline: new Date(now.getTime() + order.paymentDays * DAY) },
      { actor: 'seller', userId: ctx.actor.userId, note: input.note, at: now },
    );
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'buyer',
      'notice.orderSlipRejected',
      { company: await companyNameOf(tx, order.sellerRootId), note: input.note },
      ctx.actor.userId,
    );
  });
}

/** `order/ship`: the goods leave; the reserved quantity is deducted for good (it stays off the listing). */
export async function shipOrder(
  ctx: ServiceContext,
  input: { orderId: number; logisticsNote: string; vehiclePlate: string; driverPhone: string; photoIds: number[] },
): Promise<TOrder> {
  return transition(ctx, input.orderId, ORDER_RULES.ship, async (tx, order, now) => {
    const photos = await companyFiles(tx, ctx.actor.rootId, 'image', input.photoIds);
    if (photos.length !== input.photoIds.length) throw invalid('order.photosInvalid', 'photoIds');
    const keyOf = new Map(photos.map((f) => [f.id, f.key]));
    await moveState(
      tx,
      order,
      'shipped',
      {
        shipment: {
          logisticsNote: input.logisticsNote,
          vehiclePlate: input.vehiclePlate,
          driverPhone: input.driverPhone,
          photoKeys: input.photoIds.map((id) => keyOf.get(id)!),
          shippedAt: now.toISOString(),
        },
      },
      { actor: 'seller', userId: ctx.actor.userId, note: input.logisticsNote, at: now },
    );
    await tx
      .update(tradeOrderItems)
      .set({ stockHold: 'deducted' })
      .where(and(eq(tradeOrderItems.orderId, order.id), eq(tradeOrderItems.stockHold, 'reserved')));
    await noticeAbout(tx, ctx.clock, order, 'buyer', 'notice.orderShipped', {}, ctx.actor.userId);
  });
}

/** `order/receive`: the buyer has the goods; the order is completed. */
export async function receiveOrder(ctx: ServiceContext, orderId: number): Promise<TOrder> {
  return transition(ctx, orderId, ORDER_RULES.receive, async (tx, order, now) => {
    await moveState(tx, order, 'completed', { deadline: null }, { actor: 'buyer', userId: ctx.actor.userId, at: now });
    await noticeAbout(
      tx,
      ctx.clock,
      order,
      'seller',
      'notice.orderCompleted',
      { company: await companyNameOf(tx, order.buyerRootId) },
      ctx.actor.userId,
    );
  });
}

/** Why the platform ends an order that reached its deadline, by the state it is in. */
const EXPIRY_REASONS: Partial<Record<OrderState, string>> = {
  awaiting_quote: 'quote_wait_expired',
  quoted: 'quote_expired',
  agreed: 'payment_overdue',
};

/**
 * Days a checkout attempt (`requestId`) is kept: far longer than any retry, reload or second tap of one
 * checkout page, after which its id is forgotten (a web checkout makes a new id for every checkout).
 */
export const CHECKOUT_KEPT_DAYS = 30;

/** The daily job: forgets checkout attempts older than CHECKOUT_KEPT_DAYS; answers how many. */
export async function forgetOldCheckouts({ db, clock }: { db: Database; clock: Clock }): Promise<number> {
  const before = new Date(clock.now().getTime() - CHECKOUT_KEPT_DAYS * DAY);
  const forgotten = await db
    .delete(tradeOrderCheckouts)
    .where(lt(tradeOrderCheckouts.createdAt, before))
    .returning({ requestId: tradeOrderCheckouts.requestId });
  return forgotten.length;
}

/**
 * The expiry job: orders past their deadline in a state that has one (waiting for a quote, for the
 * buyer's agreement, for payment) expire and give their stock back, each in its own transaction under
 * the order's lock, so a payment or an agreement committed first wins. Both sides are told. Answers
 * how many expired.
 */
export async function expireDueOrders({ db, clock }: { db: Database; clock: Clock }) {
  const now = clock.now();
  const due = await db
    .select({ id: tradeOrders.id })
    .from(tradeOrders)
    .where(
      and(
        inArray(tradeOrders.state, Object.keys(EXPIRY_REASONS) as OrderState[]),
        sql`${tradeOrders.deadline} <= ${now}`,
      ),
    )
    .orderBy(asc(tradeOrders.deadline))
    .limit(1000);
  let expired = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const order = await lockOrder(tx, id);
      const reason = EXPIRY_REASONS[order.state];
      if (!reason || !order.deadline || order.deadline > now) return false;
      await moveState(tx, order, 'expired', { deadline: null }, { actor: 'system', userId: null, reason, at: now });
      await releaseOrderStock(tx, order.id, now);
      await noticeAbout(tx, clock, order, 'buyer', 'notice.orderExpired', {});
      await noticeAbout(tx, clock, order, 'seller', 'notice.orderExpired', {});
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/**
 * `order/proxy_pick`: the seller picks its own for-sale lots for a buyer in their chat (action 11), or
 * fills a priced purchase order (action 12). Nothing is reserved until the buyer confirms it.
 */
export async function proxyPick(
  ctx: ServiceContext,
  input: {
    buyerUserId: number;
    mode: 'spot' | 'purchase_order';
    items: { stockId: number; quantity: number; unitPrice?: number }[];
    freight: number;
    deliveryMethod: 'delivery' | 'pickup';
    agentBuyId?: number;
    note: string;
  },
): Promise<{ proxyId: number }> {
  const now = ctx.clock.now();
  const stocksById = await loadStocks(
    ctx.db,
    ctx.links,
    input.items.map((i) => i.stockId),
  );
  const buyerRootId = await rootOfUser(ctx.db, input.buyerUserId);
  if (buyerRootId === null) throw invalid('order.buyerInvalid', 'buyerUserId');
  if (buyerRootId === ctx.actor.rootId) throw invalid('order.buyerSameCompany', 'buyerUserId');
  // The purchase request a selection answers is the buyer company's own: the card names it to the buyer.
  if (input.agentBuyId !== undefined) {
    const [request] = await ctx.db
      .select({ rootId: agentBuys.rootId })
      .from(agentBuys)
      .where(eq(agentBuys.id, input.agentBuyId));
    if (request?.rootId !== buyerRootId) throw invalid('order.agentBuyInvalid', 'agentBuyId');
  }
  for (const item of input.items) {
    const stock = stocksById.get(item.stockId);
    // Only the seller's own lots: another company's lot is refused as not there.
    if (stock && stock.row.rootId !== ctx.actor.rootId) throw forbidden();
    checkOrderable(stock, buyerRootId, item.quantity);
  }
  // A selection the buyer could never confirm is refused now, not at the buyer's confirmation.
  checkOrderTotal(
    input.items.reduce(
      (sum, item) => {
        const priceFen =
          input.mode === 'purchase_order' ? item.unitPrice : stocksById.get(item.stockId)?.row.currentPriceFen;
        return sum + (priceFen === undefined || priceFen === null ? 0 : lineAmountFen(priceFen, item.quantity));
      },
      input.mode === 'purchase_order' ? input.freight : 0,
    ),
    'items',
  );
  return ctx.db.transaction(async (tx) => {
    const lines: ProxyLine[] = input.items.map((i) => ({
      stockId: i.stockId,
      quantityKg: i.quantity,
      unitPriceFen: input.mode === 'purchase_order' ? (i.unitPrice ?? null) : null,
    }));
    const [proxy] = await tx
      .insert(tradeOrderProxies)
      .values({
        mode: input.mode,
        sellerRootId: ctx.actor.rootId,
        sellerUserId: ctx.actor.userId,
        buyerUserId: input.buyerUserId,
        lines,
        freightFen: input.mode === 'purchase_order' ? input.freight : 0,
        deliveryMethod: input.deliveryMethod,
        agentBuyId: input.agentBuyId ?? null,
        note: input.note,
        createdAt: now,
      })
      .returning({ id: tradeOrderProxies.id });
    const agent = input.agentBuyId ? { agentBuyId: input.agentBuyId } : {};
    await sendTradeAction(tx, ctx.clock, {
      fromUserId: ctx.actor.userId,
      toUserId: input.buyerUserId,
      action:
        input.mode === 'spot'
          ? {
              type: ChatActionType.proxyPickedSpotGoods,
              info: { proxyId: proxy!.id, stockIds: input.items.map((i) => i.stockId), ...agent },
            }
          : { type: ChatActionType.proxyFilledPurchaseOrder, info: { proxyId: proxy!.id, ...agent } },
    });
    await sendNotice(tx, ctx.clock, {
      userId: input.buyerUserId,
      messageKey: 'notice.orderProxyPicked',
      params: { company: await companyNameOf(tx, ctx.actor.rootId) },
      subject: `proxy:${proxy!.id}`,
      senderId: ctx.actor.userId,
    });
    return { proxyId: proxy!.id };
  });
}

async function rootOfUser(db: Executor, userId: number): Promise<number | null> {
  const [row] = await db.select({ id: users.id, rootId: users.rootId }).from(users).where(eq(users.id, userId));
  return row ? row.rootId : null;
}

/**
 * `order/proxy_confirm`: the buyer the selection was made for turns it into an order (reserving its
 * lots): a spot pick waits for the seller's quote, a purchase order arrives quoted with its prices.
 */
export async function proxyConfirm(
  ctx: ServiceContext,
  input: { proxyId: number; addressId?: number; invoiceTitleId?: number; remark: string },
): Promise<TOrderCreated> {
  return ctx.db.transaction(async (tx) => {
    const [proxy] = await tx
      .select()
      .from(tradeOrderProxies)
      .where(eq(tradeOrderProxies.id, input.proxyId))
      .for('update');
    if (!proxy) throw new AppError(CodeFlag.notFound, 'order.proxyInvalid');
    if (proxy.buyerUserId !== ctx.actor.userId) throw forbidden();
    if (proxy.orderId !== null) throw new AppError(CodeFlag.conflict, 'order.proxyUsed');
    const stocksById = await loadStocks(
      tx,
      ctx.links,
      proxy.lines.map((l) => l.stockId),
    );
    const lines: NewLine[] = proxy.lines.map((line) => {
      const stock = stocksById.get(line.stockId);
      checkOrderable(stock, ctx.actor.rootId, line.quantityKg);
      return { stock: stock!, quantityKg: line.quantityKg, unitPriceFen: line.unitPriceFen };
    });
    // The employee who picked the goods, or the owner once they have left the company.
    const dealing = await dealingMembers(tx, [{ rootId: proxy.sellerRootId, userId: proxy.sellerUserId }]);
    const address = await addressSnapshot(tx, ctx.actor, input.addressId);
    const invoice = await invoiceSnapshot(tx, ctx.actor, input.invoiceTitleId);
    await reserveLines(tx, ctx.actor.rootId, lines, ctx.clock.now());
    const created = await createStockOrder(
      { db: tx, clock: ctx.clock, actor: ctx.actor },
      {
        source: 'proxy',
        lines,
        sellerUserId: dealing.get(proxy.sellerUserId)!,
        address,
        invoice,
        remark: input.remark,
        proxyId: proxy.id,
        quoted:
          proxy.mode === 'purchase_order'
            ? { freightFen: proxy.freightFen, deliveryMethod: proxy.deliveryMethod, note: proxy.note }
            : undefined,
      },
    );
    await tx.update(tradeOrderProxies).set({ orderId: created.orderId }).where(eq(tradeOrderProxies.id, proxy.id));
    return { orders: [created] };
  });
}

/** What `order/proxy_confirm` would refuse a line for, in the reader's words ('' when it would order it). */
function lineProblem(stock: OrderableStock | undefined, buyerRootId: number, quantityKg: number, lang: Language) {
  try {
    checkOrderable(stock, buyerRootId, quantityKg);
    return '';
  } catch (error) {
    if (error instanceof AppError) return translate(error.messageKey, lang, error.params);
    throw error;
  }
}

/**
 * `order/proxy_detail`: a proxy selection with its lots as they are now, for the buyer it was made for
 * or anyone in the seller's company; each line says whether confirming would order it, and why not.
 */
export async function proxyDetail(ctx: ServiceContext, proxyId: number): Promise<TOrderProxy> {
  const [proxy] = await ctx.db.select().from(tradeOrderProxies).where(eq(tradeOrderProxies.id, proxyId));
  if (!proxy) throw new AppError(CodeFlag.notFound, 'order.proxyInvalid');
  const side: OrderSide | null =
    proxy.buyerUserId === ctx.actor.userId ? 'buyer' : proxy.sellerRootId === ctx.actor.rootId ? 'seller' : null;
  if (!side) throw forbidden();
  const [stocksById, buyerRootId, sellerName] = await Promise.all([
    loadStocks(
      ctx.db,
      ctx.links,
      proxy.lines.map((line) => line.stockId),
    ),
    rootOfUser(ctx.db, proxy.buyerUserId),
    companyNameOf(ctx.db, proxy.sellerRootId),
  ]);
  const lines = proxy.lines.map((line) => {
    const stock = stocksById.get(line.stockId);
    const listPriceFen = stock?.row.currentPriceFen ?? null;
    const priceFen = line.unitPriceFen ?? listPriceFen;
    return {
      stockId: line.stockId,
      product: stock?.product ?? null,
      quantityKg: line.quantityKg,
      listPriceFen,
      unitPriceFen: line.unitPriceFen,
      amountFen: priceFen === null ? null : lineAmountFen(priceFen, line.quantityKg),
      problem: lineProblem(stock, buyerRootId ?? 0, line.quantityKg, ctx.lang),
    };
  });
  const known = lines.every((line) => line.amountFen !== null);
  return {
    proxyId: proxy.id,
    mode: proxy.mode,
    side,
    sellerRootId: proxy.sellerRootId,
    sellerName,
    sellerUserId: proxy.sellerUserId,
    buyerUserId: proxy.buyerUserId,
    lines,
    freightFen: proxy.freightFen,
    deliveryMethod: proxy.deliveryMethod,
    note: proxy.note,
    agentBuyId: proxy.agentBuyId,
    orderId: proxy.orderId,
    totalFen: known ? lines.reduce((sum, line) => sum + line.amountFen!, proxy.freightFen) : null,
    createdAt: proxy.createdAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const companiesNamed = (name: string) =>
  sql`(select ${companies.rootId} from ${companies} where ${ilike(companies.name, `%${escapeLike(name)}%`)})`;

/** `order/list`: my company's orders on one side, newest first; a keyword matches the number's start or the other company's name. */
export async function listOrders(
  ctx: ServiceContext,
  input: { role: 'bought' | 'sold'; state?: OrderState; keyword?: string; page: number; pageSize: number },
): Promise<TOrderPage> {
  const mine = input.role === 'bought' ? tradeOrders.buyerRootId : tradeOrders.sellerRootId;
  const theirs = input.role === 'bought' ? tradeOrders.sellerRootId : tradeOrders.buyerRootId;
  const keyword = input.keyword?.trim();
  const where = and(
    eq(mine, ctx.actor.rootId),
    input.state ? eq(tradeOrders.state, input.state) : undefined,
    keyword
      ? or(
          like(tradeOrders.orderNo, `${escapeLike(keyword.toUpperCase())}%`),
          sql`${theirs} in ${companiesNamed(keyword)}`,
        )
      : undefined,
  );
  return pageOf(ctx, where, input);
}

async function pageOf(ctx: ServiceContext, where: ReturnType<typeof and>, input: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(tradeOrders)
      .where(where)
      .orderBy(desc(tradeOrders.createdAt), desc(tradeOrders.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    ctx.db.select({ n: count() }).from(tradeOrders).where(where),
  ]);
  return {
    list: await presentSummaries(ctx.db, rows),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: input.pageSize,
  };
}

/** `order/detail`: an order of my company, on either side. */
export async function orderDetail(ctx: ServiceContext, orderId: number): Promise<TOrder> {
  const [row] = await ctx.db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
  if (!row) throw new AppError(CodeFlag.notFound, 'order.notFound');
  return presentOrder(ctx.db, ctx.links, row, { side: sideOf(row, ctx.actor.rootId) });
}

/** `console/order/list`: by number (its start), company (name contains, or a root id, either side), state. */
export async function consoleListOrders(
  ctx: ServiceContext,
  input: Omit<TConsoleOrderListRequest, 'page' | 'pageSize'> & { page: number; pageSize: number },
): Promise<TOrderPage> {
  const company = input.company?.trim();
  const where = and(
    input.orderNo ? like(tradeOrders.orderNo, `${escapeLike(input.orderNo.toUpperCase())}%`) : undefined,
    input.state ? eq(tradeOrders.state, input.state) : undefined,
    company
      ? or(
          /^\d{1,9}$/.test(company)
            ? or(eq(tradeOrders.buyerRootId, Number(company)), eq(tradeOrders.sellerRootId, Number(company)))
            : undefined,
          sql`${tradeOrders.buyerRootId} in ${companiesNamed(company)}`,
          sql`${tradeOrders.sellerRootId} in ${companiesNamed(company)}`,
        )
      : undefined,
  );
  return pageOf(ctx, where, input);
}

/** `console/order/detail`: any order with its history, read-only. */
export async function consoleOrderDetail(ctx: ServiceContext, orderId: number): Promise<TOrder> {
  const [row] = await ctx.db.select().from(tradeOrders).where(eq(tradeOrders.id, orderId));
  if (!row) throw notFound();
  return presentOrder(ctx.db, ctx.links, row, { side: 'buyer', operator: true });
}

/** A cashier refund (from the console) recorded in the order's history; the goods' state does not change. */
export async function recordRefund(tx: Executor, orderId: number, payOrderNo: string, refundFen: number, clock: Clock) {
  const at = clock.now();
  const order = await lockOrder(tx, orderId);
  await recordTransition(tx, {
    orderId: order.id,
    from: order.state,
    to: order.state,
    actor: 'operator',
    userId: null,
    reason: 'refund',
    note: `${payOrderNo}: ${formatCents(refundFen)}`,
    at,
  });
  // The buyer has all the money back before the goods left: the sale is off. Left paid, nobody could end
  // it (a cashier-paid order is not the seller's to cancel), it could still be shipped, and its tons would
  // stay reserved for good. Payments has already counted this refund on its order, which it holds locked.
  if (order.state !== 'paid' || order.payOrderNo !== payOrderNo) return;
  const [payment] = await tx
    .select({ amountFen: paymentOrders.amountFen, refundedFen: paymentOrders.refundedFen })
    .from(paymentOrders)
    .where(eq(paymentOrders.orderNo, payOrderNo));
  if (!payment || payment.refundedFen < payment.amountFen) return;
  const cancelled = await moveState(
    tx,
    order,
    'cancelled',
    { deadline: null },
    { actor: 'payment', userId: null, reason: 'refunded_in_full', at },
  );
  if (!cancelled) return;
  await releaseOrderStock(tx, order.id, at);
  for (const side of ORDER_SIDES) await noticeAbout(tx, clock, order, side, 'notice.orderRefundedInFull', {});
}

/**
 * A leaving employee's live orders (neither completed, cancelled nor expired), on either side, go to whoever
 * takes over their work, so the other side's steps reach someone who can act. Called by the staff
 * hand-over once it holds the people's rows; the orders keep their history and place in the lists.
 * Answers how many moved.
 */
export async function handOverOrders(
  tx: Executor,
  input: { rootId: number; fromUserId: number; toUserId: number },
): Promise<number> {
  const { rootId, fromUserId, toUserId } = input;
  const live = notInArray(tradeOrders.state, [...ORDER_FINAL_STATES]);
  const asSeller = await tx
    .update(tradeOrders)
    .set({ sellerUserId: toUserId })
    .where(and(eq(tradeOrders.sellerRootId, rootId), eq(tradeOrders.sellerUserId, fromUserId), live))
    .returning({ id: tradeOrders.id });
  const asBuyer = await tx
    .update(tradeOrders)
    .set({ buyerUserId: toUserId })
    .where(and(eq(tradeOrders.buyerRootId, rootId), eq(tradeOrders.buyerUserId, fromUserId), live))
    .returning({ id: tradeOrders.id });
  return asSeller.length + asBuyer.length;
}
