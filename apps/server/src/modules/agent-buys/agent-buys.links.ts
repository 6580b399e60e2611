import { EMPTY_PRODUCT_CARD } from '@metal/shared';
import { eq } from 'drizzle-orm';
import { type ProductLinkChecker, sortNamesOf } from '../chat/chat.product-links';
import { companies } from '../companies/companies.table';
import { readableAgentBuy, requestName } from './agent-buys.service';

/**
 * An agent request shared in chat (product link type 3): one the sender may read (open or expired, or
 * the sender's own), with what it asks for.
 */
export const agentBuyLink: ProductLinkChecker = async ({ db, sender }, proId) => {
  const row = await readableAgentBuy(db, sender, proId);
  if (!row) return null;
  // Without words of its own, a request goes by its sort, which each reader sees in their language.
  const byItsWords = row.text.trim() !== '' || !row.sortId;
  const [sortName, productName, [company]] = await Promise.all([
    sortNamesOf(db, row.sortId),
    byItsWords ? requestName(db, row) : '',
    db.select({ name: companies.name }).from(companies).where(eq(companies.rootId, row.rootId)),
  ]);
  return {
    ...EMPTY_PRODUCT_CARD,
    sortId: row.sortId,
    sortName,
    productName,
    agentKind: row.kind,
    companyName: company?.name ?? '',
  };
};
