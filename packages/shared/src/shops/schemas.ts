import { z } from 'zod';
import { BUSINESS_MODELS } from '../constants';
import { formInt, intId } from '../schemas/common';

/** Lists that scroll without end ask page by page; pages are numbered from 1. */
export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 50;

export const ZPageRequest = z.object({
  page: formInt()
    .pipe(z.number().int().min(1, { error: 'common.invalidInput' }))
    .optional(),
  pageSize: formInt()
    .pipe(
      z.number().int().min(1, { error: 'common.invalidInput' }).max(PAGE_SIZE_MAX, { error: 'common.invalidInput' }),
    )
    .optional(),
});

const page = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), page: z.number(), hasMore: z.boolean(), total: z.number() });

/** A point the caller gives to be told distances (GCJ-02, as the web app's geolocation is corrected to). */
const optionalCoordinate = (min: number, max: number) =>
  z.preprocess(
    (value: number | string | undefined) =>
      value === '' || value === undefined || value === null
        ? undefined
        : typeof value === 'string'
          ? Number(value)
          : value,
    z.number({ error: 'common.invalidInput' }).min(min).max(max).optional(),
  );

/**
 * SPEC §4 shop opening. `unmet`: a condition is missing (see `conditions`); `reached`: every
 * condition holds and the owner may apply; `waiting`: waiting for audit; `failed`: audit failed (with
 * the reason; fixing and applying again is allowed); `passed`: audit passed, the shop is open.
 */
export const SHOP_STATUSES = ['unmet', 'reached', 'waiting', 'failed', 'passed'] as const;
export type ShopStatus = (typeof SHOP_STATUSES)[number];

export const ZShopOpenState = z.object({
  rootId: z.number(),
  status: z.enum(SHOP_STATUSES),
  /** The operator's reason when the last application failed. */
  reason: z.string(),
  conditions: z.object({
    companyInfo: z.boolean(),
    licence: z.boolean(),
    realName: z.boolean(),
    /** Stock and capacity listings that are public, against the number a shop needs. */
    listings: z.object({ required: z.number(), stock: z.number(), capacity: z.number(), shortfall: z.number() }),
  }),
  appliedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** Only the owner applies; employees see the state. */
  editable: z.boolean(),
});
export type TShopOpenState = z.infer<typeof ZShopOpenState>;

/** An application in the operators' queue, with what it rests on. */
export const ZShopApplication = z.object({
  id: z.number(),
  rootId: z.number(),
  companyName: z.string(),
  businessModel: z.enum(BUSINESS_MODELS).or(z.literal('')),
  city: z.string(),
  status: z.enum(['waiting', 'failed', 'passed']),
  reason: z.string(),
  listings: z.object({ stock: z.number(), capacity: z.number() }),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** The version console/shop/review names: when it was made (an application is never changed, only decided). */
  submittedAt: z.string(),
});
export type TShopApplication = z.infer<typeof ZShopApplication>;

const ZProduct = z.object({ id: z.number(), sortName: z.string() });

/** SPEC §2 company?id and company_detail: what anyone may see of a company. */
export const ZShopDetailRequest = z.object({
  id: intId(),
  lng: optionalCoordinate(-180, 180),
  lat: optionalCoordinate(-90, 90),
});

export const ZShopDetail = z.object({
  rootId: z.number(),
  name: z.string(),
  brand: z.string(),
  businessModel: z.enum(BUSINESS_MODELS).or(z.literal('')),
  sellProducts: z.array(ZProduct),
  buyProducts: z.array(ZProduct),
  address: z.object({
    province: z.string(),
    city: z.string(),
    district: z.string(),
    detail: z.string(),
    lng: z.number().nullable(),
    lat: z.number().nullable(),
  }),
  /** Kilometres from the point the caller gave; null without one or without the company's point. */
  distanceKm: z.number().nullable(),
  /** Phones are for logged-in users (SPEC: contact shown to logged-in users); visitors see them masked. */
  contact: z.object({
    linkName: z.string(),
    linkPhone: z.string(),
    phones: z.array(z.string()),
    faxes: z.array(z.string()),
    qq: z.string(),
    wechat: z.string(),
    webUrl: z.string(),
    masked: z.boolean(),
  }),
  marks: z.object({
    /** An approved business licence. */
    licence: z.boolean(),
    /** The owner passed real-person verification. */
    realName: z.boolean(),
    /** A certified supplier (paid membership) now. */
    certified: z.boolean(),
    shopOpen: z.boolean(),
  }),
  counts: z.object({ stock: z.number(), capacity: z.number(), followers: z.number() }),
  /** Whether the caller follows this company (false for visitors). */
  followed: z.boolean(),
  /** The caller's own company. */
  mine: z.boolean(),
  ownerUserId: z.number(),
  isDemo: z.boolean(),
});
export type TShopDetail = z.infer<typeof ZShopDetail>;

/** SPEC §3 public user card (user_info_page?userId). */
export const ZUserCardRequest = z.object({ userId: intId() });
export const ZUserCard = z.object({
  userId: z.number(),
  head: z.string(),
  signature: z.string(),
  rootId: z.number(),
  nickName: z.string(),
  companyName: z.string(),
  /** The caller and this user are friends (contacts). */
  isFriend: z.boolean(),
  /** The caller's remark for this user, when friends; empty otherwise. */
  remark: z.string(),
  openShop: z.boolean(),
  /** Masked unless it is the caller's own card. */
  account: z.string(),
  /** The products the user's company operates. */
  marketList: z.array(z.object({ marketSortId: z.number(), title: z.string() })),
  realName: z.boolean(),
  isDemo: z.boolean(),
});
export type TUserCard = z.infer<typeof ZUserCard>;

/** `attention/follow` and `attention/unfollow`: a company by its owner's id. */
export const ZFollowRequest = z.object({ rootId: intId() });
export const ZFollowResult = z.object({ followed: z.boolean(), followers: z.number() });
export type TFollowResult = z.infer<typeof ZFollowResult>;

export const ZFollowedCompany = z.object({
  rootId: z.number(),
  name: z.string(),
  businessModel: z.enum(BUSINESS_MODELS).or(z.literal('')),
  city: z.string(),
  sellProducts: z.array(ZProduct),
  shopOpen: z.boolean(),
  certified: z.boolean(),
  followedAt: z.string(),
  isDemo: z.boolean(),
});
export type TFollowedCompany = z.infer<typeof ZFollowedCompany>;
export const ZFollowedPage = page(ZFollowedCompany);
export type TFollowedPage = z.infer<typeof ZFollowedPage>;
