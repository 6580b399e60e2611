import { z } from 'zod';
import { UPLOAD_MAX_FILES } from '../constants';
import { formFlag, formInt, jsonText } from './common';
import { ZImageLinks } from './files';

/**
 * SPEC §3 stock statuses. `review` waits for an operator; `sale` is the only public one; `rejected`
 * carries the operator's reason; `soldOut`, `offline` and `onTheWay` are the seller's; `expired` is
 * set by the daily job when a listing has not been refreshed for STOCK_EXPIRE_DAYS (server config);
 * `deleted` rows are kept for footprints and visitor history but shown to no one.
 */
export const STOCK_STATUSES = [
  'review',
  'sale',
  'rejected',
  'soldOut',
  'offline',
  'onTheWay',
  'expired',
  'deleted',
] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/**
 * SPEC §3 structured price: `market` follows a market series' quote of the day plus a processing fee
 * per ton (which may be negative: a discount to the quote); `fixed` is a set price per ton.
 */
export const STOCK_PRICE_TYPES = ['market', 'fixed'] as const;
export type StockPriceType = (typeof STOCK_PRICE_TYPES)[number];

/** Text field limits of a stock listing. */
export const STOCK_TEXT_MAX = { short: 50, medium: 100, long: 500 } as const;
/** Largest quantity or weight accepted, in tons (a listing is one lot, not a year's output). */
export const STOCK_MAX_TONS = 1_000_000;
/** Largest price or processing fee per ton, in yuan. */
export const STOCK_MAX_PRICE_YUAN = 10_000_000;
/** Days within which a payment is due at most (payment time). */
export const STOCK_MAX_PAYMENT_DAYS = 365;

/** Tons as typed: a positive number with at most 3 decimals (kilograms), returned as integer kilograms. */
export const tonsToKg = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: message })
      .trim()
      .regex(/^\d+(\.\d{1,3})?$/, { error: message })
      .transform((text) => Math.round(Number(text) * 1000))
      .pipe(
        z
          .number()
          .positive({ error: message })
          .max(STOCK_MAX_TONS * 1000, { error: message }),
      ),
  );

/** Yuan as typed with at most two decimals (SPEC §5 'Please enter numbers'), returned as integer fen. */
export const yuanToFen = ({ allowNegative }: { allowNegative: boolean }) =>
  z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z
      .string({ error: 'common.pleaseEnterNumbers' })
      .trim()
      .regex(allowNegative ? /^-?\d+(\.\d{1,2})?$/ : /^\d+(\.\d{1,2})?$/, { error: 'common.pleaseEnterNumbers' })
      .transform((text) => Math.round(Number(text) * 100))
      .pipe(
        z
          .number()
          .min(-STOCK_MAX_PRICE_YUAN * 100, { error: 'stock.priceOutOfRange' })
          .max(STOCK_MAX_PRICE_YUAN * 100, { error: 'stock.priceOutOfRange' }),
      ),
  );

const text = (max: number) => z.string().trim().max(max, { error: 'common.tooLong' }).optional().default('');
const optionalTons = (message: string) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), tonsToKg(message).optional());
const isoDate = z
  .string()
  .trim()
  .regex(/^(|\d{4}-\d{2}-\d{2})$/, { error: 'stock.dateInvalid' })
  .optional()
  .default('');

/**
 * input_stock (`stock/save`): SPEC §3 stock fields; quantity, piece weight and a structured price are
 * required (SPEC §5). Weights travel in tons and are returned in kilograms; money in yuan, returned in
 * fen. `id` names the caller's own listing to change (it then goes back to review).
 */
export const ZStockSaveRequest = z
  .object({
    id: formInt('common.invalidInput').pipe(z.number().int().positive()).optional(),
    sortId: formInt('stock.categoryRequired').pipe(z.number().int().positive({ error: 'stock.categoryRequired' })),
    specifications: text(STOCK_TEXT_MAX.medium),
    quantityKg: tonsToKg('stock.quantityRequired'),
    grossWeightKg: optionalTons('stock.weightInvalid'),
    pieceWeightKg: tonsToKg('stock.pieceWeightRequired'),
    pieces: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      formInt('common.onlyPositiveIntegers')
        .pipe(z.number().int().positive({ error: 'common.onlyPositiveIntegers' }).max(10_000_000))
        .optional(),
    ),
    properties: text(STOCK_TEXT_MAX.medium),
    productName: text(STOCK_TEXT_MAX.short),
    boxNumber: text(STOCK_TEXT_MAX.short),
    /** Storage location: region names as the shared region table spells them, and the street address. */
    province: text(STOCK_TEXT_MAX.short),
    city: text(STOCK_TEXT_MAX.short),
    district: text(STOCK_TEXT_MAX.short),
    storageAddress: text(STOCK_TEXT_MAX.medium),
    productionDate: isoDate,
    manufacturer: text(STOCK_TEXT_MAX.short),
    brand: text(STOCK_TEXT_MAX.short),
    priceType: z.enum(STOCK_PRICE_TYPES, { error: 'stock.priceRequired' }),
    /** The market series followed (priceType market). */
    seriesId: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      formInt('stock.priceRequired').pipe(z.number().int().positive()).optional(),
    ),
    processingFeeFen: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      yuanToFen({ allowNegative: true }).optional(),
    ),
    /** The price per ton (priceType fixed). */
    priceFen: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      yuanToFen({ allowNegative: false }).optional(),
    ),
    /** A free price description shown beside the structured price. */
    priceIntro: text(STOCK_TEXT_MAX.medium),
    /** SPEC fixedPrice: the price is final, no negotiation. */
    fixedPrice: formFlag().optional().default(0),
    splittable: formFlag().optional().default(0),
    specialSale: formFlag().optional().default(0),
    freightIncluded: formFlag().optional().default(0),
    additionalInfo: text(STOCK_TEXT_MAX.long),
    /** Uploaded image urls (upload/file, kind image) of the caller's company, in the order shown. */
    images: jsonText(
      z
        .array(z.string().trim().min(1).max(300), { error: 'common.invalidInput' })
        .max(UPLOAD_MAX_FILES, { error: 'stock.tooManyImages' }),
    )
      .optional()
      .default([]),
    transportInfo: text(STOCK_TEXT_MAX.medium),
    /** Payment time: days after delivery the buyer pays in; empty for payment before delivery. */
    paymentDays: z.preprocess(
      (value) => (value === '' || value === null ? undefined : value),
      formInt('common.onlyPositiveIntegers')
        .pipe(
          z
            .number()
            .int()
            .positive({ error: 'common.onlyPositiveIntegers' })
            .max(STOCK_MAX_PAYMENT_DAYS, { error: 'common.onlyPositiveIntegers' }),
        )
        .optional(),
    ),
  })
  .superRefine((stock, ctx) => {
    if (stock.priceType === 'market') {
      if (stock.seriesId === undefined)
        ctx.addIssue({ code: 'custom', path: ['seriesId'], message: 'stock.seriesRequired' });
      if (stock.processingFeeFen === undefined)
        ctx.addIssue({ code: 'custom', path: ['processingFeeFen'], message: 'stock.processingFeeRequired' });
    } else if (stock.priceFen === undefined || stock.priceFen <= 0) {
      ctx.addIssue({ code: 'custom', path: ['priceFen'], message: 'stock.priceRequired' });
    }
    if (stock.grossWeightKg !== undefined && stock.grossWeightKg < stock.quantityKg)
      ctx.addIssue({ code: 'custom', path: ['grossWeightKg'], message: 'stock.grossBelowNet' });
  });
export type TStockSaveRequest = z.input<typeof ZStockSaveRequest>;
export type TStockSaveInput = z.output<typeof ZStockSaveRequest>;

/** The price a listing shows today: worked out from the followed series' latest quote, or its fixed price. */
export const ZStockPrice = z.object({
  type: z.enum(STOCK_PRICE_TYPES),
  /** Yuan fen per ton; null when the followed series has no quote yet. */
  unitPriceFen: z.number().nullable(),
  /** The quote date the price was worked out from (market prices); null for fixed prices. */
  quoteDate: z.string().nullable(),
  seriesId: z.number().nullable(),
  seriesName: z.string(),
  processingFeeFen: z.number().nullable(),
  intro: z.string(),
});
export type TStockPrice = z.infer<typeof ZStockPrice>;

/** One row of a stock list (stock_list, five_day_stock, hot_page, nearby, a shop's stock tab). */
export const ZStockSummary = z.object({
  id: z.number(),
  rootId: z.number(),
  companyName: z.string(),
  status: z.enum(STOCK_STATUSES),
  sortId: z.number(),
  sortName: z.string(),
  productName: z.string(),
  specifications: z.string(),
  quantityKg: z.number(),
  brand: z.string(),
  manufacturer: z.string(),
  province: z.string(),
  city: z.string(),
  price: ZStockPrice,
  fixedPrice: z.boolean(),
  specialSale: z.boolean(),
  splittable: z.boolean(),
  freightIncluded: z.boolean(),
  cover: ZImageLinks.nullable(),
  /** Kilometres from the point the caller gave; null without one. */
  distanceKm: z.number().nullable(),
  views: z.number(),
  publishedAt: z.string().nullable(),
  refreshedAt: z.string(),
  /** Demo rows are labelled as demo wherever they are shown. */
  isDemo: z.boolean(),
});
export type TStockSummary = z.infer<typeof ZStockSummary>;

export const ZStockIdRequest = z.object({
  id: formInt('common.invalidInput').pipe(z.number().int().positive({ error: 'common.invalidInput' })),
});
