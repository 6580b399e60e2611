import { and, eq, ne, or } from 'drizzle-orm';
import { joinedSummary, type ProductLinkChecker } from '../chat/chat.product-links';
import { presentStockSummaries } from './stocks.present';
import { stocks } from './stocks.table';

/** A stock listing: for sale, or any of the sender's company's own but a deleted one. */
export const stockLink: ProductLinkChecker = async ({ db, clock, links, lang, sender }, proId) => {
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
  const [stock] = await presentStockSummaries({ db, rows: [row], lang, today: clock.today(), point: null, links });
  if (!stock) return null;
  return {
    title: stock.productName || stock.sortName,
    summary: joinedSummary([stock.productName ? stock.sortName : '', stock.specifications, stock.brand, stock.city]),
    priceFen: stock.price.unitPriceFen,
    picture: stock.cover?.thumbUrl ?? '',
    companyName: stock.companyName,
  };
};
