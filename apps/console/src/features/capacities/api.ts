import { Calls, companyPath, type TCapacityReviewItem } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/**
 * The submission each listed capacity showed (its createdAt), by id: a decision names it, so a
 * capacity the company changed after the list was loaded is refused rather than decided unseen.
 */
const listedSubmissions = new Map<number, string>();

/**
 * `console/capacity/list`: capacities waiting for review of companies with an approved licence, the
 * earliest due first (each item's createdAt is when it was posted or last changed).
 */
export async function fetchCapacities(signal: AbortSignal): Promise<TCapacityReviewItem[]> {
  const items = await callApi(Calls.pendingCapacities, {}, { signal });
  for (const item of items) listedSubmissions.set(item.id, item.createdAt);
  return items;
}

/** `console/capacity/review`: the capacity passes (it becomes public) or does not, with the reason. */
export const decideCapacity = (decision: ReviewDecision) => {
  const submittedAt = listedSubmissions.get(decision.id);
  return callApi(Calls.reviewCapacity, { ...reviewRequest(decision), ...(submittedAt ? { submittedAt } : {}) });
};

/** The company's public shop page in the web app (company?id), which the console links to. */
export const companyShopUrl = (rootId: number) => `/#${companyPath(rootId)}`;
