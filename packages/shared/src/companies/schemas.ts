import { z } from 'zod';
import { BUSINESS_MODELS, MAX_BUSINESS_PHONES, MAX_FAXES } from '../constants';
import { ZImageLinks } from '../files/schemas';
import { isPhoneNumber, LANDLINE_PATTERN } from '../helpers/phone';
import { bigintId, formFlag, jsonText, moment } from '../schemas/common';

/** Sorts a company buys or sells (products operated), chosen from the market sort catalogue. */
export const MAX_COMPANY_PRODUCTS = 30;
export const COMPANY_NAME_MIN = 2;
export const COMPANY_NAME_MAX = 50;
/** Han characters, letters, digits, spaces and the punctuation registered company names use. */
const COMPANY_NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9 ()（）&·.-]+$/u;

const optionalText = (max: number, message = 'common.tooLong') =>
  z.string().trim().max(max, { error: message }).optional();

const sortIds = () =>
  jsonText(
    z
      .array(z.number({ error: 'common.invalidInput' }).int().positive(), { error: 'common.invalidInput' })
      .max(MAX_COMPANY_PRODUCTS, { error: 'company.tooManyProducts' })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'company.duplicateCategories' }),
  );

export const companyName = () =>
  z
    .string({ error: 'company.nameInvalid' })
    .trim()
    .min(COMPANY_NAME_MIN, { error: 'company.nameInvalid' })
    .max(COMPANY_NAME_MAX, { error: 'company.nameInvalid' })
    .regex(COMPANY_NAME_PATTERN, { error: 'company.nameInvalid' });

/**
 * `user_center/compay_info/save`: the parts of company info on user_center, each optional (only what
 * is sent changes). Lists travel as JSON text.
 */
export const ZSaveCompanyInfoRequest = z.object({
  brand: optionalText(30),
  businessModel: z.enum(BUSINESS_MODELS, { error: 'company.businessModel' }).optional(),
  buyProducts: sortIds().optional(),
  sellProducts: sortIds().optional(),
  phones: jsonText(
    z
      .array(z.string().trim().refine(isPhoneNumber, { error: 'company.phoneInvalid' }), {
        error: 'common.invalidInput',
      })
      .max(MAX_BUSINESS_PHONES, { error: 'company.tooManyPhones' }),
  ).optional(),
  faxes: jsonText(
    z
      .array(z.string().trim().regex(LANDLINE_PATTERN, { error: 'company.faxInvalid' }), {
        error: 'common.invalidInput',
      })
      .max(MAX_FAXES, { error: 'company.tooManyFaxes' }),
  ).optional(),
  qq: z
    .string()
    .trim()
    .regex(/^(|[1-9]\d{4,11})$/, { error: 'company.qqInvalid' })
    .optional(),
  wechat: z
    .string()
    .trim()
    .regex(/^(|[A-Za-z][-_A-Za-z0-9]{5,19}|1[3-9]\d{9})$/, { error: 'company.wechatInvalid' })
    .optional(),
  webUrl: z
    .string()
    .trim()
    .max(200, { error: 'common.tooLong' })
    .regex(/^(|https?:\/\/[^\s]+)$/i, { error: 'company.webUrlInvalid' })
    .optional(),
});
export type TSaveCompanyInfoRequest = z.input<typeof ZSaveCompanyInfoRequest>;
export type TSaveCompanyInfoInput = z.output<typeof ZSaveCompanyInfoRequest>;

/** `user_center/compay_info/save_link` (link_info): the contact person and business phone, both required. */
export const ZSaveLinkInfoRequest = z.object({
  linkName: z
    .string({ error: 'company.linkNameRequired' })
    .trim()
    .min(1, { error: 'company.linkNameRequired' })
    .max(20, { error: 'common.tooLong' }),
  linkPhone: z
    .string({ error: 'company.phoneInvalid' })
    .trim()
    .refine(isPhoneNumber, { error: 'company.phoneInvalid' }),
});

export type TSaveLinkInfoInput = z.output<typeof ZSaveLinkInfoRequest>;

const regionName = () =>
  z.string({ error: 'company.regionInvalid' }).trim().min(1, { error: 'company.regionInvalid' }).max(30);
const coordinate = (min: number, max: number) =>
  z.preprocess(
    (value: number | string | undefined) =>
      value === '' || value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z.number({ error: 'company.coordinatesInvalid' }).min(min, { error: 'company.coordinatesInvalid' }).max(max, {
      error: 'company.coordinatesInvalid',
    }),
  );

/**
 * `user_center/compay_info/save_address` (manager_address): province, city and district by name from
 * the shipped region table, the street address, and the map picker's point (GCJ-02) if one was picked;
 * without one the district's centre is stored.
 */
export const ZSaveAddressRequest = z
  .object({
    province: regionName(),
    city: regionName(),
    district: regionName(),
    detail: z
      .string({ error: 'company.addressDetailRequired' })
      .trim()
      .min(1, { error: 'company.addressDetailRequired' })
      .max(100, { error: 'common.tooLong' }),
    // Mainland China's bounding box, generously.
    lng: coordinate(73, 136).optional(),
    lat: coordinate(3, 54).optional(),
  })
  .refine((a) => (a.lng === undefined) === (a.lat === undefined), {
    path: ['lng'],
    error: 'company.coordinatesInvalid',
  });
export type TSaveAddressInput = z.output<typeof ZSaveAddressRequest>;

/** `user_center/compay_info/set_name`, `modify_name` and `contact_holder`: a company name. */
export const ZCompanyNameRequest = z.object({ name: companyName() });

/**
 * `user_center/compay_info/modify_name` (modify_company): the new name and a newly uploaded business
 * licence (an `upload/file` of kind `licence`), reviewed together (SPEC §4).
 */
export const ZModifyNameRequest = z.object({
  name: companyName(),
  licenceFileId: bigintId('licence.required'),
});

export const NAME_CHANGE_STATUSES = ['pending', 'rejected', 'approved'] as const;
export type NameChangeStatus = (typeof NAME_CHANGE_STATUSES)[number];

/** SPEC §3 company-name change. */
export const ZCompanyNameChange = z.object({
  id: z.number(),
  rootId: z.number(),
  companyName: z.string(),
  modifyCompanyName: z.string(),
  status: z.enum(NAME_CHANGE_STATUSES),
  reason: z.string(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The licence sent with the new name (signed links); null for changes asked for before licences were required. */
  licence: ZImageLinks.nullable(),
});
export type TCompanyNameChange = z.infer<typeof ZCompanyNameChange>;

/**
 * `console/company_name/list`: a name change as operators review it, with `submittedAt`, the version
 * console/company_name/review names (when it was asked for: a request is never changed, only decided).
 */
export const ZNameChangeReviewItem = ZCompanyNameChange.extend({ submittedAt: z.string() });
export type TNameChangeReviewItem = z.infer<typeof ZNameChangeReviewItem>;

const ZProductSort = z.object({ id: z.number(), sortName: z.string() });

/** SPEC §3 company info, as its owner and staff see it. */
export const ZCompanyInfo = z.object({
  rootId: z.number(),
  name: z.string(),
  brand: z.string(),
  businessModel: z.enum(BUSINESS_MODELS).or(z.literal('')),
  buyProducts: z.array(ZProductSort),
  sellProducts: z.array(ZProductSort),
  phones: z.array(z.string()),
  faxes: z.array(z.string()),
  qq: z.string(),
  wechat: z.string(),
  webUrl: z.string(),
  linkInfo: z.object({ linkName: z.string(), linkPhone: z.string() }),
  haveManageAddress: z.boolean(),
  manageAddress: z.object({
    province: z.string(),
    city: z.string(),
    district: z.string(),
    detail: z.string(),
    lng: z.number().nullable(),
    lat: z.number().nullable(),
  }),
  /** The latest name change, shown while pending or after a rejection (with its reason). */
  companyModifyInfo: ZCompanyNameChange.nullable(),
  /** Whether the company-info gate lets the user through, and which parts it still wants. */
  complete: z.boolean(),
  missing: z.array(z.enum(['name', 'businessModel', 'linkInfo', 'manageAddress'])),
  /** Only the owner edits company info (employees see it). */
  editable: z.boolean(),
});
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;

/**
 * Every console `…/review` call (operators): approve, or reject with a reason the user sees.
 * `submittedAt` names the version the operator looked at, as the queue's `…/list` item showed it (its
 * `submittedAt`): an item its owner has changed since is refused as bad input (codeFlag 2, naming the
 * field), never decided unseen, and a request without it (a console from before it) is refused too.
 */
export const ZReviewRequest = z
  .object({
    id: bigintId(),
    approve: formFlag(),
    reason: z.string().trim().max(100, { error: 'common.tooLong' }).optional(),
    submittedAt: moment('review.versionRequired'),
  })
  .refine((r) => r.approve === 1 || (r.reason ?? '').length > 0, {
    path: ['reason'],
    error: 'review.reasonRequired',
  });

/** Answer of a company name change refused as taken (codeFlag 5): whether the name's holder may be contacted. */
export const ZNameTakenFailure = z.object({ canContactHolder: z.boolean() });
export type TNameTakenFailure = z.infer<typeof ZNameTakenFailure>;
