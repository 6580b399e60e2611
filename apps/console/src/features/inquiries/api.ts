import { Calls } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** `console/inquiry/list`: public purchase inquiries waiting for review, oldest first, in full. */
export const fetchPendingInquiries = (signal: AbortSignal) => callApi(Calls.pendingInquiries, {}, { signal });

/** `console/inquiry/review`: the inquiry opens for quotes, or is rejected with the reason the buyer will read. */
export const decideInquiry = (decision: ReviewDecision) => callApi(Calls.reviewInquiry, reviewRequest(decision));
