import { z } from 'zod';
import { ZImageLinks } from '../files/schemas';
import { bigintId, intId } from '../schemas/common';

export const LICENCE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** A business licence as its company and operators see it (the image through signed links). */
export const ZLicence = z.object({
  id: z.number(),
  status: z.enum(LICENCE_STATUSES),
  image: ZImageLinks,
  /** Why it was rejected ('' otherwise). */
  reason: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The new company name it was sent with (SPEC §4: a new name needs the licence again); null otherwise. */
  forName: z.string().nullable(),
});
export type TLicence = z.infer<typeof ZLicence>;

/**
 * `user_center/licence/detail` (license_page): the approved licence stays shown while a new one is
 * reviewed; `rejected` is the latest submission when it was rejected.
 */
export const ZLicenceState = z.object({
  current: ZLicence.nullable(),
  pending: ZLicence.nullable(),
  rejected: ZLicence.nullable(),
  /** Only the owner submits a licence (employees see it). */
  editable: z.boolean(),
});
export type TLicenceState = z.infer<typeof ZLicenceState>;

/** `user_center/licence/submit`: an uploaded file of kind `licence`. */
export const ZSubmitLicenceRequest = z.object({ fileId: bigintId('licence.required') });

/** `console/licence/list`: a licence waiting for review, beside the one now approved. */
export const ZLicenceReviewItem = z.object({
  id: z.number(),
  rootId: z.number(),
  companyName: z.string(),
  image: ZImageLinks,
  current: ZImageLinks.nullable(),
  /** When it was sent, and the version console/licence/review names (a licence sent is never changed). */
  submittedAt: z.string(),
});
export type TLicenceReviewItem = z.infer<typeof ZLicenceReviewItem>;

/** `company/licence_display` (license_display): whose licence, and the image captcha's key and answer. */
export const ZLicenceDisplayRequest = z.object({
  rootId: intId(),
  captchaKey: z.string({ error: 'captcha.required' }).trim().min(1, { error: 'captcha.required' }).max(128),
  captcha: z.string({ error: 'captcha.required' }).trim().min(1, { error: 'captcha.required' }).max(12),
});
export type TLicenceDisplayRequest = z.input<typeof ZLicenceDisplayRequest>;

export const ZLicenceDisplay = z.object({
  rootId: z.number(),
  companyName: z.string(),
  image: ZImageLinks,
  approvedAt: z.string(),
});
export type TLicenceDisplay = z.infer<typeof ZLicenceDisplay>;
