import { z } from 'zod';
import { BUSINESS_MODELS } from '../constants';
import { type FormFlag, formFlag, formInt } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { yuanToFen, ZStockSummary } from '../stocks/schemas';

/**
 * stock_list orders. `newest`: latest published first; with a keyword, listings whose product name or
 * category hold it come first, then those whose other product text holds it, then those found only by
 * their place, each newest first. `priceAsc`/`priceDesc`: today's price (unpriced listings last).
 * `distance`: nearest to the point given first.
 */
export const STOCK_LIST_ORDERS = ['newest', 'priceAsc', 'priceDesc', 'distance'] as const;
export type StockListOrder = (typeof STOCK_LIST_ORDERS)[number];

/** Widest radius a stock search takes around a point, in km (a province or two). */
export const STOCK_SEARCH_RADIUS_MAX_KM = 500;
/** Longest keyword or specification text searched. */
export const STOCK_KEYWORD_MAX = 30;
/**
 * Lists count matches exactly up to this many (or through the page asked for, if further) and then say
 * "more than" (`totalCapped`): counting every one of a million listings for a one-character keyword would
 * cost far more than finding the page.
 */
export const STOCK_SEARCH_TOTAL_CAP = 100;
/** SPEC §9 five-day spot: stock published in the last 5 days (today and the 4 days before, Asia/Shanghai). */
export const FIVE_DAY_STOCK_DAYS = 5;
/** Listings previewed per day on five_day_stock. */
export const FIVE_DAY_PREVIEW_SIZE = 3;
/** SPEC §9 hot ranking: clicks of the last 14 days, recomputed daily. */
export const HOT_RANK_DAYS = 14;
/** Listings a hot ranking holds. */
export const HOT_RANK_SIZE = 50;
/** When the daily hot ranking job runs (Asia/Shanghai): just after midnight, so yesterday is complete. */
export const HOT_RANK_TIME = '00:10';

/** Form fields arrive as '' when a filter is unset. */
const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalText = (max: number) =>
  z.preprocess(
    (value: string | undefined) => blankToUndefined(value),
    z
      .string()
      .trim()
      .max(max, { error: 'common.tooLong' })
      .transform((text) => text || undefined)
      .optional(),
  );

const optionalId = () =>
  z.preprocess(
    (value: number | string | undefined) => blankToUndefined(value),
    formInt('common.invalidInput')
      .pipe(z.number().int().positive({ error: 'common.invalidInput' }))
      .optional(),
  );

const optionalYuan = () =>
  z.preprocess(
    (value: number | string | undefined) => blankToUndefined(value),
    yuanToFen({ allowNegative: false }).optional(),
  );

const optionalFlag = () =>
  z.preprocess((value: FormFlag | undefined) => blankToUndefined(value), formFlag().optional());

const optionalNumber = (message: string, min: number, max: number) =>
  z.preprocess((value: number | string | undefined) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' ? Number(blank) : blank;
  }, z.number({ error: message }).min(min, { error: message }).max(max, { error: message }).optional());

/**
 * `stock/list` (stock_list, and the nearby page's stock tab): for-sale stock, page by page. Every filter
 * is optional. Prices are yuan per ton as typed (at most two decimals) and come back in fen; the price
 * compared is today's (a market-following listing's latest quote plus its processing fee). A point
 * (GCJ-02 lng/lat) gives each row its distance; with `radiusKm` only listings within it are found.
 * `fixedPrice=1` / `specialSale=1` keep only listings with that flag (0 does not filter).
 */
export const ZStockListRequest = ZPageRequest.extend({
  keyword: optionalText(STOCK_KEYWORD_MAX),
  sortId: optionalId(),
  /** One company's stock (its owner's id), as a shop's stock tab lists it. */
  rootId: optionalId(),
  /** Text the specifications must contain (any letter case). */
  specification: optionalText(STOCK_KEYWORD_MAX),
  /** Where the stock lies, as the region table spells it ('广东省', '佛山市'). */
  province: optionalText(50),
  city: optionalText(50),
  /** Yuan per ton as typed; parsed to fen. */
  priceMin: optionalYuan(),
  priceMax: optionalYuan(),
  fixedPrice: optionalFlag(),
  specialSale: optionalFlag(),
  lng: optionalNumber('stockSearch.pointInvalid', -180, 180),
  lat: optionalNumber('stockSearch.pointInvalid', -90, 90),
  radiusKm: z.preprocess((value: number | string | undefined) => {
    const blank = blankToUndefined(value);
    return typeof blank === 'string' ? Number(blank) : blank;
  }, z
    .number({ error: 'stockSearch.radiusInvalid' })
    .gt(0, { error: 'stockSearch.radiusInvalid' })
    .max(STOCK_SEARCH_RADIUS_MAX_KM, { error: 'stockSearch.radiusInvalid' })
    .optional()),
  order: z.preprocess(
    (value: (typeof STOCK_LIST_ORDERS)[number] | undefined) => blankToUndefined(value),
    z.enum(STOCK_LIST_ORDERS, { error: 'stockSearch.orderInvalid' }).optional().default('newest'),
  ),
}).superRefine((request, ctx) => {
  if (request.priceMin !== undefined && request.priceMax !== undefined && request.priceMin > request.priceMax)
    ctx.addIssue({ code: 'custom', path: ['priceMax'], message: 'stockSearch.priceRangeInverted' });
  const hasPoint = request.lng !== undefined && request.lat !== undefined;
  if ((request.lng === undefined) !== (request.lat === undefined))
    ctx.addIssue({
      code: 'custom',
      path: [request.lng === undefined ? 'lng' : 'lat'],
      message: 'stockSearch.pointIncomplete',
    });
  else if (request.radiusKm !== undefined && !hasPoint)
    ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'stockSearch.radiusNeedsPoint' });
  else if (request.order === 'distance' && !hasPoint)
    ctx.addIssue({ code: 'custom', path: ['order'], message: 'stockSearch.distanceNeedsPoint' });
});
export type TStockListRequest = z.input<typeof ZStockListRequest>;
export type TStockListInput = z.output<typeof ZStockListRequest>;

/**
 * A page of stock rows. `total` is exact unless `totalCapped`, which says there are more than `total`
 * (matches are counted up to STOCK_SEARCH_TOTAL_CAP, or through the page asked for if that is further).
 */
export const ZStockListPage = z.object({
  list: z.array(ZStockSummary),
  page: z.number(),
  hasMore: z.boolean(),
  total: z.number(),
  totalCapped: z.boolean(),
});
export type TStockListPage = z.infer<typeof ZStockListPage>;

/**
 * `factory/list` (factory_list, 'find merchants'): companies with complete company info, open shops
 * first; filtered by a product they sell, where they are, and a keyword in their name.
 */
export const ZFactoryListRequest = ZPageRequest.extend({
  sortId: optionalId(),
  province: optionalText(50),
  city: optionalText(50),
  keyword: optionalText(STOCK_KEYWORD_MAX),
});
export type TFactoryListRequest = z.input<typeof ZFactoryListRequest>;

export const ZFactorySummary = z.object({
  rootId: z.number(),
  name: z.string(),
  businessModel: z.enum(BUSINESS_MODELS),
  province: z.string(),
  city: z.string(),
  sellProducts: z.array(z.object({ id: z.number(), sortName: z.string() })),
  shopOpen: z.boolean(),
  /** A certified supplier (paid membership) now. */
  certified: z.boolean(),
  /** Its listings for sale now. */
  stockCount: z.number(),
  isDemo: z.boolean(),
});
export type TFactorySummary = z.infer<typeof ZFactorySummary>;

export const ZFactoryListPage = z.object({
  list: z.array(ZFactorySummary),
  page: z.number(),
  hasMore: z.boolean(),
  total: z.number(),
});
export type TFactoryListPage = z.infer<typeof ZFactoryListPage>;

/** `stock/five_day` (five_day_stock): the last five days' new stock, optionally of one category. */
export const ZFiveDayRequest = z.object({ sortId: optionalId() });

export const ZFiveDayOverview = z.object({
  /** Today first, then each day before it: FIVE_DAY_STOCK_DAYS days, empty days included. */
  days: z.array(
    z.object({
      date: z.string(),
      count: z.number(),
      /** The day's newest listings (FIVE_DAY_PREVIEW_SIZE at most). */
      preview: z.array(ZStockSummary),
    }),
  ),
  /** Categories with new stock in the window (whatever sortId asked for), most first. */
  sorts: z.array(z.object({ sortId: z.number(), sortName: z.string(), count: z.number() })),
  total: z.number(),
});
export type TFiveDayOverview = z.infer<typeof ZFiveDayOverview>;

/**
 * `stock/five_day_list` (five_day_stock_detail): one day's new stock (a date of the window), or the
 * whole window's, optionally of one category, newest first.
 */
export const ZFiveDayListRequest = ZPageRequest.extend({
  date: z.preprocess(
    (value: string | undefined) => blankToUndefined(value),
    z
      .string({ error: 'stock.dateInvalid' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'stock.dateInvalid' })
      .optional(),
  ),
  sortId: optionalId(),
});
export type TFiveDayListRequest = z.input<typeof ZFiveDayListRequest>;

/** `stock/hot` (hot_page): the ranking the daily job computed, for-sale listings only. */
export const ZHotStocks = z.object({
  /** When the ranking was computed; null before the job first ran. */
  computedAt: z.string().nullable(),
  /** The days whose clicks it counts (Asia/Shanghai dates, inclusive). */
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  list: z.array(z.object({ rank: z.number(), clicks: z.number(), stock: ZStockSummary })),
});
export type THotStocks = z.infer<typeof ZHotStocks>;
