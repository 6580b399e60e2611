import type { OrderSide, TOrder, TOrderItem, TOrderSummary } from '@metal/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import { companies } from '../companies/companies.table';
import { actionsFor } from './orders.policy';
import { tradeOrderItems, tradeOrderSlips, type tradeOrders, tradeOrderTransitions } from './orders.table';

export type OrderRow = typeof tradeOrders.$inferSelect;
type ItemRow = typeof tradeOrderItems.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function presentItem(item: ItemRow): TOrderItem {
  return {
    id: item.id,
    stockId: item.stockId,
    product: item.product,
    quantityKg: item.quantityKg,
    listPriceFen: item.listPriceFen,
    unitPriceFen: item.unitPriceFen,
    amountFen: item.amountFen,
  };
}

/** Company names and contact names of the orders' two sides, read once for a page. */
async function partiesOf(db: Executor, rows: OrderRow[]) {
  const rootIds = [...new Set(rows.flatMap((r) => [r.buyerRootId, r.sellerRootId]))];
  const userIds = [...new Set(rows.flatMap((r) => [r.buyerUserId, r.sellerUserId]))];
  if (rows.length === 0) return { companyName: () => '', contactName: () => '' };
  const [companyRows, userRows] = await Promise.all([
    db
      .select({ rootId: companies.rootId, name: companies.name })
      .from(companies)
      .where(inArray(companies.rootId, rootIds)),
    db.select({ id: users.id, name: users.nickName }).from(users).where(inArray(users.id, userIds)),
  ]);
  const companyNames = new Map(companyRows.map((c) => [c.rootId, c.name]));
  const userNames = new Map(userRows.map((u) => [u.id, u.name]));
  return {
    companyName: (rootId: number) => companyNames.get(rootId) ?? '',
    contactName: (userId: number) => userNames.get(userId) ?? '',
  };
}

/** Orders as list rows, in the order given. */
export async function presentSummaries(db: Executor, rows: OrderRow[]): Promise<TOrderSummary[]> {
  if (rows.length === 0) return [];
  const [parties, items] = await Promise.all([
    partiesOf(db, rows),
    db
      .select()
      .from(tradeOrderItems)
      .where(
        inArray(
          tradeOrderItems.orderId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(tradeOrderItems.orderId), asc(tradeOrderItems.position)),
  ]);
  const itemsOf = new Map<number, ItemRow[]>();
  for (const item of items) itemsOf.set(item.orderId, [...(itemsOf.get(item.orderId) ?? []), item]);
  return rows.map((row) => summaryOf(row, itemsOf.get(row.id) ?? [], parties));
}

function summaryOf(
  row: OrderRow,
  items: ItemRow[],
  parties: { companyName: (rootId: number) => string; contactName: (userId: number) => string },
): TOrderSummary {
  const party = (rootId: number, userId: number) => ({
    rootId,
    companyName: parties.companyName(rootId),
    userId,
    contactName: parties.contactName(userId),
  });
  return {
    id: row.id,
    orderNo: row.orderNo,
    source: row.source,
    state: row.state,
    buyer: party(row.buyerRootId, row.buyerUserId),
    seller: party(row.sellerRootId, row.sellerUserId),
    firstItem: presentItem(items[0]!),
    itemCount: items.length,
    totalKg: row.totalKg,
    totalFen: row.totalFen,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deadline: iso(row.deadline),
  };
}

/** One order in full as `side` sees it (operators see the buyer's view without actions). */
export async function presentOrder(
  db: Executor,
  links: FileLinks,
  row: OrderRow,
  viewer: { side: OrderSide; operator?: boolean },
): Promise<TOrder> {
  const [parties, items, slips, transitions] = await Promise.all([
    partiesOf(db, [row]),
    db.select().from(tradeOrderItems).where(eq(tradeOrderItems.orderId, row.id)).orderBy(asc(tradeOrderItems.position)),
    db.select().from(tradeOrderSlips).where(eq(tradeOrderSlips.orderId, row.id)).orderBy(asc(tradeOrderSlips.id)),
    db
      .select()
      .from(tradeOrderTransitions)
      .where(eq(tradeOrderTransitions.orderId, row.id))
      .orderBy(asc(tradeOrderTransitions.id)),
  ]);
  return {
    ...summaryOf(row, items, parties),
    side: viewer.side,
    actions: viewer.operator ? [] : actionsFor(viewer.side, row),
    items: items.map(presentItem),
    inquiryId: row.inquiryId,
    address: row.address,
    invoice: row.invoice,
    remark: row.remark,
    quote: row.quote,
    payment: {
      method: row.paymentMethod,
      onlineAccepted: row.onlineAccepted,
      paymentDays: row.paymentDays,
      bankAccount: row.bankAccount,
      payOrderNo: row.payOrderNo,
      paidAt: iso(row.paidAt),
    },
    slips: slips.map((slip) => ({
      id: slip.id,
      urls: slip.fileKeys.map((key) => links.signedUrl(key)),
      note: slip.note,
      createdAt: slip.createdAt.toISOString(),
    })),
    shipment: row.shipment
      ? {
          logisticsNote: row.shipment.logisticsNote,
          vehiclePlate: row.shipment.vehiclePlate,
          driverPhone: row.shipment.driverPhone,
          photos: row.shipment.photoKeys.map((key) => links.publicUrl(key)),
          shippedAt: row.shipment.shippedAt,
        }
      : null,
    cancelReason: row.cancelReason,
    history: transitions.map((t) => ({
      from: t.fromState,
      to: t.toState,
      actor: t.actor,
      userId: t.userId,
      reason: t.reason,
      note: t.note,
      at: t.at.toISOString(),
    })),
  };
}
