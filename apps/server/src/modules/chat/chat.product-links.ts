import { type ChatProductType, EMPTY_PRODUCT_CARD, type TChatNames, type TChatProductCard } from '@metal/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { FileLinks } from '../../platform/file-links';
import type { ServerModule } from '../../platform/module';
import { sorts } from '../markets/markets.table';

/** Who shares a product link, and what the card is made with. */
export interface ProductLinkContext {
  db: Executor;
  clock: Clock;
  links: Pick<FileLinks, 'publicUrl'>;
  sender: { userId: number; rootId: number };
}

/**
 * Answers what a product link (type 7) to `proId` shows, as facts each reader's app words in its own
 * language (catalogue names in both), or null when the sender may not share it (it does not exist, or
 * is not public and not the sender's company's).
 */
export type ProductLinkChecker = (context: ProductLinkContext, proId: number) => Promise<TChatProductCard | null>;

/** SPEC §3's product link types: 1 stock, 2 inquiry, 3 agent buy, 4 capacity, 5 shop. */
export type ProductLinkType = (typeof ChatProductType)[keyof typeof ChatProductType];

/** Finds the checker of a product link type; a type no module fills is refused. */
export type ProductLinkCheckers = (proType: number) => ProductLinkChecker | undefined;

/**
 * Each product link type is checked by the module that owns its objects, through its descriptor's
 * `productLinks` (platform/module.ts).
 */
export function productLinkCheckers(modules: readonly Pick<ServerModule, 'productLinks'>[]): ProductLinkCheckers {
  const checkers = new Map<number, ProductLinkChecker>();
  for (const module of modules)
    for (const [proType, checker] of Object.entries(module.productLinks ?? {}))
      if (checker) checkers.set(Number(proType), checker);
  return (proType) => checkers.get(proType);
}

const NO_NAMES: TChatNames = EMPTY_PRODUCT_CARD.sortName;

/** A catalogue sort's name in both languages; blank for none or an unknown one. */
export async function sortNamesOf(db: Executor, sortId: number | null): Promise<TChatNames> {
  if (!sortId) return NO_NAMES;
  const [sort] = await db.select({ name: sorts.name, nameEn: sorts.nameEn }).from(sorts).where(eq(sorts.id, sortId));
  return sort ? { 'zh-CN': sort.name, 'en-US': sort.nameEn } : NO_NAMES;
}
