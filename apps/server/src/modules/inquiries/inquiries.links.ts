import { formatTons } from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { ProductLinkChecker } from '../chat/chat.product-links';
import { readable, summaries } from './inquiries.service';
import { inquiries } from './inquiries.table';

/**
 * An inquiry shared in chat (product link type 2): one the sender may read (public and open or ended,
 * designated to the sender's company, or the sender's own), with a snapshot of what it asks for.
 */
export const inquiryLink: ProductLinkChecker = async ({ db, clock, lang, sender }, proId) => {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, proId));
  if (!row || !(await readable(db, sender, row))) return null;
  const [summary] = await summaries({ db, lang }, { rows: [row], now: clock.now() });
  if (!summary) return null;
  return {
    title: summary.title,
    summary: [summary.sortName, `${formatTons(summary.totalQuantityKg)} ${lang === 'zh-CN' ? '吨' : 't'}`, summary.city]
      .filter(Boolean)
      .join(' · '),
    priceFen: null,
    picture: '',
    companyName: summary.buyerCompanyName,
  };
};
