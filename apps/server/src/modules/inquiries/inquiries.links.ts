import { EMPTY_PRODUCT_CARD } from '@metal/shared';
import { asc, eq } from 'drizzle-orm';
import { type ProductLinkChecker, sortNamesOf } from '../chat/chat.product-links';
import { companies } from '../companies/companies.table';
import { readable } from './inquiries.service';
import { inquiries, inquirySpecs } from './inquiries.table';

/**
 * An inquiry shared in chat (product link type 2): one the sender may read (public and open or ended,
 * designated to the sender's company, or the sender's own), with a snapshot of what it asks for.
 */
export const inquiryLink: ProductLinkChecker = async ({ db, sender }, proId) => {
  const [row] = await db.select().from(inquiries).where(eq(inquiries.id, proId));
  if (!row || !(await readable(db, sender, row))) return null;
  const [sortName, [first], [buyer]] = await Promise.all([
    sortNamesOf(db, row.sortId),
    db
      .select({ productName: inquirySpecs.productName, specification: inquirySpecs.specification })
      .from(inquirySpecs)
      .where(eq(inquirySpecs.inquiryId, row.id))
      .orderBy(asc(inquirySpecs.position))
      .limit(1),
    db.select({ name: companies.name }).from(companies).where(eq(companies.rootId, row.rootId)),
  ]);
  return {
    ...EMPTY_PRODUCT_CARD,
    sortId: row.sortId,
    sortName,
    // Its first product names it, as inquiry lists do.
    productName: first?.productName ?? '',
    details: [first?.specification ?? ''],
    quantityKg: row.totalQuantityKg,
    city: row.city,
    companyName: buyer?.name ?? '',
  };
};
