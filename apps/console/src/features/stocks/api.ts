import { Calls } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** `console/stock/list`: stock listings waiting for review, oldest first, with pictures and today's price. */
export const fetchPendingStocks = (signal: AbortSignal) => callApi(Calls.pendingStocks, {}, { signal });

/** `console/stock/review`: the listing goes on sale, or is rejected with the reason the seller will read. */
export const decideStock = (decision: ReviewDecision) => callApi(Calls.reviewStock, reviewRequest(decision));
