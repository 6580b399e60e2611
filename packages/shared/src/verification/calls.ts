import { z } from 'zod';
import { ZReviewRequest } from '../companies/schemas';
import { contract } from '../contract';
import { ZEmptyRequest } from '../schemas/common';
import { ZVerificationReviewItem, ZVerificationStatus, ZVerifyEscalateRequest, ZVerifySubmitRequest } from './schemas';

/** The `.htmls` calls of verification (see contract.ts). */
export const verificationCalls = {
  verificationStatus: contract({
    path: 'verify/status',
    auth: 'user',
    feature: 'verification',
    summary: "The caller's real-person verification: state, masked identity, attempts left today",
    request: ZEmptyRequest,
    response: ZVerificationStatus,
  }),
  verificationSubmit: contract({
    path: 'verify/submit',
    auth: 'user',
    feature: 'verification',
    summary:
      'Check a real name and ID number: one daily attempt (codeFlag 6 at the limit, 99 when the provider is down)',
    request: ZVerifySubmitRequest,
    response: ZVerificationStatus,
  }),
  verificationEscalate: contract({
    path: 'verify/escalate',
    auth: 'user',
    feature: 'verification',
    summary: 'Ask customer service for help, at the limit or for an ID number verifying another account',
    request: ZVerifyEscalateRequest,
    response: ZVerificationStatus,
  }),
  pendingVerificationEscalations: contract({
    path: 'console/verification/list',
    auth: 'operator',
    feature: 'verification',
    summary: 'Operators: open verification requests with masked values and attempt history',
    request: ZEmptyRequest,
    response: z.array(ZVerificationReviewItem),
  }),
  reviewVerificationEscalation: contract({
    path: 'console/verification/review',
    auth: 'operator',
    feature: 'verification',
    summary:
      'Operators: approve (verifies the user) or reject a verification request with a reason. submittedAt is the version the operator looked at (submittedAt of the list item): codeFlag 2 when it is missing or the user has changed the request since, deciding nothing. codeFlag 5 when it is no longer waiting',
    request: ZReviewRequest,
    response: ZVerificationReviewItem,
  }),
} as const;
