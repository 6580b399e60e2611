import { z } from 'zod';
import { bigintId, calendarDateOrEmpty, formInt, intId, jsonText } from '../schemas/common';
import { STOCK_MAX_TONS, tonsToKg, yuanToFen } from '../stocks/schemas';

/**
 * A trade order's states (README "Trade orders" has the machine and who moves it):
 * awaiting_quote → quoted → agreed → payment_submitted → paid → shipped → completed, with
 * cancelled and expired as the two ends an order may leave by before it ships.
 */
export const ORDER_STATES = [
  'awaiting_quote',
  'quoted',
  'agreed',
  'payment_submitted',
  'paid',
  'shipped',
  'completed',
  'cancelled',
  'expired',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** States in which an order still holds (reserves) its stock quantity. */
export const ORDER_RESERVING_STATES = ['awaiting_quote', 'quoted', 'agreed', 'payment_submitted', 'paid'] as const;
/** States an order never leaves. */
export const ORDER_FINAL_STATES = ['completed', 'cancelled', 'expired'] as const;

/** Where an order came from: the buyer's spot-stock checkout, an agreed inquiry quote, or a supplier's proxy selection. */
export const ORDER_SOURCES = ['stock', 'inquiry', 'proxy'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** Which side of an order a company (or the platform) acts on. */
export const ORDER_SIDES = ['buyer', 'seller'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
/** Who caused a recorded transition: a side, the platform's jobs, the payments module or an operator. */
export const ORDER_ACTORS = ['buyer', 'seller', 'system', 'payment', 'operator'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** How the buyer pays: a bank transfer to the seller with a slip the seller confirms (the B2B norm), or the platform's cashier. */
export const ORDER_PAYMENT_METHODS = ['offline_transfer', 'cashier'] as const;
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

/** How the goods travel: the seller delivers to the receipt address, or the buyer collects at the warehouse (自提). */
export const ORDER_DELIVERY_METHODS = ['delivery', 'pickup'] as const;
export type OrderDeliveryMethod = (typeof ORDER_DELIVERY_METHODS)[number];

/** Why an order was cancelled; `other` needs a note. Expiry is not a cancellation (state `expired`). */
export const ORDER_CANCEL_REASONS = [
  'buyer_changed_mind',
  'price_not_agreed',
  'terms_not_agreed',
  'duplicate_order',
  'seller_out_of_stock',
  'seller_cannot_deliver',
  'payment_not_received',
  'other',
] as const;
export type OrderCancelReason = (typeof ORDER_CANCEL_REASONS)[number];

/**
 * The reasons each side may give: the server refuses any other, and the app offers only these. Every
 * reason belongs to at least one side (orders.policy checks it at start).
 */
export const CANCEL_REASONS_OF: Record<OrderSide, readonly OrderCancelReason[]> = {
  buyer: ['buyer_changed_mind', 'price_not_agreed', 'terms_not_agreed', 'duplicate_order', 'other'],
  seller: [
    'price_not_agreed',
    'terms_not_agreed',
    'seller_out_of_stock',
    'seller_cannot_deliver',
    'payment_not_received',
    'other',
  ],
};

/** What the platform records as the reason of its own transitions. */
export const ORDER_SYSTEM_REASONS = [
  'quote_wait_expired',
  'quote_expired',
  'payment_overdue',
  'paid_online',
  /** Customer service refunded (part of) a cashier payment; the history's note says which payment and how much. */
  'refund',
  /** A cashier payment refunded in full before the goods left: the sale is off and the stock goes back. */
  'refunded_in_full',
] as const;

/** Actions a viewer may take on an order now (`TOrder.actions`), so pages show only the buttons that work. */
export const ORDER_ACTIONS = [
  'quote',
  'agree',
  'pay_online',
  'pay_slip',
  'confirm_paid',
  'reject_slip',
  'ship',
  'receive',
  'cancel',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** The two tabs of "my orders": what my company bought and what it sold. */
export const ORDER_LIST_ROLES = ['bought', 'sold'] as const;
export type OrderListRole = (typeof ORDER_LIST_ROLES)[number];

/** Lines in one order (one seller's lots). */
export const ORDER_ITEMS_MAX = 20;
/** A buyer's remark, a cancel note, a quote's or shipment's note. */
export const ORDER_REMARK_MAX = 200;
export const ORDER_NOTE_MAX = 500;
/** Slip pictures per submission and shipment photos. */
export const ORDER_SLIP_FILES_MAX = 9;
export const ORDER_SHIP_PHOTOS_MAX = 9;
/** Hours a seller has to quote a new stock order before it expires and the stock is released. */
export const ORDER_QUOTE_WAIT_HOURS = 48;
/** A quote is valid for this many hours unless the seller says otherwise (at most ORDER_QUOTE_VALID_HOURS_MAX). */
export const ORDER_QUOTE_VALID_HOURS_DEFAULT = 24;
export const ORDER_QUOTE_VALID_HOURS_MAX = 24 * 7;
/** Largest freight in yuan. */
export const ORDER_FREIGHT_MAX_YUAN = 10_000_000;
/**
 * Largest order total in yuan (10 billion). Far above any spot trade, and far below where fen stop being
 * exact JavaScript numbers (2^53 fen, some 90 trillion yuan): twenty lines of the largest lot at the
 * largest price would pass that and be added up wrong.
 */
export const ORDER_TOTAL_MAX_YUAN = 10_000_000_000;
/** Rows per page of order lists. */
export const ORDER_PAGE_SIZE = 20;
export const ORDER_PAGE_SIZE_MAX = 100;

/**
 * Order numbers: 'TO' + Shanghai date and time to the second + 6 digits (e.g. TO20261126153000123456),
 * readable on a phone call and unique under the unique index.
 */
export const TRADE_ORDER_NO_PATTERN = /^TO\d{20}$/;

/** A Chinese vehicle plate: province character, letter, then 5 (ordinary) or 6 (new-energy) letters/digits; 挂 for trailers. */
export const VEHICLE_PLATE_PATTERN =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-Z][A-Z0-9]{4,5}[A-Z0-9挂学警港澳]$/;

const orderId = () => bigintId('order.notFound');
const note = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, { error: message }).optional().default('');
const pageNumber = (max: number) =>
  formInt('common.invalidInput').pipe(
    z.number().int().min(1, { error: 'common.invalidInput' }).max(max, { error: 'common.invalidInput' }),
  );
const paging = {
  page: pageNumber(1_000_000).default(1),
  pageSize: pageNumber(ORDER_PAGE_SIZE_MAX).default(ORDER_PAGE_SIZE),
};
const fileIds = (max: number, message: string) =>
  jsonText(
    z
      .array(bigintId(message), { error: message })
      .max(max, { error: message })
      .refine((ids) => new Set(ids).size === ids.length, { error: message }),
  );

/** One line a buyer orders: a for-sale lot and how many tons of it (a non-splittable lot only whole). */
export const ZOrderLineInput = z.object({
  stockId: bigintId('order.stockInvalid'),
  quantity: tonsToKg('order.quantityInvalid'),
});
export type TOrderLineInput = z.input<typeof ZOrderLineInput>;

const lines = () =>
  jsonText(
    z
      .array(ZOrderLineInput, { error: 'order.itemsRequired' })
      .min(1, { error: 'order.itemsRequired' })
      .max(ORDER_ITEMS_MAX, { error: 'order.tooManyItems' })
      .refine((items) => new Set(items.map((i) => i.stockId)).size === items.length, {
        error: 'order.duplicateItem',
      }),
  );

/** Where the goods go and which invoice title they are billed to: ids of the buyer's saved ones (none: pickup / no invoice). */
const destination = {
  addressId: bigintId('order.addressInvalid').optional(),
  invoiceTitleId: bigintId('order.invoiceInvalid').optional(),
  remark: note(ORDER_REMARK_MAX, 'order.remarkTooLong'),
};

/** What an app's id for one checkout attempt (`requestId`) may be: 8–64 letters, digits, `_` or `-`. */
export const ORDER_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * `order/confirm_stock`: check out spot lots; one order per seller, each waiting for its seller's quote.
 * `requestId`, made by the app once per checkout attempt and sent with every submit of it, makes a repeat
 * answer the orders the attempt made instead of ordering again (README "Trade orders").
 */
export const ZOrderConfirmStockRequest = z.object({
  items: lines(),
  ...destination,
  requestId: z
    .string({ error: 'order.requestIdInvalid' })
    .regex(ORDER_REQUEST_ID_PATTERN, { error: 'order.requestIdInvalid' })
    .optional(),
});
export type TOrderConfirmStockRequest = z.input<typeof ZOrderConfirmStockRequest>;

/** The orders a checkout made, one per seller, in the order their sellers first appear in the items. */
export const ZOrderCreated = z.object({ orders: z.array(z.object({ orderId: z.number(), orderNo: z.string() })) });
export type TOrderCreated = z.infer<typeof ZOrderCreated>;

/** `order/confirm_inquiry`: the order of an inquiry whose quote the buyer agreed (SPEC action 15), prefilled from both. */
export const ZOrderConfirmInquiryRequest = z.object({ inquiryId: bigintId('order.inquiryInvalid'), ...destination });
export type TOrderConfirmInquiryRequest = z.input<typeof ZOrderConfirmInquiryRequest>;

/** `order/list`: my company's orders on one side, newest first, optionally of one state or matching a number or name. */
export const ZOrderListRequest = z.object({
  role: z.enum(ORDER_LIST_ROLES, { error: 'common.invalidInput' }),
  state: z.enum(ORDER_STATES, { error: 'common.invalidInput' }).optional(),
  keyword: z.string().trim().max(50, { error: 'common.tooLong' }).optional(),
  ...paging,
});
export type TOrderListRequest = z.input<typeof ZOrderListRequest>;

export const ZOrderRequest = z.object({ orderId: orderId() });
export type TOrderRequest = z.input<typeof ZOrderRequest>;

/** `order/quote`: the seller's final prices (yuan per ton, per line), freight and terms; replaces any earlier quote. */
export const ZOrderQuoteRequest = z.object({
  orderId: orderId(),
  items: jsonText(
    z
      .array(
        z.object({
          itemId: bigintId('order.quoteItemsInvalid'),
          unitPrice: yuanToFen({ allowNegative: false }).pipe(z.number().positive({ error: 'order.priceInvalid' })),
        }),
        { error: 'order.quoteItemsInvalid' },
      )
      .min(1, { error: 'order.quoteItemsInvalid' })
      .max(ORDER_ITEMS_MAX, { error: 'order.quoteItemsInvalid' }),
  ),
  freight: yuanToFen({ allowNegative: false })
    .pipe(z.number().max(ORDER_FREIGHT_MAX_YUAN * 100, { error: 'order.freightInvalid' }))
    .optional()
    .default(0),
  deliveryMethod: z.enum(ORDER_DELIVERY_METHODS, { error: 'order.deliveryMethodInvalid' }),
  /** When the goods leave (delivery) or may be collected (pickup), YYYY-MM-DD; '' to agree it later. */
  deliveryDate: calendarDateOrEmpty('order.deliveryDateInvalid').optional().default(''),
  taxIncluded: formInt('common.invalidInput')
    .pipe(z.union([z.literal(0), z.literal(1)], { error: 'common.invalidInput' }))
    .optional()
    .default(1),
  validHours: formInt('order.validHoursInvalid')
    .pipe(
      z
        .number()
        .int()
        .min(1, { error: 'order.validHoursInvalid' })
        .max(ORDER_QUOTE_VALID_HOURS_MAX, { error: 'order.validHoursInvalid' }),
    )
    .optional()
    .default(ORDER_QUOTE_VALID_HOURS_DEFAULT),
  note: note(ORDER_NOTE_MAX, 'order.noteTooLong'),
});
export type TOrderQuoteRequest = z.input<typeof ZOrderQuoteRequest>;

/**
 * `order/agree` (SPEC action 13): the buyer agrees the current quote and chooses how to pay. `quoteVersion`
 * names the quote the buyer looked at (ZOrderQuote.version): a quote the seller replaced since is not
 * agreed unseen, and a request without it (an app from before it) is refused as bad input.
 */
export const ZOrderAgreeRequest = z.object({
  orderId: orderId(),
  quoteVersion: intId('order.quoteVersionInvalid'),
  paymentMethod: z.enum(ORDER_PAYMENT_METHODS, { error: 'order.paymentMethodInvalid' }),
});
export type TOrderAgreeRequest = z.input<typeof ZOrderAgreeRequest>;

/** `order/cancel`: a reason from the list; `other` needs a note. */
export const ZOrderCancelRequest = z
  .object({
    orderId: orderId(),
    reason: z.enum(ORDER_CANCEL_REASONS, { error: 'order.cancelReasonInvalid' }),
    note: note(ORDER_REMARK_MAX, 'order.noteTooLong'),
  })
  .refine((r) => r.reason !== 'other' || r.note !== '', { error: 'order.cancelNoteRequired', path: ['note'] });
export type TOrderCancelRequest = z.input<typeof ZOrderCancelRequest>;

/** `order/pay_slip`: the buyer's bank-transfer slip (uploads of kind transferSlip) for an order paid by transfer. */
export const ZOrderPaySlipRequest = z.object({
  orderId: orderId(),
  fileIds: fileIds(ORDER_SLIP_FILES_MAX, 'order.slipFilesInvalid').pipe(
    z.array(z.number()).min(1, { error: 'order.slipFilesInvalid' }),
  ),
  note: note(ORDER_REMARK_MAX, 'order.noteTooLong'),
});
export type TOrderPaySlipRequest = z.input<typeof ZOrderPaySlipRequest>;

/**
 * `order/reject_slip`: the seller found no transfer behind the slip and says why; the buyer pays again.
 * `slipId` is the slip the seller looked at (`TOrder.slips`' last): the buyer may hand in a new one
 * meanwhile, and a return must never refuse a slip its seller has not seen. Required: a request
 * without it (an app from before it) is refused as bad input and changes nothing.
 */
export const ZOrderRejectSlipRequest = z.object({
  orderId: orderId(),
  slipId: bigintId('order.slipInvalid'),
  note: z
    .string({ error: 'order.rejectNoteRequired' })
    .trim()
    .min(1, { error: 'order.rejectNoteRequired' })
    .max(ORDER_REMARK_MAX, { error: 'order.noteTooLong' }),
});
export type TOrderRejectSlipRequest = z.input<typeof ZOrderRejectSlipRequest>;

/** `order/ship`: the seller sends the goods: a logistics note, the vehicle's plate and driver, photos (uploads of kind image). */
export const ZOrderShipRequest = z.object({
  orderId: orderId(),
  logisticsNote: z
    .string({ error: 'order.logisticsNoteRequired' })
    .trim()
    .min(1, { error: 'order.logisticsNoteRequired' })
    .max(ORDER_NOTE_MAX, { error: 'order.noteTooLong' }),
  vehiclePlate: z
    .string({ error: 'order.plateInvalid' })
    .trim()
    .toUpperCase()
    .refine((plate) => plate === '' || VEHICLE_PLATE_PATTERN.test(plate), { error: 'order.plateInvalid' })
    .optional()
    .default(''),
  driverPhone: z
    .string({ error: 'order.driverPhoneInvalid' })
    .trim()
    .regex(/^(1\d{10})?$/, { error: 'order.driverPhoneInvalid' })
    .optional()
    .default(''),
  photoIds: fileIds(ORDER_SHIP_PHOTOS_MAX, 'order.photosInvalid').optional().default([]),
});
export type TOrderShipRequest = z.input<typeof ZOrderShipRequest>;

/**
 * `order/proxy_pick` (SPEC proxy stock selection): in a chat, the seller picks its own spot lots for a
 * buyer (`spot`, chat action 11) or fills a whole purchase order with prices and terms (`purchase_order`,
 * action 12); the buyer turns it into an order with `order/proxy_confirm`.
 */
export const ZOrderProxyPickRequest = z
  .object({
    buyerUserId: intId('order.buyerInvalid'),
    mode: z.enum(['spot', 'purchase_order'], { error: 'common.invalidInput' }),
    items: jsonText(
      z
        .array(
          ZOrderLineInput.extend({
            /** Yuan per ton: required in a purchase order (it is the seller's quote), ignored for spot picks. */
            unitPrice: yuanToFen({ allowNegative: false }).optional(),
          }),
          { error: 'order.itemsRequired' },
        )
        .min(1, { error: 'order.itemsRequired' })
        .max(ORDER_ITEMS_MAX, { error: 'order.tooManyItems' })
        .refine((items) => new Set(items.map((i) => i.stockId)).size === items.length, {
          error: 'order.duplicateItem',
        }),
    ),
    freight: yuanToFen({ allowNegative: false }).optional().default(0),
    deliveryMethod: z
      .enum(ORDER_DELIVERY_METHODS, { error: 'order.deliveryMethodInvalid' })
      .optional()
      .default('delivery'),
    /** The agent purchase request this answers, if any (SPEC actions 11/12 carry it). */
    agentBuyId: bigintId('common.invalidInput').optional(),
    note: note(ORDER_REMARK_MAX, 'order.noteTooLong'),
  })
  .refine((r) => r.mode === 'spot' || r.items.every((item) => item.unitPrice !== undefined && item.unitPrice > 0), {
    error: 'order.priceInvalid',
    path: ['items'],
  });
export type TOrderProxyPickRequest = z.input<typeof ZOrderProxyPickRequest>;

export const ZOrderProxyPicked = z.object({ proxyId: z.number() });

/** `order/proxy_confirm`: the buyer turns a proxy selection into an order, with its own address and invoice. */
export const ZOrderProxyConfirmRequest = z.object({ proxyId: bigintId('order.proxyInvalid'), ...destination });
export type TOrderProxyConfirmRequest = z.input<typeof ZOrderProxyConfirmRequest>;

/** `order/pay_online`: the payments order for an order the buyer pays at the cashier (then `pay/create`). */
export const ZOrderPayOnline = z.object({ payOrderNo: z.string(), amountFen: z.number() });
export type TOrderPayOnline = z.infer<typeof ZOrderPayOnline>;

/** What was ordered, as it was when ordered (the listing may change or go). */
export const ZOrderProductSnapshot = z.object({
  sortId: z.number(),
  sortName: z.string(),
  productName: z.string(),
  specifications: z.string(),
  brand: z.string(),
  manufacturer: z.string(),
  /** Province, city, district and storage address of the lot. */
  place: z.string(),
  splittable: z.boolean(),
  /** A picture's link or ''. */
  picture: z.string(),
});
export type TOrderProductSnapshot = z.infer<typeof ZOrderProductSnapshot>;

/** `order/proxy_detail`: one proxy selection, as its buyer confirms it or the seller's company looks back at it. */
export const ZOrderProxyRequest = z.object({ proxyId: bigintId('order.proxyInvalid') });
export type TOrderProxyRequest = z.input<typeof ZOrderProxyRequest>;

export const ZOrderProxyLine = z.object({
  stockId: z.number(),
  /** The lot as it is now (null when the listing no longer exists). */
  product: ZOrderProductSnapshot.nullable(),
  quantityKg: z.number(),
  /** Fen per ton the listing shows now (null: price on request). */
  listPriceFen: z.number().nullable(),
  /** The seller's fen per ton in a purchase order (null in a spot pick, which the seller quotes after the order). */
  unitPriceFen: z.number().nullable(),
  /** The line's amount at the seller's price, else at the list price (null when neither is known). */
  amountFen: z.number().nullable(),
  /** Why the buyer could not order this line now (off sale, sold out, short…), worded; '' when it can be. */
  problem: z.string(),
});
export type TOrderProxyLine = z.infer<typeof ZOrderProxyLine>;

export const ZOrderProxy = z.object({
  proxyId: z.number(),
  mode: z.enum(['spot', 'purchase_order']),
  /** Whether the reader is the buyer it was made for or in the seller's company. */
  side: z.enum(ORDER_SIDES),
  sellerRootId: z.number(),
  sellerName: z.string(),
  sellerUserId: z.number(),
  buyerUserId: z.number(),
  lines: z.array(ZOrderProxyLine),
  /** Freight in a purchase order (0 in a spot pick). */
  freightFen: z.number(),
  deliveryMethod: z.enum(ORDER_DELIVERY_METHODS),
  note: z.string(),
  agentBuyId: z.number().nullable(),
  /** The order it became (null while the buyer has not confirmed it). */
  orderId: z.number().nullable(),
  /** The lines' amounts and the freight (null when a line's amount is unknown). */
  totalFen: z.number().nullable(),
  createdAt: z.string(),
});
export type TOrderProxy = z.infer<typeof ZOrderProxy>;

export const ZOrderItem = z.object({
  id: z.number(),
  /** The listing ordered from (null for an inquiry order's line). */
  stockId: z.number().nullable(),
  product: ZOrderProductSnapshot,
  /** Kilograms (the stock's unit is tons; formatTons shows it). */
  quantityKg: z.number(),
  /** Yuan-fen per ton the listing showed when ordered (null: price on request). */
  listPriceFen: z.number().nullable(),
  /** Fen per ton of the current quote (null before one). */
  unitPriceFen: z.number().nullable(),
  /** unitPriceFen × tons, rounded to the fen (or the list price's, before a quote; null when neither is known). */
  amountFen: z.number().nullable(),
});
export type TOrderItem = z.infer<typeof ZOrderItem>;

export const ZOrderAddress = z.object({
  receiver: z.string(),
  phone: z.string(),
  province: z.string(),
  city: z.string(),
  district: z.string(),
  detail: z.string(),
});
export type TOrderAddress = z.infer<typeof ZOrderAddress>;

export const ZOrderInvoice = z.object({
  name: z.string(),
  taxpayerId: z.string(),
  addressPhone: z.string(),
  bankAccount: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type TOrderInvoice = z.infer<typeof ZOrderInvoice>;

/** The seller's current quote: final prices per line, freight, total and terms, valid until a time. */
export const ZOrderQuote = z.object({
  version: z.number(),
  items: z.array(z.object({ itemId: z.number(), unitPriceFen: z.number(), amountFen: z.number() })),
  goodsFen: z.number(),
  freightFen: z.number(),
  totalFen: z.number(),
  deliveryMethod: z.enum(ORDER_DELIVERY_METHODS),
  deliveryDate: z.string(),
  taxIncluded: z.boolean(),
  note: z.string(),
  quotedAt: z.string(),
  validUntil: z.string(),
});
export type TOrderQuote = z.infer<typeof ZOrderQuote>;

/** The seller's account a transfer goes to (from its trade settings; null when it has none). */
export const ZOrderBankAccount = z.object({ accountName: z.string(), bankName: z.string(), accountNo: z.string() });

export const ZOrderPayment = z.object({
  method: z.enum(ORDER_PAYMENT_METHODS).nullable(),
  /** Whether the seller takes payment at the platform's cashier (its trade settings). */
  onlineAccepted: z.boolean(),
  /** Days after agreement within which the order must be paid. */
  paymentDays: z.number(),
  bankAccount: ZOrderBankAccount.nullable(),
  /** The payments order while paying at the cashier. */
  payOrderNo: z.string().nullable(),
  paidAt: z.string().nullable(),
});

export const ZOrderSlip = z.object({
  id: z.number(),
  /** Signed links to the slip pictures (they are private). */
  urls: z.array(z.string()),
  note: z.string(),
  createdAt: z.string(),
});
export type TOrderSlip = z.infer<typeof ZOrderSlip>;

export const ZOrderShipment = z.object({
  logisticsNote: z.string(),
  vehiclePlate: z.string(),
  driverPhone: z.string(),
  photos: z.array(z.string()),
  shippedAt: z.string(),
});

export const ZOrderTransition = z.object({
  from: z.enum(ORDER_STATES).nullable(),
  to: z.enum(ORDER_STATES),
  actor: z.enum(ORDER_ACTORS),
  /** The user who acted (null for the platform). */
  userId: z.number().nullable(),
  /** A cancel reason, a system reason ('payment_overdue', …) or ''. */
  reason: z.string(),
  note: z.string(),
  at: z.string(),
});
export type TOrderTransition = z.infer<typeof ZOrderTransition>;

export const ZOrderParty = z.object({
  rootId: z.number(),
  companyName: z.string(),
  /** The person who acts for the company on this order (who ordered; the lot's poster on the seller's side). */
  userId: z.number(),
  contactName: z.string(),
});

/** An order in a list: enough for a row and its buttons. */
export const ZOrderSummary = z.object({
  id: z.number(),
  orderNo: z.string(),
  source: z.enum(ORDER_SOURCES),
  state: z.enum(ORDER_STATES),
  buyer: ZOrderParty,
  seller: ZOrderParty,
  /** The first line's product and how many lines there are. */
  firstItem: ZOrderItem,
  itemCount: z.number(),
  totalKg: z.number(),
  /** The quote's total, or the list-price estimate before one (null when neither is known). */
  totalFen: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the order expires if nothing happens (quote wait, quote validity, payment days); null otherwise. */
  deadline: z.string().nullable(),
});
export type TOrderSummary = z.infer<typeof ZOrderSummary>;

/** An order in full (`order/detail` and every transition's answer). */
export const ZOrder = ZOrderSummary.extend({
  /** The caller's side ('buyer' or 'seller'); operators see 'buyer'. */
  side: z.enum(ORDER_SIDES),
  /** What the caller may do now. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  items: z.array(ZOrderItem),
  inquiryId: z.number().nullable(),
  address: ZOrderAddress.nullable(),
  invoice: ZOrderInvoice.nullable(),
  remark: z.string(),
  quote: ZOrderQuote.nullable(),
  payment: ZOrderPayment,
  slips: z.array(ZOrderSlip),
  shipment: ZOrderShipment.nullable(),
  cancelReason: z.enum(ORDER_CANCEL_REASONS).nullable(),
  history: z.array(ZOrderTransition),
});
export type TOrder = z.infer<typeof ZOrder>;

export const ZOrderPage = z.object({
  list: z.array(ZOrderSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TOrderPage = z.infer<typeof ZOrderPage>;

/** `console/order/list`: by number (exact or its start), company (name contains, or root id), state. */
export const ZConsoleOrderListRequest = z.object({
  orderNo: z.string().trim().max(32, { error: 'common.invalidInput' }).optional(),
  company: z.string().trim().max(100, { error: 'common.invalidInput' }).optional(),
  state: z.enum(ORDER_STATES, { error: 'common.invalidInput' }).optional(),
  ...paging,
});
export type TConsoleOrderListRequest = z.input<typeof ZConsoleOrderListRequest>;

export const ZConsoleOrderDetailRequest = z.object({ orderId: orderId() });

/** Largest quantity one line may order, in kilograms (a listing's own limit). */
export const ORDER_MAX_KG = STOCK_MAX_TONS * 1000;
