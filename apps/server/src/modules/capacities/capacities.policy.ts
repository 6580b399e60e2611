import type { Ownership } from '../../platform/ownership';
import { capacities } from './capacities.table';

/** A capacity its company (owner and employees) may change, whatever its status; another company's is refused. */
export const capacityOwnership: Ownership<typeof capacities> = {
  table: capacities,
  id: capacities.id,
  mayChange: (actor, capacity) => capacity.rootId === actor.rootId,
};
