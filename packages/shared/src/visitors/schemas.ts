import { z } from 'zod';
import { formInt } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { STOCK_STATUSES } from '../stocks/schemas';

/**
 * What a visitor did that a company's visitor analytics show (SPEC §2 visitor, shopcart, attention):
 * opened a listing, added one to the cart, or followed the company.
 */
export const VISITOR_KINDS = ['view', 'cart', 'attention'] as const;
export type VisitorKind = (typeof VISITOR_KINDS)[number];

/** Longest keyword of visitor_search, shopcart_search and attention_search. */
export const VISITOR_KEYWORD_MAX = 50;

/**
 * `visitor/list` (visitor, shopcart, attention and their search pages): the company's visitors of one
 * kind, one row per visitor with their latest time and count, newest first. `keyword` finds visitors
 * by name, company or phone (certified suppliers only: others do not see who visited) or by the
 * listing they acted on.
 */
export const ZVisitorListRequest = ZPageRequest.extend({
  kind: z.enum(VISITOR_KINDS, { error: 'common.invalidInput' }),
  keyword: z.string().trim().max(VISITOR_KEYWORD_MAX, { error: 'common.tooLong' }).optional().default(''),
});
export type TVisitorListRequest = z.input<typeof ZVisitorListRequest>;

/**
 * Who visited. SPEC §6 keeps the visitor's identity for certified suppliers: for others `masked` is
 * true, `userId` is null and the name, company and phone are partly hidden.
 */
export const ZVisitorIdentity = z.object({
  userId: z.number().nullable(),
  nickName: z.string(),
  companyName: z.string(),
  phone: z.string(),
  head: z.string(),
  masked: z.boolean(),
});
export type TVisitorIdentity = z.infer<typeof ZVisitorIdentity>;

/** The listing acted on, as a visitor row names it (it may have gone offline or been deleted since). */
export const ZVisitorStock = z.object({
  id: z.number(),
  productName: z.string(),
  sortName: z.string(),
  specifications: z.string(),
  status: z.enum(STOCK_STATUSES),
});
export type TVisitorStock = z.infer<typeof ZVisitorStock>;

export const ZVisitorRow = z.object({
  /** Stable within a page for lists: the user id for certified suppliers, the row's place otherwise. */
  key: z.string(),
  visitor: ZVisitorIdentity,
  /** Actions of this kind by this visitor (matching the keyword, when there is one). */
  count: z.number(),
  lastAt: z.string(),
  /** The listing of the latest action; null for follows (they are of the company). */
  lastStock: ZVisitorStock.nullable(),
  isDemo: z.boolean(),
});
export type TVisitorRow = z.infer<typeof ZVisitorRow>;

export const ZVisitorPage = z.object({
  list: z.array(ZVisitorRow),
  page: z.number(),
  hasMore: z.boolean(),
  /** Visitors (not actions) matching. */
  total: z.number(),
  /** Actions matching, all visitors together. */
  actions: z.number(),
  /** The caller's company holds the certified-supplier membership: identities are whole, details open. */
  certified: z.boolean(),
});
export type TVisitorPage = z.infer<typeof ZVisitorPage>;

/** `visitor/detail` (visitor_detail): one visitor's actions on the caller's company, newest first. */
export const ZVisitorDetailRequest = ZPageRequest.extend({
  userId: formInt('common.invalidInput').pipe(
    z.number().int().positive({ error: 'common.invalidInput' }).max(2_147_483_647, { error: 'common.invalidInput' }),
  ),
});

export const ZVisitorAction = z.object({
  id: z.number(),
  kind: z.enum(VISITOR_KINDS),
  at: z.string(),
  stock: ZVisitorStock.nullable(),
});
export type TVisitorAction = z.infer<typeof ZVisitorAction>;

export const ZVisitorDetail = z.object({
  visitor: ZVisitorIdentity,
  isDemo: z.boolean(),
  counts: z.object({ view: z.number(), cart: z.number(), attention: z.number() }),
  /** Whether the visitor follows the company now. */
  following: z.boolean(),
  firstAt: z.string(),
  actions: z.object({
    list: z.array(ZVisitorAction),
    page: z.number(),
    hasMore: z.boolean(),
    total: z.number(),
  }),
});
export type TVisitorDetail = z.infer<typeof ZVisitorDetail>;
