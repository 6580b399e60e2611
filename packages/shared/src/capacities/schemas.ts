import { z } from 'zod';
import { ZImageLinks } from '../files/schemas';
import {
  CAPACITY_ATTRIBUTE_NAME_MAX,
  CAPACITY_ATTRIBUTE_VALUE_MAX,
  CAPACITY_CONTACT_NAME_MAX,
  CAPACITY_INFO_MAX,
  CAPACITY_PRODUCT_NAME_MAX,
  CAPACITY_TONS_MAX,
  capacityAttributePreset,
  MAX_CAPACITY_ATTRIBUTES,
  MAX_CAPACITY_IMAGES,
} from '../helpers/capacity';
import { isPhoneNumber } from '../helpers/phone';
import { tonsTextToKg } from '../helpers/tons';
import { bigintId, intId, jsonText } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';

/**
 * SPEC §3/§4 capacity review statuses: waiting for review, passed (public), not passed (with the
 * operator's reason); `suspended` is a passed one taken off the public lists while its account is disabled.
 */
export const CAPACITY_STATUSES = ['waiting', 'passed', 'notPassed', 'suspended'] as const;
export type CapacityStatus = (typeof CAPACITY_STATUSES)[number];

/**
 * Tons as typed (text, or a number in a JSON body), in integer kilograms: required, a number with at
 * most 3 decimals, above 0 and at most CAPACITY_TONS_MAX.
 */
const tons = (required: string) =>
  z.preprocess(
    (value: number | string) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .transform((text, ctx) => {
        const kg = tonsTextToKg(text);
        const fail = (message: string) => {
          ctx.addIssue({ code: 'custom', message, input: text });
          return z.NEVER;
        };
        if (kg === null) return fail(/^-\d/.test(text) ? 'capacity.tonsPositive' : 'capacity.tonsInvalid');
        if (kg <= 0) return fail('capacity.tonsPositive');
        if (kg > CAPACITY_TONS_MAX * 1000) return fail('capacity.tonsTooLarge');
        return kg;
      }),
  );

const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong });

/** One attribute (choose_capacity_attr): a preset's key (or one of its labels, stored as the key) or a name of the poster's own, with its value. */
export const ZCapacityAttribute = z.object({
  name: requiredText(CAPACITY_ATTRIBUTE_NAME_MAX, 'capacity.attributeNameInvalid', 'capacity.attributeNameInvalid'),
  value: requiredText(CAPACITY_ATTRIBUTE_VALUE_MAX, 'capacity.attributeValueInvalid', 'capacity.attributeValueInvalid'),
});
export type TCapacityAttribute = z.infer<typeof ZCapacityAttribute>;

const attributes = () =>
  jsonText(
    z
      .array(ZCapacityAttribute, { error: 'common.invalidInput' })
      .max(MAX_CAPACITY_ATTRIBUTES, { error: 'capacity.tooManyAttributes' })
      .transform((list) => list.map((a) => ({ name: capacityAttributePreset(a.name) ?? a.name, value: a.value })))
      .refine((list) => new Set(list.map((a) => a.name.toLowerCase())).size === list.length, {
        error: 'capacity.attributeDuplicate',
      }),
  );

const imageIds = () =>
  jsonText(
    z
      .array(bigintId('capacity.imagesInvalid'), {
        error: 'capacity.imagesInvalid',
      })
      .max(MAX_CAPACITY_IMAGES, { error: 'capacity.tooManyImages' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'capacity.imagesInvalid' }),
  );

/**
 * `capacity/save` (input_capacity): a new capacity, or with `id` the whole of one the company has (what
 * is sent replaces it). Minimum order, monthly production and contact are required (SPEC §5); lists
 * travel as JSON text. `imageIds` are uploaded images (kind image) in their order: the capacity's own
 * and new ones of the company's.
 */
export const ZCapacitySaveRequest = z.object({
  id: bigintId().optional(),
  sortId: intId('capacity.categoryRequired'),
  productName: z.string().trim().max(CAPACITY_PRODUCT_NAME_MAX, { error: 'capacity.productNameTooLong' }).optional(),
  minOrder: tons('capacity.minOrderRequired'),
  monthlyOutput: tons('capacity.monthlyOutputRequired'),
  attributes: attributes().optional(),
  info: z.string().trim().max(CAPACITY_INFO_MAX, { error: 'capacity.infoTooLong' }).optional(),
  imageIds: imageIds().optional(),
  contactName: requiredText(CAPACITY_CONTACT_NAME_MAX, 'capacity.contactNameRequired', 'capacity.contactNameTooLong'),
  contactPhone: z
    .string({ error: 'capacity.contactPhoneRequired' })
    .trim()
    .min(1, { error: 'capacity.contactPhoneRequired' })
    .refine(isPhoneNumber, { error: 'capacity.contactPhoneInvalid' }),
});
export type TCapacitySaveRequest = z.input<typeof ZCapacitySaveRequest>;
export type TCapacitySaveInput = z.output<typeof ZCapacitySaveRequest>;

export const ZCapacityIdRequest = z.object({ id: bigintId() });

/** `capacity/company_list`: one company's public capacities, page by page. */
export const ZCapacityCompanyListRequest = ZPageRequest.extend({ rootId: intId() });

/** An image of a capacity: the uploaded file's id (what `imageIds` sends back) and its links. */
export const ZCapacityImage = ZImageLinks.extend({ id: z.number() });
export type TCapacityImage = z.infer<typeof ZCapacityImage>;

/**
 * Where a capacity's review stands (SPEC §4, §9): operators review within CAPACITY_REVIEW_WORKING_DAYS
 * working days of the later of posting (or the last change) and the company's licence approval.
 * `awaitingLicence`: the company has no approved licence yet, so the review has not started.
 * `dueDate` (YYYY-MM-DD, Asia/Shanghai, the end of that day) only while waiting with an approved licence.
 */
export const ZCapacityReview = z.object({
  awaitingLicence: z.boolean(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
});
export type TCapacityReview = z.infer<typeof ZCapacityReview>;

/** A capacity in a list (capacity_manage, the shop's capacity tab). Quantities are integer kilograms. */
export const ZCapacityItem = z.object({
  id: z.number(),
  rootId: z.number(),
  sortId: z.number(),
  sortName: z.string(),
  metal: z.enum(['aluminium', 'copper']),
  productName: z.string(),
  minOrderKg: z.number(),
  monthlyOutputKg: z.number(),
  attributes: z.array(ZCapacityAttribute),
  cover: ZCapacityImage.nullable(),
  imageCount: z.number(),
  status: z.enum(CAPACITY_STATUSES),
  /** The operator's reason when not passed. */
  reason: z.string(),
  /** When it was posted or last changed (what its review is about). */
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  review: ZCapacityReview,
});
export type TCapacityItem = z.infer<typeof ZCapacityItem>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number(), hasMore: z.boolean(), total: z.number() });

/** capacity_manage: the company's capacities, newest change first, and whether its licence is approved (review starts after it). */
export const ZCapacityMinePage = page(ZCapacityItem).extend({ licenceApproved: z.boolean() });
export type TCapacityMinePage = z.infer<typeof ZCapacityMinePage>;
export const ZCapacityCompanyPage = page(ZCapacityItem);
export type TCapacityCompanyPage = z.infer<typeof ZCapacityCompanyPage>;

/** capacity_detail: everything about one capacity; the contact phone is whole only for logged-in users. */
export const ZCapacityDetail = ZCapacityItem.extend({
  info: z.string(),
  images: z.array(ZCapacityImage),
  contact: z.object({ name: z.string(), phone: z.string(), masked: z.boolean() }),
  company: z.object({
    rootId: z.number(),
    name: z.string(),
    province: z.string(),
    city: z.string(),
    shopOpen: z.boolean(),
    licence: z.boolean(),
  }),
  /** The caller's company posted it (it may modify or delete it). */
  mine: z.boolean(),
  isDemo: z.boolean(),
});
export type TCapacityDetail = z.infer<typeof ZCapacityDetail>;

/** A capacity in the operators' queue: all of it, the company, and when its review is due. */
export const ZCapacityReviewItem = z.object({
  id: z.number(),
  rootId: z.number(),
  companyName: z.string(),
  city: z.string(),
  sortName: z.string(),
  productName: z.string(),
  minOrderKg: z.number(),
  monthlyOutputKg: z.number(),
  attributes: z.array(ZCapacityAttribute),
  info: z.string(),
  images: z.array(ZCapacityImage),
  contactName: z.string(),
  contactPhone: z.string(),
  /** When it was posted or last changed. */
  createdAt: z.string(),
  /** When its review began: the later of createdAt and the company's licence approval. */
  reviewStartAt: z.string(),
  dueDate: z.string(),
  overdue: z.boolean(),
  /** It was reviewed before and changed since (so the operator knows to look at what changed). */
  resubmitted: z.boolean(),
  isDemo: z.boolean(),
  /**
   * The version under review, which console/capacity/review names: when the company last sent it (each
   * change sends it anew, at a later moment, so the moment names one content). The same as createdAt.
   */
  submittedAt: z.string(),
});
export type TCapacityReviewItem = z.infer<typeof ZCapacityReviewItem>;
