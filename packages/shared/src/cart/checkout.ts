import { Paths } from '../paths';

/** One chosen cart line as the checkout page receives it: the listing and the quantity in kilograms. */
export interface CheckoutLine {
  stockId: number;
  quantityKg: number;
}

/**
 * The cart's "check out" for one seller: `confirm_stock_order?seller=<rootId>&items=<stockId>:<kg>,…`.
 * Kilograms as integers, so a quantity crosses the query without decimals to round.
 */
export function confirmStockOrderPath(sellerRootId: number, lines: readonly CheckoutLine[]): string {
  const items = lines.map((line) => `${line.stockId}:${line.quantityKg}`).join(',');
  return `${Paths.confirmStockOrder}?seller=${sellerRootId}&items=${items}`;
}

/**
 * The checkout page's reading of its query: the seller and the chosen lines, or null when the query
 * is not one confirmStockOrderPath made (the page then sends the buyer back to the cart).
 */
export function parseConfirmStockOrderQuery(
  query: URLSearchParams,
): { sellerRootId: number; lines: CheckoutLine[] } | null {
  const sellerRootId = Number(query.get('seller'));
  const items = query.get('items') ?? '';
  if (!Number.isSafeInteger(sellerRootId) || sellerRootId <= 0 || items === '') return null;
  const lines: CheckoutLine[] = [];
  for (const item of items.split(',')) {
    const match = /^(\d{1,15}):(\d{1,12})$/.exec(item);
    if (!match) return null;
    const line = { stockId: Number(match[1]), quantityKg: Number(match[2]) };
    if (line.stockId <= 0 || line.quantityKg <= 0 || lines.some((seen) => seen.stockId === line.stockId)) return null;
    lines.push(line);
  }
  return { sellerRootId, lines };
}
