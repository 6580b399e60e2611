import { Calls, type TLicenceReviewItem } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** A licence in the queue, with its submission time where every queue keeps it. */
export type LicenceReview = TLicenceReviewItem & { createdAt: string };

/** `console/licence/list`: licences waiting for review on their own, oldest first, beside the approved one. */
export const fetchLicences = async (signal: AbortSignal): Promise<LicenceReview[]> =>
  (await callApi(Calls.pendingLicences, {}, { signal })).map((item) => ({ ...item, createdAt: item.submittedAt }));

/** `console/licence/review`: the licence replaces the approved one, or is rejected with the reason. */
export const decideLicence = (decision: ReviewDecision) => callApi(Calls.reviewLicence, reviewRequest(decision));
