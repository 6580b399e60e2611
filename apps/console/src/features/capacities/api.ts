import { Calls, companyPath } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/**
 * `console/capacity/list`: capacities waiting for review of companies with an approved licence, the
 * earliest due first (each item's createdAt is when it was posted or last changed).
 */
export const fetchCapacities = (signal: AbortSignal) => callApi(Calls.pendingCapacities, {}, { signal });

/**
 * `console/capacity/review`: the capacity passes (it becomes public) or does not, with the reason;
 * either for the version the operator was shown.
 */
export const decideCapacity = (decision: ReviewDecision) => callApi(Calls.reviewCapacity, reviewRequest(decision));

/** The company's public shop page in the web app (company?id), which the console links to. */
export const companyShopUrl = (rootId: number) => `/#${companyPath(rootId)}`;
