import { z } from 'zod';
import { isCalendarDate } from '../helpers/calendar';

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

/** A refused import names every bad line (1-based, the CSV header being line 1) and why. */
export const ZImportProblem = z.object({ line: z.number(), reason: z.string() });
export const ZImportResult = z.object({ imported: z.number(), series: z.number() });
