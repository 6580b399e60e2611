import { z } from 'zod';
import { STOCK_BATCH_MAX } from '../constants';
import { formFlag, formInt, jsonText } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { STOCK_MAX_PAYMENT_DAYS, STOCK_TEXT_MAX, yuanToFen, ZStockSummary } from '../stocks/schemas';

/**
 * The seller's stock manager (stock_manager) shows one status at a time. Deleted listings are kept
 * (footprints and visitor history point at them) but never listed again.
 */
export const STOCK_MANAGER_TABS = ['sale', 'review', 'rejected', 'offline', 'soldOut', 'onTheWay', 'expired'] as const;
export type StockManagerTab = (typeof STOCK_MANAGER_TABS)[number];

/**
 * Where a batch may move listings: back on sale ('online'), offline, sold out, on the way, or
 * deleted. `expired` is the daily job's, `review`/`rejected` the operators'; refreshing is
 * `stock/refresh`, one listing at a time.
 */
export const STOCK_BATCH_TARGETS = ['sale', 'offline', 'soldOut', 'onTheWay', 'deleted'] as const;
export type StockBatchTarget = (typeof STOCK_BATCH_TARGETS)[number];

/**
 * Attributes a batch or same_attr edits in place. None of them sends a listing back to review:
 * operators review what a listing is (category, goods, pictures, words), while a price follows the
 * market every day anyway and payment, transport and freight are terms the seller sets.
 */
export const STOCK_EDIT_FIELDS = ['price', 'paymentDays', 'transportInfo', 'freightIncluded'] as const;
export type StockEditField = (typeof STOCK_EDIT_FIELDS)[number];

/** Whether YYYY-MM-DD names a real day (Date rolls 02-30 over into March, so the round trip must agree). */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === day;
}

/** A day as typed in a date picker: YYYY-MM-DD, a real calendar day. */
const dayField = z.preprocess(
  (value: string | undefined) => (value === '' || value === null ? undefined : value),
  z
    .string({ error: 'stock.dateInvalid' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'stock.dateInvalid' })
    .refine(isCalendarDay, { error: 'stock.dateInvalid' })
    .optional(),
);

const sortIdField = (message: string) =>
  formInt(message).pipe(z.number().int().positive({ error: message }).max(2_147_483_647, { error: message }));

/** `stock/mine` (stock_manager): one status tab of the caller company's listings, filtered, page by page. */
export const ZStockMineRequest = ZPageRequest.extend({
  /** A tab, or `all` (every status but deleted: same_attr's picker). */
  status: z
    .enum([...STOCK_MANAGER_TABS, 'all'], { error: 'common.invalidInput' })
    .optional()
    .default('sale'),
  sortId: z.preprocess(
    (value: number | string | undefined) =>
      value === '' || value === null || value === '0' || value === 0 ? undefined : value,
    sortIdField('common.invalidInput').optional(),
  ),
  /** Posted on or after this Asia/Shanghai day. */
  startDate: dayField,
  /** Posted on or before this Asia/Shanghai day. */
  endDate: dayField,
  keyword: z.string().trim().max(STOCK_TEXT_MAX.short, { error: 'common.tooLong' }).optional().default(''),
}).superRefine((request, ctx) => {
  // SPEC §5 stock batch: the start date comes before the end date (one day, both ends, is a range too).
  if (request.startDate && request.endDate && request.startDate > request.endDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'manager.dateRange' });
});
export type TStockMineRequest = z.input<typeof ZStockMineRequest>;

/** A row of the stock manager: the list row plus what only the seller sees and may act on. */
export const ZManagedStock = ZStockSummary.extend({
  /** The operator's reason (rejected listings). */
  reason: z.string(),
  paymentDays: z.number().nullable(),
  transportInfo: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** It went on sale once (an operator passed it), so it may go back on sale from offline, sold out, on the way or expired. */
  everPublished: z.boolean(),
});
export type TManagedStock = z.infer<typeof ZManagedStock>;

export const ZStockMinePage = z.object({
  list: z.array(ZManagedStock),
  page: z.number(),
  hasMore: z.boolean(),
  /** Rows matching the filters in this tab. */
  total: z.number(),
  /** Listings per tab (without the filters), for the tab labels. */
  counts: z.object(
    Object.fromEntries(STOCK_MANAGER_TABS.map((tab) => [tab, z.number()])) as Record<StockManagerTab, z.ZodNumber>,
  ),
});
export type TStockMinePage = z.infer<typeof ZStockMinePage>;

/** The caller company's categories with listings (not deleted), for the category filter and same_attr. */
export const ZStockMineSorts = z.array(z.object({ sortId: z.number(), sortName: z.string(), count: z.number() }));
export type TStockMineSorts = z.infer<typeof ZStockMineSorts>;

/** Listing ids a batch acts on: a JSON list (form) or a list (JSON body); at least one (SPEC §5 'select stock first'). */
const stockIds = () =>
  jsonText(
    z
      .array(
        z
          .number({ error: 'manager.selectStock' })
          .int({ error: 'manager.selectStock' })
          .positive({ error: 'manager.selectStock' }),
        { error: 'manager.selectStock' },
      )
      .min(1, { error: 'manager.selectStock' })
      .max(STOCK_BATCH_MAX, { error: 'manager.tooMany' })
      .transform((ids) => [...new Set(ids)]),
  );

/** `stock/batch_status`: online, offline, sold out, on the way or delete, for all listings or none. */
export const ZStockBatchStatusRequest = z.object({
  ids: stockIds(),
  status: z.enum(STOCK_BATCH_TARGETS, { error: 'common.invalidInput' }),
});
export type TStockBatchStatusRequest = z.input<typeof ZStockBatchStatusRequest>;

/**
 * SPEC §5 float price adjustment: yuan per ton with at most two decimals ('Please enter numbers'),
 * added to a fixed price or to a market-following listing's processing fee; a rise or a cut, never 0.
 */
const priceAdjustment = z.preprocess(
  (value: number | string) => (typeof value === 'string' ? value.trim().replace(/^\+/, '') : value),
  yuanToFen({ allowNegative: true }).refine((fen) => fen !== 0, { error: 'manager.adjustZero' }),
);

/** SPEC §5: payment days are a positive integer ('Only positive integers'). */
const paymentDays = formInt('common.onlyPositiveIntegers').pipe(
  z
    .number()
    .int({ error: 'common.onlyPositiveIntegers' })
    .positive({ error: 'common.onlyPositiveIntegers' })
    .max(STOCK_MAX_PAYMENT_DAYS, { error: 'common.onlyPositiveIntegers' }),
);

const transportInfo = z
  .string({ error: 'common.invalidInput' })
  .trim()
  .max(STOCK_TEXT_MAX.medium, { error: 'common.tooLong' });

/** Each attribute's value rule, for forms that check a value before it is sent. */
export const STOCK_EDIT_VALUES = {
  price: priceAdjustment,
  paymentDays,
  transportInfo,
  freightIncluded: formFlag(),
} as const satisfies Record<StockEditField, z.ZodType>;

/** One attribute and its new value (for price: the amount added). */
const edits = <S extends z.ZodRawShape>(shape: S) =>
  z.discriminatedUnion(
    'field',
    [
      z.object({ ...shape, field: z.literal('price'), value: STOCK_EDIT_VALUES.price }),
      z.object({ ...shape, field: z.literal('paymentDays'), value: STOCK_EDIT_VALUES.paymentDays }),
      z.object({ ...shape, field: z.literal('transportInfo'), value: STOCK_EDIT_VALUES.transportInfo }),
      z.object({ ...shape, field: z.literal('freightIncluded'), value: STOCK_EDIT_VALUES.freightIncluded }),
    ],
    { error: 'common.invalidInput' },
  );

/** A blank form field ('' or null) is an absent one. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

/** `stock/batch_edit`: one attribute of the selected listings, all or none. */
export const ZStockBatchEditRequest = edits({ ids: stockIds() });
export type TStockBatchEditRequest = z.input<typeof ZStockBatchEditRequest>;

/**
 * `stock/same_attr` (same_attr): one attribute across the caller's listings of one category ('Please
 * select a category first'): the selected ones, or all of them when none is named.
 */
export const ZSameAttrRequest = edits({
  sortId: sortIdField('stock.categoryRequired'),
  ids: z.preprocess(
    (value: z.input<ReturnType<typeof stockIds>> | undefined) => blankToUndefined(value),
    stockIds().optional(),
  ),
});
export type TSameAttrRequest = z.input<typeof ZSameAttrRequest>;

export const ZStockBatchResult = z.object({ ids: z.array(z.number()), changed: z.number() });
export type TStockBatchResult = z.infer<typeof ZStockBatchResult>;

/** Most listings `stock/summaries` answers at once. */
export const STOCK_SUMMARIES_MAX = 50;

/** `stock/summaries`: listings by id, e.g. the footprints page's. */
export const ZStockSummariesRequest = z.object({
  ids: jsonText(
    z
      .array(z.number({ error: 'common.invalidInput' }).int().positive().max(Number.MAX_SAFE_INTEGER), {
        error: 'common.invalidInput',
      })
      .max(STOCK_SUMMARIES_MAX, { error: 'common.invalidInput' }),
  ),
});

/**
 * Each id asked for, in order: the list row when the caller may see it (anyone: for sale; the
 * seller's own company: any status but deleted), else `available: false` (no longer available).
 */
export const ZStockSummaries = z.array(
  z.object({ id: z.number(), available: z.boolean(), stock: ZStockSummary.nullable() }),
);
export type TStockSummaries = z.infer<typeof ZStockSummaries>;

/** Answer of a batch the listings' states refuse (codeFlag 5) or of another category's listings: the ones at fault. */
export const ZStockBatchRefusal = z.object({ ids: z.array(z.number()) });
export type TStockBatchRefusal = z.infer<typeof ZStockBatchRefusal>;
