import { Calls, type TInquiryDetail } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/**
 * The version each listed inquiry showed (its submittedAt), by id: a decision names it, so an inquiry
 * the buyer changed after the list was loaded is refused rather than decided unseen.
 */
const listedVersions = new Map<number, string>();

/** `console/inquiry/list`: public purchase inquiries waiting for review, oldest first, in full. */
export async function fetchPendingInquiries(signal: AbortSignal): Promise<TInquiryDetail[]> {
  const items = await callApi(Calls.pendingInquiries, {}, { signal });
  for (const item of items) if (item.submittedAt) listedVersions.set(item.id, item.submittedAt);
  return items;
}

/**
 * `console/inquiry/review`: the inquiry opens for quotes, or is rejected with the reason the buyer will
 * read; either for the version the operator was shown.
 */
export const decideInquiry = (decision: ReviewDecision) =>
  callApi(Calls.reviewInquiry, { ...reviewRequest(decision), submittedAt: listedVersions.get(decision.id) ?? '' });
