import { EMPTY_PRODUCT_CARD } from '@metal/shared';
import { and, asc, eq, or } from 'drizzle-orm';
import { type ProductLinkChecker, sortNamesOf } from '../chat/chat.product-links';
import { companies } from '../companies/companies.table';
import { files } from '../files/files.table';
import { capacities, capacityImages } from './capacities.table';

/** A capacity: passed, or any of the sender's company's own. */
export const capacityLink: ProductLinkChecker = async ({ db, links, sender }, proId) => {
  const [row] = await db
    .select({ capacity: capacities, companyName: companies.name })
    .from(capacities)
    .leftJoin(companies, eq(companies.rootId, capacities.rootId))
    .where(and(eq(capacities.id, proId), or(eq(capacities.status, 'passed'), eq(capacities.rootId, sender.rootId))));
  if (!row) return null;
  const { capacity } = row;
  const [sortName, [cover]] = await Promise.all([
    sortNamesOf(db, capacity.sortId),
    db
      .select({ thumbKey: files.thumbKey })
      .from(capacityImages)
      .innerJoin(files, eq(files.id, capacityImages.fileId))
      .where(eq(capacityImages.capacityId, capacity.id))
      .orderBy(asc(capacityImages.position))
      .limit(1),
  ]);
  return {
    ...EMPTY_PRODUCT_CARD,
    sortId: capacity.sortId,
    sortName,
    productName: capacity.productName,
    details: capacity.attributes.map((a) => a.value),
    picture: cover ? links.publicUrl(cover.thumbKey) : '',
    companyName: row.companyName ?? '',
  };
};
