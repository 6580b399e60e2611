import { EMPTY_PRODUCT_CARD } from '@metal/shared';
import { and, eq, ne, or } from 'drizzle-orm';
import { type ProductLinkChecker, sortNamesOf } from '../chat/chat.product-links';
import { presentStockSummaries } from './stocks.present';
import { stocks } from './stocks.table';

/** A stock listing: for sale, or any of the sender's company's own but a deleted one. */
export const stockLink: ProductLinkChecker = async ({ db, clock, links, sender }, proId) => {
  const [row] = await db
    .select()
    .from(stocks)
    .where(
      and(
        eq(stocks.id, proId),
        or(eq(stocks.status, 'sale'), and(eq(stocks.rootId, sender.rootId), ne(stocks.status, 'deleted'))),
      ),
    );
  if (!row) return null;
  // The summary's language only picks names the card takes in both languages from sortNamesOf.
  const [[stock], sortName] = await Promise.all([
    presentStockSummaries({ db, rows: [row], lang: 'zh-CN', today: clock.today(), point: null, links }),
    sortNamesOf(db, row.sortId),
  ]);
  if (!stock) return null;
  return {
    ...EMPTY_PRODUCT_CARD,
    sortId: row.sortId,
    sortName,
    productName: stock.productName,
    details: [stock.specifications, stock.brand],
    priceFen: stock.price.unitPriceFen,
    city: stock.city,
    picture: stock.cover?.thumbUrl ?? '',
    companyName: stock.companyName,
  };
};
