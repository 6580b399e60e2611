import { z } from 'zod';
import { MAX_INQUIRY_SPECS, UPLOAD_MAX_FILES } from '../constants';
import { formFlag, formInt, jsonText, mobile } from '../schemas/common';
import { ZPageRequest } from '../shops/schemas';
import { tonsToKg, yuanToFen } from '../stocks/schemas';

/**
 * SPEC §4 inquiry states as this server keeps them. `review` waits for an operator (public inquiries
 * only); `open` takes quotes until its deadline; `rejected` carries the operator's reason; `expired`
 * passed its deadline without the buyer agreeing to a quote; `closed` the buyer closed it; `cooperated`
 * the buyer agreed to one supplier's quote; `deleted` rows are kept for quotes and chat, shown to no one.
 */
export const INQUIRY_STATUSES = ['review', 'open', 'rejected', 'expired', 'closed', 'cooperated', 'deleted'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** Who sees an inquiry: the whole market (after review), or only the suppliers the buyer designated. */
export const INQUIRY_VISIBILITIES = ['public', 'designated'] as const;
export type InquiryVisibility = (typeof INQUIRY_VISIBILITIES)[number];

/** How the buyer pays: before delivery, on delivery, on credit (days after delivery), or by bank acceptance bill. */
export const INQUIRY_PAYMENT_METHODS = ['advance', 'onDelivery', 'credit', 'acceptance'] as const;
export type InquiryPaymentMethod = (typeof INQUIRY_PAYMENT_METHODS)[number];

/** A quote deadline may lie at most this many days ahead. */
export const INQUIRY_MAX_DEADLINE_DAYS = 90;
/** At most this many suppliers may be designated on one inquiry. */
export const INQUIRY_MAX_DESIGNATED = 20;
export const INQUIRY_TEXT_MAX = { short: 50, medium: 100, long: 500 } as const;

const text = (max: number) => z.string().trim().max(max, { error: 'common.tooLong' }).optional().default('');
const required = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: 'common.tooLong' });

/** One product of an inquiry (SPEC: up to 10 specs, each with its purchase quantity and attributes). */
export const ZInquirySpecInput = z.object({
  productName: text(INQUIRY_TEXT_MAX.short),
  specification: text(INQUIRY_TEXT_MAX.medium),
  quantity: tonsToKg('inquiry.quantityRequired'),
  attributes: z
    .array(
      z.object({
        name: required(20, 'common.invalidInput'),
        value: required(INQUIRY_TEXT_MAX.short, 'common.invalidInput'),
      }),
      { error: 'common.invalidInput' },
    )
    .max(10, { error: 'common.invalidInput' })
    .optional()
    .default([]),
});

/** An ISO date-time with its offset, e.g. 2026-11-25T17:00:00+08:00 (a deadline is a moment). */
const moment = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value), {
      error: message,
    })
    .transform((value) => new Date(value))
    .refine((date) => !Number.isNaN(date.getTime()), { error: message });

/**
 * input_inquiry (`inquiry/save`): SPEC §3 inquiry fields; category, a quantity per product, the delivery
 * address and the quote deadline are required, and at most 10 products (SPEC §5). `id` names the
 * buyer company's own inquiry to change while it waits for review or was rejected.
 */
export const ZInquirySaveRequest = z
  .object({
    id: formInt('common.invalidInput').pipe(z.number().int().positive()).optional(),
    sortId: formInt('inquiry.categoryRequired').pipe(z.number().int().positive({ error: 'inquiry.categoryRequired' })),
    specs: jsonText(
      z
        .array(ZInquirySpecInput, { error: 'inquiry.specsRequired' })
        .min(1, { error: 'inquiry.specsRequired' })
        .max(MAX_INQUIRY_SPECS, { error: 'inquiry.tooManySpecs' }),
    ),
    taxIncluded: formFlag().optional().default(1),
    freightIncluded: formFlag().optional().default(1),
    paymentMethod: z.enum(INQUIRY_PAYMENT_METHODS, { error: 'inquiry.paymentInvalid' }),
    /** Days after delivery the buyer pays in (payment method credit). */
    creditDays: z.preprocess(
      (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
      formInt('common.onlyPositiveIntegers')
        .pipe(z.number().int().positive({ error: 'common.onlyPositiveIntegers' }).max(365))
        .optional(),
    ),
    quoteDeadline: moment('inquiry.deadlineRequired'),
    /** Expected delivery date (yyyy-mm-dd, Shanghai), or empty. */
    deliveryDate: z
      .string()
      .trim()
      .regex(/^(|\d{4}-\d{2}-\d{2})$/, { error: 'inquiry.deliveryDateInvalid' })
      .optional()
      .default(''),
    /** Preferred supplier location (choose_hope_address): a province, optionally a city; empty for anywhere. */
    supplierProvince: text(INQUIRY_TEXT_MAX.short),
    supplierCity: text(INQUIRY_TEXT_MAX.short),
    /** Delivery address, as a receipt address: receiver, phone, region path and the street address. */
    receiver: required(INQUIRY_TEXT_MAX.short, 'inquiry.addressRequired'),
    receiverPhone: mobile(),
    province: required(INQUIRY_TEXT_MAX.short, 'inquiry.addressRequired'),
    city: required(INQUIRY_TEXT_MAX.short, 'inquiry.addressRequired'),
    district: text(INQUIRY_TEXT_MAX.short),
    address: required(INQUIRY_TEXT_MAX.medium, 'inquiry.addressRequired'),
    visibility: z.enum(INQUIRY_VISIBILITIES, { error: 'inquiry.visibilityInvalid' }).optional().default('public'),
    /** The companies (rootIds of opened shops) a designated inquiry goes to. */
    designatedRootIds: jsonText(
      z
        .array(z.number().int().positive(), { error: 'common.invalidInput' })
        .max(INQUIRY_MAX_DESIGNATED, { error: 'inquiry.tooManyDesignated' }),
    )
      .optional()
      .default([]),
    /** Uploaded files (images or documents) of the caller's company, in order. */
    attachments: jsonText(
      z
        .array(z.string().trim().min(1).max(300), { error: 'common.invalidInput' })
        .max(UPLOAD_MAX_FILES, { error: 'inquiry.tooManyAttachments' }),
    )
      .optional()
      .default([]),
    remark: text(INQUIRY_TEXT_MAX.long),
  })
  .superRefine(
    (inquiry, ctx) => {
      if (inquiry.visibility === 'designated' && Array.isArray(inquiry.designatedRootIds)) {
        if (inquiry.designatedRootIds.length === 0)
          ctx.addIssue({ code: 'custom', path: ['designatedRootIds'], message: 'inquiry.designatedRequired' });
      }
      if (inquiry.paymentMethod === 'credit' && inquiry.creditDays === undefined)
        ctx.addIssue({ code: 'custom', path: ['creditDays'], message: 'inquiry.creditDaysRequired' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TInquirySaveRequest = z.input<typeof ZInquirySaveRequest>;
export type TInquirySaveInput = z.output<typeof ZInquirySaveRequest>;

export const ZInquirySpec = z.object({
  id: z.number(),
  productName: z.string(),
  specification: z.string(),
  quantityKg: z.number(),
  attributes: z.array(z.object({ name: z.string(), value: z.string() })),
});

export const ZInquiryAttachment = z.object({ url: z.string(), name: z.string(), type: z.string(), size: z.number() });

/**
 * Where an inquiry stands for the person of a supplier company looking at it (SPEC §4 inquiry states
 * from the seller's side): `open` nobody of the company has taken it; `grabbed`/`quoted` the viewer
 * holds it; `colleagueTook`/`colleagueQuoted` a colleague does; `gaveUp`/`sellerIgnored` the company
 * let it go (it may take it again while open); `buyerIgnored` the buyer set the company's quote aside;
 * `agreed` the buyer agreed to the viewer's quote, `colleagueCooperated` to a colleague's,
 * `cooperatedOther` to another supplier's; `ended` it expired or closed before the company quoted.
 */
export const SUPPLIER_INQUIRY_STATES = [
  'open',
  'grabbed',
  'quoted',
  'colleagueTook',
  'colleagueQuoted',
  'gaveUp',
  'sellerIgnored',
  'buyerIgnored',
  'agreed',
  'colleagueCooperated',
  'cooperatedOther',
  'ended',
] as const;
export type SupplierInquiryState = (typeof SUPPLIER_INQUIRY_STATES)[number];

/** What the hall and the buyer's lists show of an inquiry. */
export const ZInquirySummary = z.object({
  id: z.number(),
  rootId: z.number(),
  status: z.enum(INQUIRY_STATUSES),
  visibility: z.enum(INQUIRY_VISIBILITIES),
  sortId: z.number(),
  sortName: z.string(),
  /** The first product's name and specification, and how many products there are. */
  title: z.string(),
  specCount: z.number(),
  /** Every product's quantity added up (SPEC 'purchase count'), in kg. */
  totalQuantityKg: z.number(),
  province: z.string(),
  city: z.string(),
  buyerCompanyName: z.string(),
  quoteDeadline: z.string(),
  quoteCount: z.number(),
  views: z.number(),
  createdAt: z.string(),
  /** Why an operator turned it down: only in its own company's lists and detail, empty otherwise. */
  reason: z.string(),
  /** A logged-in person of another company: where the inquiry stands for them; null otherwise. */
  supplierState: z.enum(SUPPLIER_INQUIRY_STATES).nullable(),
});
export type TInquirySummary = z.infer<typeof ZInquirySummary>;

/**
 * SPEC §4 order-taking, per supplier company: who of it handles an inquiry and how far. One person
 * takes it (grabs it, or quotes first); colleagues then see it taken. `gaveUp` the holder withdrew its
 * quote; `ignored` the company passed on it (SPEC 'seller gave up or ignored').
 */
export const INQUIRY_HANDLING_STATES = ['grabbed', 'quoted', 'gaveUp', 'ignored'] as const;
export type InquiryHandlingState = (typeof INQUIRY_HANDLING_STATES)[number];

/** The buyer's view of one designated supplier: not yet answered, taken, quoted, or let go. */
export const DESIGNATED_SUPPLIER_STATES = ['waiting', 'grabbed', 'quoted', 'gaveUp', 'ignored'] as const;

export const ZDesignatedSupplier = z.object({
  rootId: z.number(),
  companyName: z.string(),
  state: z.enum(DESIGNATED_SUPPLIER_STATES),
});

export const ZInquiryDetail = ZInquirySummary.extend({
  specs: z.array(ZInquirySpec),
  taxIncluded: z.boolean(),
  freightIncluded: z.boolean(),
  paymentMethod: z.enum(INQUIRY_PAYMENT_METHODS),
  creditDays: z.number().nullable(),
  deliveryDate: z.string(),
  supplierProvince: z.string(),
  supplierCity: z.string(),
  /** The delivery address; receiver and phone only for the buyer's company (suppliers see the place). */
  receiver: z.string(),
  receiverPhone: z.string(),
  district: z.string(),
  address: z.string(),
  designatedRootIds: z.array(z.number()),
  attachments: z.array(ZInquiryAttachment),
  remark: z.string(),
  /** The caller's company posted it. */
  mine: z.boolean(),
  /** The buyer's company only: how each designated supplier answered. */
  designatedSuppliers: z.array(ZDesignatedSupplier),
  /** The colleague who holds it, when supplierState is colleagueTook, colleagueQuoted or colleagueCooperated. */
  handlerName: z.string(),
  /** Who posted it, for a logged-in viewer to chat with (0 for visitors). */
  posterUserId: z.number(),
});
export type TInquiryDetail = z.infer<typeof ZInquiryDetail>;

const positiveId = () =>
  formInt('common.invalidInput').pipe(z.number().int().positive({ error: 'common.invalidInput' }));
export const ZInquiryIdRequest = z.object({ id: positiveId() });

/** procurement_hall filters: category, the place the goods go to, and how soon quoting closes. */
export const INQUIRY_DEADLINE_FILTERS = ['today', 'threeDays', 'week'] as const;
export const ZInquiryHallRequest = ZPageRequest.extend({
  sortId: formInt().pipe(z.number().int().positive()).optional(),
  province: z.string().trim().max(INQUIRY_TEXT_MAX.short).optional(),
  city: z.string().trim().max(INQUIRY_TEXT_MAX.short).optional(),
  deadline: z.enum(INQUIRY_DEADLINE_FILTERS, { error: 'common.invalidInput' }).optional(),
});
export const ZInquiryPage = z.object({ list: z.array(ZInquirySummary), page: z.number(), hasMore: z.boolean() });
export type TInquiryPage = z.infer<typeof ZInquiryPage>;

/** The buyer's own inquiries by state tab. */
export const INQUIRY_MINE_TABS = ['review', 'open', 'ended'] as const;
export const ZInquiryMineRequest = ZPageRequest.extend({
  tab: z.enum(INQUIRY_MINE_TABS, { error: 'common.invalidInput' }).optional().default('open'),
});

/**
 * The supplier's order-taking list (SPEC order-taking: quote, grab): `todo` open inquiries designated
 * to the company that nobody of it took yet, and those the caller grabbed; `quoted` those the caller
 * quoted on, with the outcome; `passed` those the caller gave up or ignored.
 */
export const INQUIRY_TAKING_TABS = ['todo', 'quoted', 'passed'] as const;
export const ZInquiryTakingRequest = ZPageRequest.extend({
  tab: z.enum(INQUIRY_TAKING_TABS, { error: 'common.invalidInput' }).optional().default('todo'),
});
export const ZInquiryTaking = ZInquirySummary.extend({ supplierState: z.enum(SUPPLIER_INQUIRY_STATES) });
export type TInquiryTaking = z.infer<typeof ZInquiryTaking>;
export const ZInquiryTakingPage = z.object({ list: z.array(ZInquiryTaking), page: z.number(), hasMore: z.boolean() });
export type TInquiryTakingPage = z.infer<typeof ZInquiryTakingPage>;

/** `console/inquiry/review`: approve, or reject with a reason. */
export const ZInquiryReviewRequest = z
  .object({
    id: positiveId(),
    approve: formFlag(),
    reason: z.string().trim().max(100, { error: 'common.tooLong' }).optional(),
  })
  .refine((r) => r.approve === 1 || (r.reason ?? '').length > 0, {
    path: ['reason'],
    error: 'review.reasonRequired',
  });

/**
 * A supplier's quote on an inquiry. `live` is the company's current one (at most one per company per
 * inquiry); a newer one makes it `replaced`; the supplier may withdraw it (`withdrawn`, SPEC 'seller gave
 * up'); the buyer may ignore it (`ignored`) or agree to it (`agreed`), which makes every other live
 * quote `lost` (SPEC 'cooperated with another supplier').
 */
export const QUOTE_STATUSES = ['live', 'replaced', 'withdrawn', 'ignored', 'agreed', 'lost'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** `inquiry/quote`: a price per ton for each product quoted (at least one), and the terms. */
export const ZQuoteSaveRequest = z.object({
  inquiryId: positiveId(),
  items: jsonText(
    z
      .array(
        z.object({
          specId: z.number({ error: 'common.invalidInput' }).int().positive({ error: 'common.invalidInput' }),
          price: yuanToFen({ allowNegative: false }).pipe(z.number().positive({ error: 'quote.priceRequired' })),
        }),
        { error: 'quote.itemsRequired' },
      )
      .min(1, { error: 'quote.itemsRequired' })
      .max(MAX_INQUIRY_SPECS, { error: 'quote.itemsRequired' }),
  ),
  taxIncluded: formFlag().optional().default(1),
  freightIncluded: formFlag().optional().default(1),
  paymentMethod: z.enum(INQUIRY_PAYMENT_METHODS, { error: 'inquiry.paymentInvalid' }),
  creditDays: z.preprocess(
    (value: number | string | undefined) => (value === '' || value === null ? undefined : value),
    formInt('common.onlyPositiveIntegers')
      .pipe(z.number().int().positive({ error: 'common.onlyPositiveIntegers' }).max(365))
      .optional(),
  ),
  deliveryDate: z
    .string({ error: 'quote.deliveryDateRequired' })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'quote.deliveryDateRequired' }),
  remark: text(INQUIRY_TEXT_MAX.long),
});

export type TQuoteSaveInput = z.output<typeof ZQuoteSaveRequest>;

export const ZQuoteItem = z.object({
  specId: z.number(),
  productName: z.string(),
  specification: z.string(),
  quantityKg: z.number(),
  unitPriceFen: z.number(),
  /** unitPriceFen × the product's quantity in tons, rounded to the fen. */
  amountFen: z.number(),
});

export const ZQuote = z.object({
  id: z.number(),
  inquiryId: z.number(),
  rootId: z.number(),
  userId: z.number(),
  status: z.enum(QUOTE_STATUSES),
  supplierCompanyName: z.string(),
  /** Where the supplier is (its company address), and how far that is from the delivery address. */
  province: z.string(),
  city: z.string(),
  distanceKm: z.number().nullable(),
  items: z.array(ZQuoteItem),
  totalFen: z.number(),
  taxIncluded: z.boolean(),
  freightIncluded: z.boolean(),
  paymentMethod: z.enum(INQUIRY_PAYMENT_METHODS),
  creditDays: z.number().nullable(),
  deliveryDate: z.string(),
  remark: z.string(),
  createdAt: z.string(),
});
export type TQuote = z.infer<typeof ZQuote>;
export const ZQuoteList = z.array(ZQuote);

export const ZInquiryQuotesRequest = z.object({ inquiryId: positiveId() });
export const ZQuoteIdRequest = z.object({ quoteId: positiveId() });
