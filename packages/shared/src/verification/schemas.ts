import { z } from 'zod';
import { VERIFICATION_NOTE_MAX } from '../constants';
import { isValidRealName, normalizeIdNumber, validateIdNumber } from '../helpers/idcard';
import { shanghaiDate } from '../helpers/time';

/**
 * Whether an identity number passes GB 11643 on `today` (YYYY-MM-DD, Asia/Shanghai). The server
 * checks again with its own clock's day, since a form's day is the device's.
 */
export const isValidIdNumberOn = (text: string, today: string) => validateIdNumber(text, today).ok;

const realName = () =>
  z
    .string({ error: 'verification.realNameInvalid' })
    .trim()
    .refine(isValidRealName, { error: 'verification.realNameInvalid' });

const idNumber = () =>
  z
    .string({ error: 'verification.idNumberInvalid' })
    .transform(normalizeIdNumber)
    .refine((id) => isValidIdNumberOn(id, shanghaiDate(Date.now() / 1000)), { error: 'verification.idNumberInvalid' });

/** `verify/submit` (face_verify): the name and 18-character number as on the identity card. */
export const ZVerifySubmitRequest = z.object({ realName: realName(), idNumber: idNumber() });
export type TVerifySubmitRequest = z.input<typeof ZVerifySubmitRequest>;
export type TVerifySubmitInput = z.output<typeof ZVerifySubmitRequest>;

/** `verify/escalate`: what the user tells customer service. */
export const ZVerifyEscalateRequest = z.object({
  note: z
    .string({ error: 'common.required' })
    .trim()
    .min(1, { error: 'common.required' })
    .max(VERIFICATION_NOTE_MAX, { error: 'common.tooLong' }),
});
export type TVerifyEscalateRequest = z.input<typeof ZVerifyEscalateRequest>;

/**
 * What a check found. pending: asked, no answer yet; match: name and number belong together;
 * mismatch: they do not (or no such number); idInUse: they match but verify another account already;
 * unavailable: the provider did not answer (not counted against the daily limit).
 */
export const VERIFICATION_OUTCOMES = ['pending', 'match', 'mismatch', 'idInUse', 'unavailable'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** Why a user asked customer service: the daily limit is reached, or the number verifies another account. */
export const ESCALATION_KINDS = ['limitReached', 'idInUse'] as const;
export const ESCALATION_STATUSES = ['pending', 'approved', 'rejected'] as const;

/**
 * Where a user stands (auth_result shows one of these, SPEC §4):
 * - unverified: nothing tried today (or the last check was not decisive);
 * - verified: done (by the provider or by customer service);
 * - failed: the last check today was a mismatch and attempts are left;
 * - limitReached: no attempts left today ('Verification failed, maximum attempts reached');
 * - idInUse: the last check matched a number that verifies another account;
 * - escalationPending / escalationRejected: customer service has the request / turned it down.
 */
export const VERIFICATION_STATES = [
  'unverified',
  'verified',
  'failed',
  'limitReached',
  'idInUse',
  'escalationPending',
  'escalationRejected',
] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const ZVerificationEscalation = z.object({
  id: z.number(),
  kind: z.enum(ESCALATION_KINDS),
  note: z.string(),
  status: z.enum(ESCALATION_STATUSES),
  /** Why customer service turned it down (empty unless rejected). */
  reason: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});
export type TVerificationEscalation = z.infer<typeof ZVerificationEscalation>;

/** The caller's own verification; names and numbers only ever masked. */
export const ZVerificationStatus = z.object({
  state: z.enum(VERIFICATION_STATES),
  verified: z.boolean(),
  /** Masked (欧*明, 1****************X) once verified; empty before. */
  realName: z.string(),
  idNumber: z.string(),
  verifiedAt: z.string().nullable(),
  /** 'provider': the check matched; 'operator': customer service verified the person. */
  verifiedBy: z.enum(['provider', 'operator']).nullable(),
  attemptsLeft: z.number(),
  dailyLimit: z.number(),
  /** When attempts are back (the next Asia/Shanghai day), while none are left. */
  retryAt: z.string().nullable(),
  /** The latest decisive check (match, mismatch or idInUse), masked. */
  lastAttempt: z
    .object({
      outcome: z.enum(VERIFICATION_OUTCOMES),
      realName: z.string(),
      idNumber: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  escalation: ZVerificationEscalation.nullable(),
  /** Whether `verify/escalate` would take a request now. */
  canEscalate: z.boolean(),
});
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;

const ZVerificationAttempt = z.object({
  id: z.number(),
  outcome: z.enum(VERIFICATION_OUTCOMES),
  realName: z.string(),
  idNumber: z.string(),
  createdAt: z.string(),
});

/** An escalation as operators review it: the masked values asked about beside the user's attempt history. */
export const ZVerificationReviewItem = ZVerificationEscalation.extend({
  userId: z.number(),
  account: z.string(),
  nickName: z.string(),
  realName: z.string(),
  idNumber: z.string(),
  /** The user's checks, newest first. */
  attempts: z.array(ZVerificationAttempt),
  /** The account this number verifies now, if another: approving moves the verification here. */
  holder: z.object({ userId: z.number(), account: z.string(), verifiedAt: z.string() }).nullable(),
  /** The version console/verification/review names: when it was asked for (a request is never changed). */
  submittedAt: z.string(),
});
export type TVerificationReviewItem = z.infer<typeof ZVerificationReviewItem>;
