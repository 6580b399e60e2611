import { CodeFlag, formatTons, type TOrderProductSnapshot } from '@metal/shared';
import { and, asc, eq, gte, inArray, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError, invalid } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { files } from '../files/files.table';
import { sorts } from '../markets/markets.table';
import { nextStockVersion, stockImages, stocks } from '../stocks/stocks.table';

type StockRow = typeof stocks.$inferSelect;

/** A lot as an order line records it, beside the facts reservation needs. */
export interface OrderableStock {
  row: StockRow;
  product: TOrderProductSnapshot;
}

/** The lots named, with their product snapshot (category name, place, first picture); unknown ids are left out. */
export async function loadStocks(db: Executor, links: FileLinks, ids: number[]): Promise<Map<number, OrderableStock>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ stock: stocks, sortName: sorts.name })
    .from(stocks)
    .innerJoin(sorts, eq(sorts.id, stocks.sortId))
    .where(inArray(stocks.id, ids));
  const pictures = await db
    .select({ stockId: stockImages.stockId, key: files.key })
    .from(stockImages)
    .innerJoin(files, eq(files.id, stockImages.fileId))
    .where(and(inArray(stockImages.stockId, ids), eq(stockImages.position, 0)))
    .orderBy(asc(stockImages.stockId));
  const pictureOf = new Map(pictures.map((p) => [p.stockId, links.publicUrl(p.key)]));
  return new Map(
    rows.map(({ stock, sortName }) => [
      stock.id,
      {
        row: stock,
        product: {
          sortId: stock.sortId,
          sortName,
          productName: stock.productName,
          specifications: stock.specifications,
          brand: stock.brand,
          manufacturer: stock.manufacturer,
          place: [stock.province, stock.city, stock.district, stock.storageAddress].filter(Boolean).join(' '),
          splittable: stock.splittable,
          picture: pictureOf.get(stock.id) ?? '',
        },
      },
    ]),
  );
}

export const stockName = (stock: OrderableStock) => stock.product.productName || stock.product.sortName;

/**
 * Checks a line against its lot before anything is written: on sale, not the buyer's own, not goods in
 * transit (futures), whole when the lot does not split, within what is left. The reservation itself
 * (reserveStock) checks again atomically: this only gives the clearer message first.
 */
export function checkOrderable(stock: OrderableStock | undefined, buyerRootId: number, quantityKg: number) {
  if (!stock || stock.row.status === 'deleted')
    throw new AppError(CodeFlag.conflict, 'order.stockUnavailable', { name: '' });
  const name = stockName(stock);
  const { row } = stock;
  if (row.rootId === buyerRootId) throw invalid('order.stockOwn', 'items');
  if (row.status === 'onTheWay') throw new AppError(CodeFlag.invalidInput, 'order.stockFutures', { name });
  if (row.status === 'soldOut' || (row.status === 'sale' && row.quantityKg === 0))
    throw new AppError(CodeFlag.conflict, 'order.soldOut', { name });
  if (row.status !== 'sale') throw new AppError(CodeFlag.conflict, 'order.stockUnavailable', { name });
  if (!row.splittable && quantityKg !== row.quantityKg)
    throw new AppError(CodeFlag.invalidInput, 'order.notSplittable', { name, tons: formatTons(row.quantityKg) });
  if (quantityKg > row.quantityKg)
    throw new AppError(CodeFlag.conflict, 'order.insufficientStock', { name, tons: formatTons(row.quantityKg) });
}

/**
 * Takes `quantityKg` off a for-sale lot in one conditional UPDATE inside the order's transaction: the
 * row lock PostgreSQL takes for it serialises every order on the lot, and the WHERE re-reads the
 * quantity after any order before it committed, so two orders can never both take the last tons. A lot
 * that reaches zero turns sold out in the same statement. Refused (nothing taken) with the reason read
 * again after the refusal.
 */
export async function reserveStock(
  tx: Executor,
  input: { stock: OrderableStock; buyerRootId: number; quantityKg: number; now: Date },
) {
  const { stock, buyerRootId, quantityKg, now } = input;
  const taken = await tx
    .update(stocks)
    .set({
      quantityKg: sql`${stocks.quantityKg} - ${quantityKg}`,
      status: sql`case when ${stocks.quantityKg} = ${quantityKg} then 'soldOut' else ${stocks.status} end`,
      updatedAt: now,
    })
    .where(
      and(
        eq(stocks.id, stock.row.id),
        eq(stocks.status, 'sale'),
        ne(stocks.rootId, buyerRootId),
        gte(stocks.quantityKg, quantityKg),
        or(eq(stocks.splittable, true), eq(stocks.quantityKg, quantityKg)),
      ),
    )
    .returning({ id: stocks.id });
  if (taken.length === 1) return;
  const [current] = await tx.select().from(stocks).where(eq(stocks.id, stock.row.id));
  checkOrderable(current ? { ...stock, row: current } : undefined, buyerRootId, quantityKg);
  throw new AppError(CodeFlag.conflict, 'order.insufficientStock', { name: stockName(stock), tons: '0' });
}

/**
 * Gives reserved tons back to their lot (a cancelled or expired order). A lot the orders had sold out
 * goes back on sale; one its seller took off sale or deleted meanwhile stays as the seller left it. One
 * the seller changed meanwhile waits for review, and the tons given back change what the operator decides
 * on: its version moves on (nextStockVersion), even within the millisecond the queue showed.
 */
export async function releaseStock(tx: Executor, input: { stockId: number; quantityKg: number; now: Date }) {
  await tx
    .update(stocks)
    .set({
      quantityKg: sql`${stocks.quantityKg} + ${input.quantityKg}`,
      status: sql`case when ${stocks.status} = 'soldOut' and ${stocks.quantityKg} = 0 then 'sale' else ${stocks.status} end`,
      updatedAt: nextStockVersion(input.now),
    })
    .where(eq(stocks.id, input.stockId));
}
