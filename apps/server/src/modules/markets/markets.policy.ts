import type { Ownership } from '../../platform/ownership';
import { marketGroups } from './markets.table';

/** A watch-list group only the user who made it may change; anyone else's is refused. */
export const marketGroupOwnership: Ownership<typeof marketGroups> = {
  table: marketGroups,
  id: marketGroups.id,
  mayChange: (actor, group) => group.userId === actor.userId,
};
