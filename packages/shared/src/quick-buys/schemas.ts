import { z } from 'zod';
import { ZInquirySummary } from '../inquiries/schemas';
import { formInt, jsonText } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { ZStockSummary } from '../stocks/schemas';

/** Quick-buy subscriptions one user may hold: each is checked against every listing and inquiry that opens. */
export const MAX_QUICK_BUY_SUBSCRIPTIONS = 20;
/** A subscribed specification, in the trade's shorthand (e.g. 6063 T5). */
export const QUICK_BUY_SPEC_MAX = 50;
/** Match ids one quick_buy/read may name (a page or two of the feed). */
export const QUICK_BUY_READ_MAX = 100;

/**
 * How a specification is compared (SPEC §5 'already subscribed spec'): trimmed, runs of spaces as one,
 * case-insensitive. The server's matching SQL mirrors this, so both must change together.
 */
export const normalizeQuickBuySpec = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

const optionalText = (max: number) =>
  z.preprocess(
    (value: string | undefined) => (value === undefined || value === null ? '' : value),
    z.string({ error: 'common.invalidInput' }).trim().max(max, { error: 'common.tooLong' }),
  );

/**
 * quick_buy_set_add: a category, optionally a specification and a province. Nothing chosen at all is
 * SPEC §8's 'Cannot add empty information!'; a specification or province without a category asks for one.
 */
export const ZQuickBuyAddRequest = z
  .object({
    sortId: z.preprocess(
      (value: number | string | undefined) =>
        value === '' || value === '0' || value === 0 || value === null ? undefined : value,
      formInt('common.invalidInput')
        .pipe(z.number().int().positive({ error: 'common.invalidInput' }))
        .optional(),
    ),
    specification: optionalText(QUICK_BUY_SPEC_MAX).transform((text) => text.replace(/\s+/g, ' ')),
    province: optionalText(20),
  })
  .superRefine((value, ctx) => {
    if (value.sortId !== undefined) return;
    const empty = value.specification === '' && value.province === '';
    ctx.addIssue({
      code: 'custom',
      path: ['sortId'],
      message: empty ? 'quickBuy.empty' : 'quickBuy.categoryRequired',
    });
  });
export type TQuickBuyAddRequest = z.input<typeof ZQuickBuyAddRequest>;

export const ZQuickBuyIdRequest = z.object({
  id: formInt('common.invalidInput').pipe(z.number().int().positive({ error: 'common.invalidInput' })),
});

/** One subscription of the caller's. */
export const ZQuickBuySubscription = z.object({
  id: z.number(),
  sortId: z.number(),
  sortName: z.string(),
  /** As the user wrote it (spaces collapsed); empty for the whole category. */
  specification: z.string(),
  /** Empty for anywhere. */
  province: z.string(),
  createdAt: z.string(),
});
export type TQuickBuySubscription = z.infer<typeof ZQuickBuySubscription>;
export const ZQuickBuySubscriptions = z.array(ZQuickBuySubscription);

export const ZQuickBuyMatchesRequest = ZPageRequest;

/**
 * One match of the feed: a listing that went on sale or a public inquiry that opened, as their own
 * lists show them (exactly one of `stock` and `inquiry` is set), and what of the caller's it matched.
 */
export const ZQuickBuyMatch = z.object({
  id: z.number(),
  kind: z.enum(['stock', 'inquiry']),
  /** The stock's or the inquiry's id. */
  itemId: z.number(),
  matchedAt: z.string(),
  read: z.boolean(),
  subscription: z.object({ sortName: z.string(), specification: z.string(), province: z.string() }),
  stock: ZStockSummary.nullable(),
  inquiry: ZInquirySummary.nullable(),
});
export type TQuickBuyMatch = z.infer<typeof ZQuickBuyMatch>;

export const ZQuickBuyMatchPage = z.object({
  list: z.array(ZQuickBuyMatch),
  page: z.number(),
  hasMore: z.boolean(),
  /** Matches still for sale or open that the caller has not seen. */
  unread: z.number(),
  /** How many subscriptions the caller holds (0: the feed offers to subscribe). */
  subscriptions: z.number(),
});
export type TQuickBuyMatchPage = z.infer<typeof ZQuickBuyMatchPage>;

/** No ids (absent, or a blank form field) mean every match. */
const noIdsAsAll = (value: unknown) => (value === undefined || value === '' ? [] : value);

/** Marks matches seen: the ids given (a JSON list of the caller's match ids), or every one without ids. */
export const ZQuickBuyReadRequest = z.object({
  ids: z.preprocess(
    (value: number[] | undefined) => noIdsAsAll(value),
    jsonText(
      z
        .array(z.number({ error: 'common.invalidInput' }).int().positive({ error: 'common.invalidInput' }), {
          error: 'common.invalidInput',
        })
        .max(QUICK_BUY_READ_MAX, { error: 'common.invalidInput' }),
    ),
  ),
});

export const ZQuickBuyReadResult = z.object({ unread: z.number() });
