import { Calls } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** `console/company_name/list`: name changes waiting for review, oldest first. */
export const fetchNameChanges = (signal: AbortSignal) => callApi(Calls.pendingNameChanges, {}, { signal });

/** `console/company_name/review`: the new name takes effect, or the request is rejected with the reason. */
export const decideNameChange = (decision: ReviewDecision) => callApi(Calls.reviewNameChange, reviewRequest(decision));
