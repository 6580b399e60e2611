import { eq } from 'drizzle-orm';
import type { ProductLinkChecker } from '../chat/chat.product-links';
import { companies } from '../companies/companies.table';
import { sorts } from '../markets/markets.table';
import { readableAgentBuy, requestName } from './agent-buys.service';

const KIND_NAMES = {
  buy: { 'zh-CN': '帮我买', 'en-US': 'Help me buy' },
  sell: { 'zh-CN': '帮我卖', 'en-US': 'Help me sell' },
} as const;

/**
 * An agent request shared in chat (product link type 3): one the sender may read (open or expired, or
 * the sender's own), with a snapshot of what it asks for.
 */
export const agentBuyLink: ProductLinkChecker = async ({ db, lang, sender }, proId) => {
  const row = await readableAgentBuy(db, sender, proId);
  if (!row) return null;
  const [sort] = row.sortId
    ? await db.select({ name: sorts.name, nameEn: sorts.nameEn }).from(sorts).where(eq(sorts.id, row.sortId))
    : [];
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.rootId, row.rootId));
  return {
    title: await requestName(db, row),
    summary: [KIND_NAMES[row.kind][lang], sort ? (lang === 'en-US' ? sort.nameEn : sort.name) : '']
      .filter(Boolean)
      .join(' · '),
    priceFen: null,
    picture: '',
    companyName: company?.name ?? '',
  };
};
