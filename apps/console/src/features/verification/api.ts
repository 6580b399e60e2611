import { Calls } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/**
 * `console/verification/list`: requests to customer service, oldest first, with the masked values
 * asked about and the user's attempts. Masked is all the console ever asks for.
 */
export const fetchVerificationRequests = (signal: AbortSignal) =>
  callApi(Calls.pendingVerificationEscalations, {}, { signal });

/** `console/verification/review`: the person is verified with the values asked about, or turned down with the reason. */
export const decideVerificationRequest = (decision: ReviewDecision) =>
  callApi(Calls.reviewVerificationEscalation, reviewRequest(decision));
