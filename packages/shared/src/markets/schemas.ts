import { z } from 'zod';
import { isCalendarDate } from '../helpers/calendar';
import { formInt, INT_ID_MAX, intId, jsonText } from '../schemas/common';

/** Most rows one price import may carry. */
export const MAX_IMPORT_ROWS = 20_000;
/** Prices are given with at most two decimals, and stored exactly as hundredths. */
export const PRICE_PATTERN = /^\d{1,9}(\.\d{1,2})?$/;

/** One row of a price import: the market and sort by code/name or id, the trading date, low and high, optionally the average. */
export const ZPriceImportRow = z.object({
  market: z.string({ error: 'markets.import.market' }).trim().min(1, { error: 'markets.import.market' }),
  sort: z.string({ error: 'markets.import.sort' }).trim().min(1, { error: 'markets.import.sort' }),
  date: z.string({ error: 'calendar.dateInvalid' }).trim().refine(isCalendarDate, { error: 'calendar.dateInvalid' }),
  low: z.string({ error: 'markets.import.price' }).trim().regex(PRICE_PATTERN, { error: 'markets.import.price' }),
  high: z.string({ error: 'markets.import.price' }).trim().regex(PRICE_PATTERN, { error: 'markets.import.price' }),
  price: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(PRICE_PATTERN, { error: 'markets.import.price' }).optional()),
});
export type TPriceImportRow = z.output<typeof ZPriceImportRow>;

/** `markets/import_prices` (operators): a CSV (header market,sort,date,low,high[,price]) or a JSON list of rows. */
export const ZImportPricesRequest = z.object({
  format: z.enum(['csv', 'json'], { error: 'common.invalidInput' }),
  content: z
    .string({ error: 'common.required' })
    .min(1, { error: 'common.required' })
    .max(5_000_000, { error: 'common.tooLong' }),
});

/** `markets/set_exchange_rate` (operators): the day's USD→CNY central parity, up to four decimals. */
export const ZSetExchangeRateRequest = z.object({
  date: z.string({ error: 'calendar.dateInvalid' }).trim().refine(isCalendarDate, { error: 'calendar.dateInvalid' }),
  usdCny: z
    .string({ error: 'markets.rate.invalid' })
    .trim()
    .regex(/^\d{1,2}(\.\d{1,4})?$/, { error: 'markets.rate.invalid' })
    .refine((v) => Number(v) >= 1 && Number(v) <= 20, { error: 'markets.rate.invalid' }),
});
/** The rate stored and how many LME rows' yuan prices it changed. */
export const ZExchangeRateResult = z.object({ date: z.string(), usdCny: z.string(), repriced: z.number() });

/** A refused import names every bad line (1-based, the CSV header being line 1) and why. */
export const ZImportProblem = z.object({ line: z.number(), reason: z.string() });
export const ZImportResult = z.object({ imported: z.number(), series: z.number() });

/** Most quote groups a user keeps, sorts in one group, and characters in a group name. */
export const MAX_MARKET_GROUPS = 10;
export const MAX_SORTS_PER_GROUP = 30;
export const MAX_GROUP_NAME = 10;
/** Periods of the price chart on market_detail. */
export const CHART_PERIODS = ['7d', '30d', '90d', '1y', 'all'] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** SPEC §3 sort. */
export const ZSort = z.object({
  id: z.number(),
  sortName: z.string(),
  sortUnit: z.string(),
  metal: z.enum(['aluminium', 'copper']),
  /** Goods that change hands; false for futures quoted only (沪铝, LME铝), never a listing's or inquiry's category. */
  physical: z.boolean(),
});
export type TSort = z.infer<typeof ZSort>;

/** SPEC §3 market group. */
export const ZMarketGroup = z.object({
  id: z.number(),
  name: z.string(),
  marketSortIds: z.array(z.number()),
  sortList: z.array(ZSort),
});
export type TMarketGroup = z.infer<typeof ZMarketGroup>;

/**
 * SPEC §3 market price row. Prices are yuan (or, on LME rows, dollars) per ton as decimal text with at
 * most two decimals, so no client has to trust a float; `range` is "low-high".
 */
export const ZMarketPriceRow = z.object({
  id: z.number(),
  aliasId: z.number(),
  alias: z.string(),
  marketId: z.number(),
  marketName: z.string(),
  sortId: z.number(),
  sortName: z.string(),
  sortUnit: z.string(),
  currency: z.enum(['CNY', 'USD']),
  price: z.string(),
  range: z.string(),
  upDown: z.string().nullable(),
  lastUpDown: z.string().nullable(),
  rmbPrice: z.string().nullable(),
  date: z.string(),
  time: z.number(),
  addTime: z.string(),
  /** Whether the row is today's (Asia/Shanghai). */
  today: z.boolean(),
  homeDate: z.string(),
  isDemo: z.boolean(),
});
export type TMarketPriceRow = z.infer<typeof ZMarketPriceRow>;

const sortIdList = () =>
  jsonText(
    z
      .array(intId('markets.group.sorts'), { error: 'markets.group.sorts' })
      .max(MAX_SORTS_PER_GROUP, { error: 'markets.group.tooManySorts' }),
  );
const groupName = () =>
  z
    .string({ error: 'markets.group.name' })
    .trim()
    .min(1, { error: 'markets.group.name' })
    .max(MAX_GROUP_NAME, { error: 'markets.group.name' });
/** A market group's id, or 0 for the default group. */
const groupId = () =>
  formInt('common.invalidInput').pipe(
    z.number().int().nonnegative({ error: 'common.invalidInput' }).max(INT_ID_MAX, { error: 'common.invalidInput' }),
  );

/** `market/groups`: the caller's groups (a visitor's: the default 'my quotes'). */
export const ZMarketGroupsResponse = z.array(ZMarketGroup);
/** `market/sorts`: every sort, for the buy_sort pickers ('all categories'). */
export const ZSortsResponse = z.array(
  ZSort.extend({ series: z.array(z.object({ id: z.number(), name: z.string(), marketName: z.string() })) }),
);
/** `market/group_create` */
export const ZGroupCreateRequest = z.object({ name: groupName(), sortIds: sortIdList() });
/** `market/group_update`: id 0 saves the default group as the user's own; sortIds is the whole ordered list. */
export const ZGroupUpdateRequest = z.object({
  id: groupId(),
  name: groupName().optional(),
  sortIds: sortIdList().optional(),
});
/** `market/group_delete` */
export const ZGroupDeleteRequest = z.object({ id: groupId() });
/** `market/group_order`: the user's group ids in the wanted order. */
export const ZGroupOrderRequest = z.object({
  ids: jsonText(z.array(intId(), { error: 'common.invalidInput' }).max(MAX_MARKET_GROUPS)),
});
/** `market/quotes`: the latest row of every series of a group's sorts (or of the given sorts). */
export const ZQuotesRequest = z.object({ groupId: groupId().optional(), sortIds: sortIdList().optional() });
export const ZQuotesResponse = z.array(ZMarketPriceRow);
/** `market/detail`: one series' latest row, its chart points for a period, and its rows (newest first). */
export const ZMarketDetailRequest = z.object({
  aliasId: intId(),
  period: z.enum(CHART_PERIODS, { error: 'common.invalidInput' }).default('30d'),
});
export const ZMarketDetailResponse = z.object({
  latest: ZMarketPriceRow.nullable(),
  points: z.array(z.object({ date: z.string(), price: z.string() })),
  rows: z.array(ZMarketPriceRow),
});
export type TMarketDetail = z.infer<typeof ZMarketDetailResponse>;
