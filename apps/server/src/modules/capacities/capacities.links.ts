import { and, asc, eq, or } from 'drizzle-orm';
import { joinedSummary, type ProductLinkChecker } from '../chat/chat.product-links';
import { companies } from '../companies/companies.table';
import { files } from '../files/files.table';
import { catalogueNames } from '../stocks/stocks.present';
import { capacities, capacityImages } from './capacities.table';

/** A capacity: passed, or any of the sender's company's own. */
export const capacityLink: ProductLinkChecker = async ({ db, links, lang, sender }, proId) => {
  const [row] = await db
    .select({ capacity: capacities, companyName: companies.name })
    .from(capacities)
    .leftJoin(companies, eq(companies.rootId, capacities.rootId))
    .where(and(eq(capacities.id, proId), or(eq(capacities.status, 'passed'), eq(capacities.rootId, sender.rootId))));
  if (!row) return null;
  const { capacity } = row;
  const [names, [cover]] = await Promise.all([
    catalogueNames(db, [capacity.sortId], [], lang),
    db
      .select({ thumbKey: files.thumbKey })
      .from(capacityImages)
      .innerJoin(files, eq(files.id, capacityImages.fileId))
      .where(eq(capacityImages.capacityId, capacity.id))
      .orderBy(asc(capacityImages.position))
      .limit(1),
  ]);
  const sortName = names.sortNames.get(capacity.sortId) ?? '';
  return {
    title: capacity.productName || sortName,
    summary: joinedSummary([capacity.productName ? sortName : '', ...capacity.attributes.map((a) => a.value)]),
    priceFen: null,
    picture: cover ? links.publicUrl(cover.thumbKey) : '',
    companyName: row.companyName ?? '',
  };
};
