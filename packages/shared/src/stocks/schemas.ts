import { z } from 'zod';
import { UPLOAD_MAX_FILES } from '../constants';
import { ZImageLinks } from '../files/schemas';
import { bigintId, calendarDateOrEmpty, formFlag, formInt, intId, jsonText } from '../schemas/common';

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
    (value: number | string) => (typeof value === 'number' ? String(value) : value),
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
    (value: number | string) => (typeof value === 'number' ? String(value) : value),
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
  z.preprocess(
    (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
    tonsToKg(message).optional(),
  );
const isoDate = calendarDateOrEmpty('stock.dateInvalid').optional().default('');

/**
 * input_stock (`stock/save`): SPEC §3 stock fields; quantity, piece weight and a structured price are
 * required (SPEC §5). Weights travel in tons and are returned in kilograms; money in yuan, returned in
 * fen. `id` names the caller's own listing to change (it then goes back to review).
 */
export const ZStockSaveRequest = z
  .object({
    id: bigintId().optional(),
    sortId: intId('stock.categoryRequired'),
    specifications: text(STOCK_TEXT_MAX.medium),
    quantity: tonsToKg('stock.quantityRequired'),
    grossWeight: optionalTons('stock.weightInvalid'),
    pieceWeight: tonsToKg('stock.pieceWeightRequired'),
    pieces: z.preprocess(
      (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
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
      (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
      intId('stock.priceRequired').optional(),
    ),
    processingFee: z.preprocess(
      (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
      yuanToFen({ allowNegative: true }).optional(),
    ),
    /** The price per ton (priceType fixed). */
    price: z.preprocess(
      (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
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
      (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
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
    /**
     * Changing a listing: the kilograms left on it when the form was loaded. Orders take from a listing
     * while its seller edits it; a save whose form showed another amount is refused (codeFlag 5, data
     * ZStockQuantityChanged) rather than give back tons an order took. Old clients leave it out.
     */
    seenQuantityKg: formInt('common.invalidInput')
      .pipe(
        z
          .number()
          .int()
          .min(0, { error: 'common.invalidInput' })
          .max(STOCK_MAX_TONS * 1000),
      )
      .optional(),
  })
  .superRefine(
    (stock, ctx) => {
      // Fields that failed their own rule hold what was typed, so each rule looks only at values that parsed.
      if (stock.priceType === 'market') {
        if (stock.seriesId === undefined)
          ctx.addIssue({ code: 'custom', path: ['seriesId'], message: 'stock.seriesRequired' });
        if (stock.processingFee === undefined)
          ctx.addIssue({ code: 'custom', path: ['processingFee'], message: 'stock.processingFeeRequired' });
      } else if (
        stock.priceType === 'fixed' &&
        (stock.price === undefined || (typeof stock.price === 'number' && stock.price <= 0))
      ) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: 'stock.priceRequired' });
      }
      if (
        typeof stock.grossWeight === 'number' &&
        typeof stock.quantity === 'number' &&
        stock.grossWeight < stock.quantity
      )
        ctx.addIssue({ code: 'custom', path: ['grossWeight'], message: 'stock.grossBelowNet' });
    },
    // The price rules run even while other fields are wrong, so a form can show every problem at once.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  // The wire carries tons and yuan as typed; the server works in integer kilograms and fen.
  .transform(({ quantity, grossWeight, pieceWeight, processingFee, price, ...rest }) => ({
    ...rest,
    quantityKg: quantity,
    grossWeightKg: grossWeight,
    pieceWeightKg: pieceWeight,
    processingFeeFen: processingFee,
    priceFen: price,
  }));
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
  /** Kilometres from the point the caller gave, to the metre; null without one. */
  distanceKm: z.number().nullable(),
  views: z.number(),
  publishedAt: z.string().nullable(),
  refreshedAt: z.string(),
  /** Demo rows are labelled as demo wherever they are shown. */
  isDemo: z.boolean(),
});
export type TStockSummary = z.infer<typeof ZStockSummary>;

export const ZStockIdRequest = z.object({
  id: bigintId(),
});

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
const pointFields = { lng: optionalCoordinate(-180, 180), lat: optionalCoordinate(-90, 90) };
const pageFields = {
  page: formInt()
    .pipe(z.number().int().min(1, { error: 'common.invalidInput' }))
    .optional(),
  pageSize: formInt()
    .pipe(z.number().int().min(1, { error: 'common.invalidInput' }).max(50, { error: 'common.invalidInput' }))
    .optional(),
};

/** `stock/save` answers the listing's id and its status (always `review`: it waits for an operator). */
/** stock/save's refusal data when orders took from the listing since its form was loaded (`seenQuantityKg`). */
export const ZStockQuantityChanged = z.object({ quantityKg: z.number() });
export type TStockQuantityChanged = z.infer<typeof ZStockQuantityChanged>;

export const ZStockSaveResult = z.object({ id: z.number(), status: z.enum(STOCK_STATUSES) });
export type TStockSaveResult = z.infer<typeof ZStockSaveResult>;

/** `stock/detail` (stock_detail?id): the caller's point, if given, is for distances. */
export const ZStockDetailRequest = z.object({ id: bigintId(), ...pointFields });

/**
 * SPEC §2 stock_detail: every field of the listing, today's price, all pictures, the seller's shop
 * card and contact. Weights in kilograms, money in fen per ton, as everywhere.
 */
export const ZStockDetail = z.object({
  id: z.number(),
  rootId: z.number(),
  status: z.enum(STOCK_STATUSES),
  /** The operator's reason, shown to the owner of a rejected listing only (empty for everyone else). */
  reason: z.string(),
  sortId: z.number(),
  sortName: z.string(),
  specifications: z.string(),
  quantityKg: z.number(),
  grossWeightKg: z.number().nullable(),
  pieceWeightKg: z.number(),
  pieces: z.number().nullable(),
  properties: z.string(),
  productName: z.string(),
  boxNumber: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  storageAddress: z.string(),
  productionDate: z.string(),
  manufacturer: z.string(),
  brand: z.string(),
  price: ZStockPrice,
  /** The followed quote's change on its date (fen per ton; market prices only), for red/green display. */
  priceChangeFen: z.number().nullable(),
  fixedPrice: z.boolean(),
  splittable: z.boolean(),
  specialSale: z.boolean(),
  freightIncluded: z.boolean(),
  additionalInfo: z.string(),
  transportInfo: z.string(),
  paymentDays: z.number().nullable(),
  images: z.array(ZImageLinks),
  /** Where the lot lies (GCJ-02: the storage district's centre, or the company's point); null when unknown. */
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  /** Kilometres from the caller's point to where the lot lies; null without a point. */
  distanceKm: z.number().nullable(),
  views: z.number(),
  publishedAt: z.string().nullable(),
  refreshedAt: z.string(),
  isDemo: z.boolean(),
  /** Other for-sale listings of the same category and specification (stock_same_spec). */
  sameSpecCount: z.number(),
  shop: z.object({
    rootId: z.number(),
    name: z.string(),
    shopOpen: z.boolean(),
    /** An approved business licence. */
    licence: z.boolean(),
    /** The owner passed real-person verification. */
    realName: z.boolean(),
    city: z.string(),
    /** The company's business address point (GCJ-02), as its shop page shows it. */
    lng: z.number().nullable(),
    lat: z.number().nullable(),
    /** Kilometres from the caller's point to the company's address; null without either. */
    distanceKm: z.number().nullable(),
  }),
  /** SPEC: the phone is shown to logged-in users; visitors get it masked (`masked`) and a login prompt. */
  contact: z.object({ linkName: z.string(), phone: z.string(), masked: z.boolean() }),
  /** The caller's own company's listing (its owner or an employee). */
  isOwn: z.boolean(),
});
export type TStockDetail = z.infer<typeof ZStockDetail>;

/** A page of list rows. */
export const ZStockSummaryPage = z.object({
  list: z.array(ZStockSummary),
  page: z.number(),
  hasMore: z.boolean(),
  total: z.number(),
});
export type TStockSummaryPage = z.infer<typeof ZStockSummaryPage>;

/** `stock/same_spec` (stock_same_spec?id): other for-sale listings like this one, page by page. */
export const ZStockSameSpecRequest = z.object({ id: bigintId(), ...pageFields, ...pointFields });

/** `stock/company_list` (the shop page's stock tab): a company's for-sale listings, newest first. */
export const ZCompanyStockRequest = z.object({ rootId: intId(), ...pageFields, ...pointFields });

/** A market series a listing's price may follow (yuan quotes only), with its latest quote for the preview. */
export const ZStockPriceSeries = z.object({
  id: z.number(),
  name: z.string(),
  marketName: z.string(),
  sortId: z.number(),
  /** Fen per ton of the latest quote on or before today; null when the series has none yet. */
  quoteFen: z.number().nullable(),
  quoteDate: z.string().nullable(),
});
export type TStockPriceSeries = z.infer<typeof ZStockPriceSeries>;

/**
 * A listing in the operators' review queue: what the seller posted, its pictures, the price worked
 * out from today's quote, and the company. `createdAt` is when it was sent for review (posted, or
 * last modified); `resubmitted` says it was on sale before and was changed since.
 */
export const ZStockReviewItem = ZStockDetail.pick({
  id: true,
  rootId: true,
  status: true,
  reason: true,
  sortId: true,
  sortName: true,
  specifications: true,
  quantityKg: true,
  grossWeightKg: true,
  pieceWeightKg: true,
  pieces: true,
  properties: true,
  productName: true,
  boxNumber: true,
  province: true,
  city: true,
  district: true,
  storageAddress: true,
  productionDate: true,
  manufacturer: true,
  brand: true,
  price: true,
  fixedPrice: true,
  splittable: true,
  specialSale: true,
  freightIncluded: true,
  additionalInfo: true,
  transportInfo: true,
  paymentDays: true,
  images: true,
  isDemo: true,
}).extend({
  companyName: z.string(),
  /** The account that posted it (the owner or an employee). */
  posterAccount: z.string(),
  createdAt: z.string(),
  resubmitted: z.boolean(),
  reviewedAt: z.string().nullable(),
  /**
   * The version under review, which console/stock/review names: when the listing last changed (the
   * seller's stock/save, or a batch edit of its price, payment days, transport or freight; or tons a
   * cancelled or expired order gave back), each change at a later moment than the one before, so the
   * moment names one content.
   */
  submittedAt: z.string(),
});
export type TStockReviewItem = z.infer<typeof ZStockReviewItem>;
