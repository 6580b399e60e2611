import { Calls } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** `console/agent_buy/list`: agent requests waiting for review, oldest first, in full. */
export const fetchPendingAgentBuys = (signal: AbortSignal) => callApi(Calls.pendingAgentBuys, {}, { signal });

/** `console/agent_buy/review`: the request opens for agents' quotes, or is rejected with the reason the poster will read. */
export const decideAgentBuy = (decision: ReviewDecision) => callApi(Calls.reviewAgentBuy, reviewRequest(decision));
