import { z } from 'zod';
import { MAX_INQUIRY_SPECS, UPLOAD_MAX_FILES } from '../constants';
import {
  bigintId,
  calendarDate,
  calendarDateOrEmpty,
  formFlag,
  formInt,
  intId,
  jsonText,
  mobile,
  moment,
} from '../schemas/common';
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

/**
 * input_inquiry (`inquiry/save`): SPEC §3 inquiry fields; category, a quantity per product, the delivery
 * address and the quote deadline are required, and at most 10 products (SPEC §5). `id` names the
 * buyer company's own inquiry to change while it waits for review or was rejected.
 */
export const ZInquirySaveRequest = z
  .object({
    id: bigintId().optional(),
    sortId: intId('inquiry.categoryRequired'),
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
    deliveryDate: calendarDateOrEmpty('inquiry.deliveryDateInvalid').optional().default(''),
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
        .array(intId(), { error: 'common.invalidInput' })
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
  /**
   * The version under review: when the buyer last submitted it (each change submits it anew, so the
   * moment names one content). Only for the buyer's company and operators: console/inquiry/review
   * sends back the one the operator looked at.
   */
  submittedAt: z.string().optional(),
});
export type TInquiryDetail = z.infer<typeof ZInquiryDetail>;

export const ZInquiryIdRequest = z.object({ id: bigintId() });

/** procurement_hall filters: category, the place the goods go to, and how soon quoting closes. */
export const INQUIRY_DEADLINE_FILTERS = ['today', 'threeDays', 'week'] as const;
export const ZInquiryHallRequest = ZPageRequest.extend({
  sortId: intId().optional(),
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
  inquiryId: bigintId(),
  items: jsonText(
    z
      .array(
        z.object({
          specId: bigintId(),
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
  deliveryDate: calendarDate('quote.deliveryDateRequired'),
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

/** A quote that prices every product of the inquiry: only such totals compare with one another. */
export const isCompleteQuote = (quote: Pick<TQuote, 'items'>, specCount: number) =>
  new Set(quote.items.map((item) => item.specId)).size >= specCount;

/**
 * The buyer's comparison order (inquiry/quotes and the side-by-side view): complete quotes first,
 * cheapest total first; then partial ones, whose lower total only means fewer products priced: the
 * more products priced first, then the cheaper. The earlier quote first when all else is equal.
 */
export const compareQuotesForBuyer =
  (specCount: number) =>
  (a: Pick<TQuote, 'id' | 'items' | 'totalFen'>, b: Pick<TQuote, 'id' | 'items' | 'totalFen'>) => {
    const [aComplete, bComplete] = [isCompleteQuote(a, specCount), isCompleteQuote(b, specCount)];
    if (aComplete !== bComplete) return aComplete ? -1 : 1;
    if (!aComplete && a.items.length !== b.items.length) return b.items.length - a.items.length;
    return a.totalFen - b.totalFen || a.id - b.id;
  };

export const ZInquiryQuotesRequest = z.object({ inquiryId: bigintId() });
export const ZQuoteIdRequest = z.object({ quoteId: bigintId() });

/**
 * SPEC §3 dispatch group (§6 "Dispatch"): a team of the supplier company that takes the inquiries of
 * its service areas and products. `grab`: its staff compete for them (inquiry/grab); `assign`: a group
 * dispatcher gives each to a member, who must handle it (quote) within `assignHours`.
 */
export const DISPATCH_MODES = ['grab', 'assign'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];
/** Group staff take orders (SPEC 'order taker'); group dispatchers also assign them. */
export const DISPATCH_MEMBER_ROLES = ['staff', 'dispatcher'] as const;
export type DispatchMemberRole = (typeof DISPATCH_MEMBER_ROLES)[number];
/** Limits of one group: name length, the assign duration in hours, and list sizes. */
export const DISPATCH_LIMITS = { name: 20, hoursMin: 1, hoursMax: 72, members: 50, areas: 50, products: 30 } as const;

/** A service area: a province, or a city of it, or a district of that city (empty = the whole of the one above). */
export const ZDispatchArea = z.object({
  province: z.string({ error: 'dispatch.areaInvalid' }).trim().min(1, { error: 'dispatch.areaInvalid' }).max(20),
  city: z.string().trim().max(20, { error: 'dispatch.areaInvalid' }).optional().default(''),
  district: z.string().trim().max(20, { error: 'dispatch.areaInvalid' }).optional().default(''),
});
export type TDispatchArea = z.infer<typeof ZDispatchArea>;

export const ZDispatchGroupSaveRequest = z
  .object({
    /** Absent: a new group. */
    id: intId().optional(),
    name: z
      .string({ error: 'dispatch.nameRequired' })
      .trim()
      .min(1, { error: 'dispatch.nameRequired' })
      .max(DISPATCH_LIMITS.name, { error: 'common.tooLong' }),
    mode: z.enum(DISPATCH_MODES, { error: 'dispatch.modeInvalid' }),
    /** Assign mode only: how long an inquiry may wait for its assignment, and then for the assignee's quote. */
    assignHours: formInt('dispatch.hoursInvalid')
      .pipe(
        z
          .number()
          .min(DISPATCH_LIMITS.hoursMin, { error: 'dispatch.hoursInvalid' })
          .max(DISPATCH_LIMITS.hoursMax, { error: 'dispatch.hoursInvalid' }),
      )
      .optional(),
    members: jsonText(
      z
        .array(
          z.object({
            userId: intId('dispatch.memberInvalid'),
            role: z.enum(DISPATCH_MEMBER_ROLES, { error: 'dispatch.memberInvalid' }),
          }),
          { error: 'dispatch.orderTakerRequired' },
        )
        .max(DISPATCH_LIMITS.members, { error: 'dispatch.tooMany' }),
    ),
    areas: jsonText(
      z
        .array(ZDispatchArea, { error: 'dispatch.areasRequired' })
        .min(1, { error: 'dispatch.areasRequired' })
        .max(DISPATCH_LIMITS.areas, { error: 'dispatch.tooMany' }),
    ),
    sortIds: jsonText(
      z
        .array(intId('dispatch.productsRequired'), { error: 'dispatch.productsRequired' })
        .min(1, { error: 'dispatch.productsRequired' })
        .max(DISPATCH_LIMITS.products, { error: 'dispatch.tooMany' }),
    ),
  })
  .superRefine(
    (group, ctx) => {
      const members = Array.isArray(group.members) ? group.members : [];
      if (!members.some((m) => m.role === 'staff'))
        ctx.addIssue({ code: 'custom', path: ['members'], message: 'dispatch.orderTakerRequired' });
      else if (group.mode === 'assign' && !members.some((m) => m.role === 'dispatcher'))
        ctx.addIssue({ code: 'custom', path: ['members'], message: 'dispatch.dispatcherRequired' });
      if (new Set(members.map((m) => m.userId)).size !== members.length)
        ctx.addIssue({ code: 'custom', path: ['members'], message: 'dispatch.membersDuplicate' });
      if (group.mode === 'assign' && group.assignHours === undefined)
        ctx.addIssue({ code: 'custom', path: ['assignHours'], message: 'dispatch.hoursInvalid' });
      const sortIds = Array.isArray(group.sortIds) ? group.sortIds : [];
      if (new Set(sortIds).size !== sortIds.length)
        ctx.addIssue({ code: 'custom', path: ['sortIds'], message: 'dispatch.productsDuplicate' });
      const areas = Array.isArray(group.areas) ? group.areas : [];
      if (new Set(areas.map((a) => `${a.province}/${a.city}/${a.district}`)).size !== areas.length)
        ctx.addIssue({ code: 'custom', path: ['areas'], message: 'dispatch.areasDuplicate' });
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
export type TDispatchGroupSaveRequest = z.input<typeof ZDispatchGroupSaveRequest>;
export type TDispatchGroupSaveInput = z.output<typeof ZDispatchGroupSaveRequest>;

export const ZDispatchGroup = z.object({
  id: z.number(),
  name: z.string(),
  mode: z.enum(DISPATCH_MODES),
  assignHours: z.number().nullable(),
  members: z.array(
    z.object({ userId: z.number(), nickName: z.string(), role: z.enum(DISPATCH_MEMBER_ROLES), owner: z.boolean() }),
  ),
  areas: z.array(z.object({ province: z.string(), city: z.string(), district: z.string() })),
  products: z.array(z.object({ sortId: z.number(), name: z.string() })),
});
export type TDispatchGroup = z.infer<typeof ZDispatchGroup>;
export const ZDispatchGroupList = z.object({ list: z.array(ZDispatchGroup) });
export type TDispatchGroupList = z.infer<typeof ZDispatchGroupList>;
export const ZDispatchGroupIdRequest = z.object({ id: intId() });

/** `inquiry/distribute` and `inquiry/transfer`: the inquiry and the colleague who is to handle it. */
export const ZInquiryHandOverRequest = z.object({ id: bigintId(), userId: intId('dispatch.assigneeInvalid') });

/**
 * What the caller may do with a queued inquiry: `grab` it (a grab group's member), `assign` it (a
 * dispatcher, while nobody has it), or `handle` it (it was assigned or handed to the caller: quote).
 */
export const DISPATCH_QUEUE_ACTIONS = ['grab', 'assign', 'handle'] as const;
export const ZDispatchQueueItem = ZInquirySummary.extend({
  groupId: z.number(),
  groupName: z.string(),
  mode: z.enum(DISPATCH_MODES),
  /** Who holds it for the company now, if anyone. */
  assigneeId: z.number().nullable(),
  assigneeName: z.string(),
  /** Assign mode: when it escalates unless assigned (or, once assigned, quoted) by then; ISO. */
  dueAt: z.string().nullable(),
  /** Assign mode: nobody handled it in time, the dispatchers and the owner were told and it is back in the company's pool. */
  escalated: z.boolean(),
  action: z.enum(DISPATCH_QUEUE_ACTIONS),
});
export type TDispatchQueueItem = z.infer<typeof ZDispatchQueueItem>;
export const ZDispatchQueuePage = z.object({
  list: z.array(ZDispatchQueueItem),
  page: z.number(),
  hasMore: z.boolean(),
});
export type TDispatchQueuePage = z.infer<typeof ZDispatchQueuePage>;
