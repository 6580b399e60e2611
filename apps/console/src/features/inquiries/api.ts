import { Calls, type TInquiryDetail } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** An inquiry in the queue, with the version operators see (the list always carries it). */
export type InquiryReview = TInquiryDetail & { submittedAt: string };

/** `console/inquiry/list`: public purchase inquiries waiting for review, oldest first, in full. */
export const fetchPendingInquiries = async (signal: AbortSignal): Promise<InquiryReview[]> =>
  (await callApi(Calls.pendingInquiries, {}, { signal })).map((item) => ({
    ...item,
    submittedAt: item.submittedAt ?? '',
  }));

/**
 * `console/inquiry/review`: the inquiry opens for quotes, or is rejected with the reason the buyer will
 * read; either for the version the operator was shown.
 */
export const decideInquiry = (decision: ReviewDecision) => callApi(Calls.reviewInquiry, reviewRequest(decision));
