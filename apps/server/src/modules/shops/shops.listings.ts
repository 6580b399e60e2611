import type { Executor } from '../../db/client';
import { countPassedCapacities } from '../capacities/capacities.service';

/** A company's public listings of each kind, as shop opening and the shop page count them. */
export interface ListingCounts {
  stock: number;
  capacity: number;
}

/**
 * Counts a company's public listings. The listing modules own their tables and their idea of
 * "public" (stock for sale, capacity that passed review), so each supplies its own count.
 */
export type ListingCounter = (db: Executor, rootId: number) => Promise<ListingCounts>;

type KindCounter = (db: Executor, rootId: number) => Promise<number>;

/**
 * The listing kinds this server has. Stock and capacity listings arrive with their own module
 * (issue 5), which adds its counter here; until then a company can have none, and counts say so.
 */
const COUNTERS: Partial<Record<keyof ListingCounts, KindCounter>> = {
  capacity: countPassedCapacities,
};

export const countPublicListings: ListingCounter = async (db, rootId) => ({
  stock: (await COUNTERS.stock?.(db, rootId)) ?? 0,
  capacity: (await COUNTERS.capacity?.(db, rootId)) ?? 0,
});
