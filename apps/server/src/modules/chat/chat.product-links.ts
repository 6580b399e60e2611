import { ChatProductType, type Language, type TChatProductInfo } from '@metal/shared';
import { and, asc, eq, isNotNull, ne, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { FileLinks } from '../../platform/file-links';
import { users } from '../accounts/accounts.table';
import { capacities, capacityImages } from '../capacities/capacities.table';
import { companies } from '../companies/companies.table';
import { files } from '../files/files.table';
import { catalogueNames, presentStockSummaries } from '../stocks/stocks.present';
import { stocks } from '../stocks/stocks.table';

/** Who shares a product link, and what the snapshot is made with. */
export interface ProductLinkContext {
  db: Executor;
  clock: Clock;
  links: Pick<FileLinks, 'publicUrl'>;
  lang: Language;
  sender: { userId: number; rootId: number };
}

/**
 * Answers what a product link (type 7) to `proId` shows, or null when the sender may not share it
 * (it does not exist, or is not public and not the sender's company's).
 */
export type ProductLinkChecker = (context: ProductLinkContext, proId: number) => Promise<TChatProductInfo | null>;

const checkers = new Map<number, ProductLinkChecker>();

/**
 * Each product link type (SPEC §3: 1 stock, 2 inquiry, 3 agent buy, 4 capacity, 5 shop) is checked by
 * the module that owns its objects; a type nobody registered is refused. Stock, capacity and shop are
 * registered below; inquiries and agent buys register theirs in their own modules.
 */
export function registerProductLinkChecker(proType: number, checker: ProductLinkChecker) {
  checkers.set(proType, checker);
}

export const productLinkChecker = (proType: number) => checkers.get(proType);

const joined = (parts: string[]) => parts.filter(Boolean).join(' · ');

/** A stock listing: for sale, or any of the sender's company's own but a deleted one. */
const stockLink: ProductLinkChecker = async ({ db, clock, links, lang, sender }, proId) => {
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
  const today = clock.today();
  const [stock] = await presentStockSummaries({ db, rows: [row], lang, today, point: null, links });
  if (!stock) return null;
  return {
    title: stock.productName || stock.sortName,
    summary: joined([stock.productName ? stock.sortName : '', stock.specifications, stock.brand, stock.city]),
    priceFen: stock.price.unitPriceFen,
    picture: stock.cover?.thumbUrl ?? '',
    companyName: stock.companyName,
  };
};

/** A capacity: passed, or any of the sender's company's own. */
const capacityLink: ProductLinkChecker = async ({ db, links, lang, sender }, proId) => {
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
    summary: joined([capacity.productName ? sortName : '', ...capacity.attributes.map((a) => a.value)]),
    priceFen: null,
    picture: cover ? links.publicUrl(cover.thumbKey) : '',
    companyName: row.companyName ?? '',
  };
};

/** A shop: a company whose shop is open (proId is the company's rootId). */
const shopLink: ProductLinkChecker = async ({ db }, proId) => {
  const [company] = await db
    .select({ name: companies.name, brand: companies.brand, city: companies.city, head: users.head })
    .from(companies)
    .leftJoin(users, eq(users.id, companies.rootId))
    .where(and(eq(companies.rootId, proId), isNotNull(companies.shopOpenedAt)));
  if (!company) return null;
  return {
    title: company.name,
    summary: joined([company.brand, company.city]),
    priceFen: null,
    picture: company.head ?? '',
    companyName: company.name,
  };
};

registerProductLinkChecker(ChatProductType.stock, stockLink);
registerProductLinkChecker(ChatProductType.capacity, capacityLink);
registerProductLinkChecker(ChatProductType.shop, shopLink);
