import type { AgentBuyStatus } from '@metal/shared';
import type { Actor } from '../../platform/actor';
import type { Posting } from '../../platform/postings';
import { agentBuys, agentBuyViews } from './agent-buys.table';

/** An agent request belongs to the person who posted it, not to a company. */
export const isOwner = (actor: Pick<Actor, 'userId'>, row: { userId: number }) =>
  actor.userId > 0 && row.userId === actor.userId;

/** Between its end and the expiry job's next run, an open request already reads as expired. */
export const shownStatus = (row: typeof agentBuys.$inferSelect, now: Date): AgentBuyStatus =>
  row.status === 'open' && row.expiresAt && row.expiresAt.getTime() <= now.getTime() ? 'expired' : row.status;

/**
 * A request only its poster may change, and whose views by anyone else count; a deleted one is gone,
 * anyone else's refused. It is open until closed or its days run out; then its poster is told.
 */
export const agentBuyPosting: Posting<typeof agentBuys> = {
  table: agentBuys,
  id: agentBuys.id,
  isGone: (request) => request.status === 'deleted',
  mayChange: isOwner,
  isOpen: (request, now) => shownStatus(request, now) === 'open',
  notOpenMessage: 'agentBuy.notOpen',
  views: { table: agentBuyViews, row: (agentBuyId, userId, day) => ({ agentBuyId, userId, day }) },
  endsAt: agentBuys.expiresAt,
  posterId: (request) => request.userId,
  subject: 'agentBuy',
  expiredNotice: 'notice.agentBuyExpired',
};
