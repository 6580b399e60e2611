import type { Executor } from '../../db/client';
import type { ServerModule } from '../../platform/module';

/** A company's public listings of each kind, as shop opening and the shop page count them. */
export interface ListingCounts {
  stock: number;
  capacity: number;
}

/** Counts a company's public listings of every kind. */
export type ListingCounter = (db: Executor, rootId: number) => Promise<ListingCounts>;

/** Counts a company's public listings of one kind. */
export type ListingKindCounter = (db: Executor, rootId: number) => Promise<number>;

/**
 * The listing modules own their tables and their idea of "public" (stock for sale, capacity that passed
 * review), so each supplies its own count through its descriptor's `listingCounts`; a kind no module
 * counts is 0.
 */
export function countPublicListings(modules: readonly Pick<ServerModule, 'listingCounts'>[]): ListingCounter {
  const counterOf = (kind: keyof ListingCounts) =>
    modules.find((module) => module.listingCounts?.[kind])?.listingCounts?.[kind];
  const stock = counterOf('stock');
  const capacity = counterOf('capacity');
  return async (db, rootId) => ({
    stock: (await stock?.(db, rootId)) ?? 0,
    capacity: (await capacity?.(db, rootId)) ?? 0,
  });
}
