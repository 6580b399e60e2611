import { Calls, companyPath } from '@metal/shared';
import { callApi } from '../../lib/api';
import { type ReviewDecision, reviewRequest } from '../reviews/queue';

/** `console/shop/list`: shop openings waiting for audit, oldest first, with the listings they rest on. */
export const fetchShopApplications = (signal: AbortSignal) => callApi(Calls.pendingShopApplications, {}, { signal });

/** `console/shop/review`: the shop opens (audit passed), or the audit fails with the reason. */
export const decideShopApplication = (decision: ReviewDecision) =>
  callApi(Calls.reviewShopApplication, reviewRequest(decision));

/** The company's public shop page in the web app (company?id), which the console links to. */
export const shopPageUrl = (rootId: number) => `/#${companyPath(rootId)}`;
