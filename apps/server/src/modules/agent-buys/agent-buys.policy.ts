import type { Actor } from '../../platform/actor';
import type { Ownership } from '../../platform/ownership';
import { agentBuys } from './agent-buys.table';

/** An agent request belongs to the person who posted it, not to a company. */
export const isOwner = (actor: Pick<Actor, 'userId'>, row: { userId: number }) =>
  actor.userId > 0 && row.userId === actor.userId;

/** A request only its poster may change; a deleted one is gone, anyone else's refused. */
export const agentBuyOwnership: Ownership<typeof agentBuys> = {
  table: agentBuys,
  id: agentBuys.id,
  isGone: (request) => request.status === 'deleted',
  mayChange: isOwner,
};
