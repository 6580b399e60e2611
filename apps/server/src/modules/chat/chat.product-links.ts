import type { ChatProductType, Language, TChatProductInfo } from '@metal/shared';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { FileLinks } from '../../platform/file-links';
import type { ServerModule } from '../../platform/module';

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

/** The parts of a product link's snapshot, joined as the chat card shows them. */
export const joinedSummary = (parts: string[]) => parts.filter(Boolean).join(' · ');
