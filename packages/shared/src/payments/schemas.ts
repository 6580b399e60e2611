import { z } from 'zod';
import { bigintId, formInt } from '../schemas/common';

/** How a buyer pays: WeChat Pay, Alipay, or a bank transfer to the platform's account (对公转账). */
export const PAY_CHANNELS = ['wxpay', 'alipay', 'offline'] as const;
export type PayChannel = (typeof PAY_CHANNELS)[number];

/** A payment order's states: unpaid → paid | closed; paid → refunded | partly_refunded (→ refunded). */
export const PAYMENT_STATES = ['unpaid', 'paid', 'closed', 'refunded', 'partly_refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What a buyer's device can do with a provider's cashier: a phone opens it (H5, wap), a desktop shows a QR code or a page. */
export const PAY_DEVICES = ['mobile', 'desktop'] as const;
export type PayDevice = (typeof PAY_DEVICES)[number];

/** An unpaid order closes this many minutes after it was made. */
export const PAYMENT_ORDER_TTL_MINUTES = 30;
/** A bank transfer takes days to arrive: an order switched to offline transfer stays open this many days. */
export const OFFLINE_TRANSFER_DAYS = 7;

/** An uploaded transfer slip: waiting for an operator, confirmed (the order is paid) or rejected with a reason. */
export const OFFLINE_SLIP_STATES = ['pending', 'confirmed', 'rejected'] as const;
export type OfflineSlipState = (typeof OFFLINE_SLIP_STATES)[number];

/** Rows per page of order lists: 20 unless asked, at most 100. */
export const PAY_ORDERS_PAGE_SIZE = 20;
export const PAY_ORDERS_PAGE_SIZE_MAX = 100;
/** A refund's or a rejection's reason, as operators write it. */
export const PAY_REASON_MAX = 200;
/** The bank's reference of a transfer an operator paid a refund back with. */
export const PAY_BANK_REFERENCE_MAX = 64;

/** A refund's states: pending (at the channel, or for an operator to pay back by bank), succeeded, failed. */
export const REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Why a refund failed: refused, the provider's own word (WeChat Pay's CLOSED/ABNORMAL, a refusal answered
 * at once), so its money may be refunded anew; or unconfirmed: no word of the provider says it was not
 * paid (unknown to it after a day, Alipay's query not finding it, a channel not configured), so the
 * provider may yet have paid it, and its money stays held until it is sent again under its own number.
 */
export const REFUND_FAILURES = ['refused', 'unconfirmed'] as const;
export type RefundFailure = (typeof REFUND_FAILURES)[number];

/**
 * Where delivering what a paid order bought stands: pending (the purpose's delivery failed; the server's
 * job tries again every minute), done, or refused (it can never be delivered, or the money went back
 * before it was: the payment is refunded, and nothing is taken back). Null while the order is unpaid.
 */
export const FULFILMENT_STATES = ['pending', 'done', 'refused'] as const;
export type FulfilmentState = (typeof FULFILMENT_STATES)[number];

/**
 * An out-trade number as the server makes them (`MM` + Shanghai time + digits); WeChat Pay and Alipay
 * both take 6–32 letters and digits.
 */
export const ORDER_NO_PATTERN = /^[A-Za-z0-9]{6,32}$/;

const orderNo = () => z.string({ error: 'pay.orderNo' }).trim().regex(ORDER_NO_PATTERN, { error: 'pay.orderNo' });
/** A refund number as the server makes them (`RF` + Shanghai time + digits), in the same alphabet as order numbers. */
const refundNo = () => z.string({ error: 'pay.refundNo' }).trim().regex(ORDER_NO_PATTERN, { error: 'pay.refundNo' });
const pageNumber = (max: number) =>
  formInt('common.invalidInput').pipe(
    z.number().int().min(1, { error: 'common.invalidInput' }).max(max, { error: 'common.invalidInput' }),
  );
const paging = {
  page: pageNumber(1_000_000).default(1),
  pageSize: pageNumber(PAY_ORDERS_PAGE_SIZE_MAX).default(PAY_ORDERS_PAGE_SIZE),
};
const reason = () =>
  z
    .string({ error: 'pay.reason' })
    .trim()
    .min(1, { error: 'pay.reason' })
    .max(PAY_REASON_MAX, { error: 'pay.reasonTooLong' });

/** `pay/create`: pay an order through a channel; `device` picks H5/wap (mobile) or QR/page (desktop). */
export const ZPayCreateRequest = z.object({
  orderNo: orderNo(),
  channel: z.enum(PAY_CHANNELS, { error: 'pay.channel' }),
  device: z.enum(PAY_DEVICES, { error: 'common.invalidInput' }).default('mobile'),
});
export type TPayCreateRequest = z.input<typeof ZPayCreateRequest>;

/** The platform's bank account a transfer goes to, and the reference the buyer writes on it. */
export const ZOfflineInstructions = z.object({
  accountName: z.string(),
  bankName: z.string(),
  accountNo: z.string(),
  /** Written in the transfer's remark (附言), so the operator finds the order the money is for. */
  reference: z.string(),
});
export type TOfflineInstructions = z.infer<typeof ZOfflineInstructions>;

/**
 * What the client does to pay: open `url` (WeChat H5, Alipay wap/page, or the sandbox cashier), show
 * `codeUrl` as a QR code (WeChat Native), or show the bank transfer instructions.
 */
export const ZPayCreateAnswer = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('redirect'),
    orderNo: z.string(),
    channel: z.enum(['wxpay', 'alipay']),
    amountFen: z.number(),
    expiresAt: z.string(),
    url: z.string(),
  }),
  z.object({
    action: z.literal('qr'),
    orderNo: z.string(),
    channel: z.literal('wxpay'),
    amountFen: z.number(),
    expiresAt: z.string(),
    codeUrl: z.string(),
  }),
  z.object({
    action: z.literal('offline'),
    orderNo: z.string(),
    channel: z.literal('offline'),
    amountFen: z.number(),
    expiresAt: z.string(),
    offline: ZOfflineInstructions,
  }),
]);
export type TPayCreateAnswer = z.infer<typeof ZPayCreateAnswer>;

export const ZPayOrderRequest = z.object({ orderNo: orderNo() });
export type TPayOrderRequest = z.input<typeof ZPayOrderRequest>;

/** The receipt of a paid order: who took the money, their transaction number, when. */
export const ZPayReceipt = z.object({
  channel: z.enum(PAY_CHANNELS),
  transactionId: z.string(),
  amountFen: z.number(),
  paidAt: z.string(),
});

export const ZPayRefund = z.object({
  refundNo: z.string(),
  amountFen: z.number(),
  reason: z.string(),
  state: z.enum(REFUND_STATES),
  /**
   * The refund of a second payment of the order (paid at two cashiers, or a transfer confirmed after it
   * was paid), made automatically or owed back by bank.
   */
  secondPayment: z.boolean(),
  createdAt: z.string(),
});

export const ZOfflineSlip = z.object({
  id: z.number(),
  state: z.enum(OFFLINE_SLIP_STATES),
  /** Why an operator rejected it ('' otherwise). */
  reason: z.string(),
  /** A signed link to the slip image (it is private). */
  url: z.string(),
  createdAt: z.string(),
});

/** A payment order as its buyer sees it (`pay/status`, `pay/orders`). */
export const ZPayOrder = z.object({
  orderNo: z.string(),
  purpose: z.string(),
  subject: z.string(),
  amountFen: z.number(),
  state: z.enum(PAYMENT_STATES),
  /** The channel last chosen (null before `pay/create`). */
  channel: z.enum(PAY_CHANNELS).nullable(),
  refundedFen: z.number(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  receipt: ZPayReceipt.nullable(),
  refunds: z.array(ZPayRefund),
  /** Transfer slips uploaded for the order, newest first. */
  slips: z.array(ZOfflineSlip),
  /** The transfer reference once offline transfer was chosen. */
  offlineReference: z.string().nullable(),
});
export type TPayOrder = z.infer<typeof ZPayOrder>;

/** `pay/orders`: the caller's company's orders, newest first, a page at a time, optionally of one state. */
export const ZPayOrdersRequest = z.object({
  ...paging,
  state: z.enum(PAYMENT_STATES, { error: 'common.invalidInput' }).optional(),
});
export type TPayOrdersRequest = z.input<typeof ZPayOrdersRequest>;

export const ZPayOrdersPage = z.object({
  list: z.array(ZPayOrder),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TPayOrdersPage = z.infer<typeof ZPayOrdersPage>;

/** `pay/offline_slip`: the transfer slip (an uploaded image of kind `transferSlip`) for an order paid by transfer. */
export const ZPayOfflineSlipRequest = z.object({ orderNo: orderNo(), fileId: bigintId('pay.slipFile') });
export type TPayOfflineSlipRequest = z.input<typeof ZPayOfflineSlipRequest>;

/** A recorded state change of an order, for the console. */
export const ZPayTransition = z.object({
  from: z.string(),
  to: z.string(),
  /** What caused it: 'notify:wxpay', 'query:alipay', 'job:close', 'operator:<id>', 'offline:<slip id>'. */
  cause: z.string(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});

/** A refund as operators see it: the buyer's view, the channel paying it back and what that channel said. */
export const ZConsolePayRefund = ZPayRefund.extend({
  /**
   * Who pays it back: wxpay or alipay (a failed one can be sent again, `console/pay/refund_retry`), or
   * offline: an operator transfers it by bank and records the bank's reference (`console/pay/refund_done`).
   */
  channel: z.enum(PAY_CHANNELS),
  /** The provider's refund id, or the bank reference the operator recorded; null before. */
  providerRefundId: z.string().nullable(),
  /**
   * Why a failed refund failed (REFUND_FAILURES); null unless failed. An unconfirmed one still counts
   * against what is left to refund until it is sent again.
   */
  failure: z.enum(REFUND_FAILURES).nullable(),
});
export type TConsolePayRefund = z.infer<typeof ZConsolePayRefund>;

/** An order as operators see it: the buyer's view plus whose it is, its refunds' channels and its history. */
export const ZConsolePayOrder = ZPayOrder.extend({
  userId: z.number(),
  rootId: z.number(),
  companyName: z.string(),
  purposeRef: z.string(),
  /**
   * Whether what it bought was delivered (FULFILMENT_STATES); null while unpaid. Why one was refused is in
   * its history: the transition whose details carry `fulfilmentRefused` (the purpose's reason) or
   * `fulfilmentAbandoned` (a refund succeeded before the delivery).
   */
  fulfilment: z.enum(FULFILMENT_STATES).nullable(),
  refunds: z.array(ZConsolePayRefund),
  transitions: z.array(ZPayTransition),
});
export type TConsolePayOrder = z.infer<typeof ZConsolePayOrder>;

/**
 * `console/pay/orders`: search by order number (exact or its start), company (name contains, or rootId), state,
 * a refund's state and the delivery's.
 */
export const ZConsolePayOrdersRequest = z.object({
  ...paging,
  orderNo: z.string().trim().max(32, { error: 'common.invalidInput' }).optional(),
  company: z.string().trim().max(100, { error: 'common.invalidInput' }).optional(),
  state: z.enum(PAYMENT_STATES, { error: 'common.invalidInput' }).optional(),
  /** Orders with a refund in this state: pending (to pay back by bank, or at a channel), failed (to send again). */
  refundState: z.enum(REFUND_STATES, { error: 'common.invalidInput' }).optional(),
  /** Orders whose delivery stands so: pending (the job still retries it), refused (never delivered), done. */
  fulfilment: z.enum(FULFILMENT_STATES, { error: 'common.invalidInput' }).optional(),
});
export type TConsolePayOrdersRequest = z.input<typeof ZConsolePayOrdersRequest>;

export const ZConsolePayOrdersPage = z.object({
  list: z.array(ZConsolePayOrder),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type TConsolePayOrdersPage = z.infer<typeof ZConsolePayOrdersPage>;

/** One slip waiting in the offline-transfer queue, oldest first. */
export const ZOfflineQueueItem = z.object({
  slipId: z.number(),
  orderNo: z.string(),
  reference: z.string(),
  amountFen: z.number(),
  subject: z.string(),
  rootId: z.number(),
  companyName: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type TOfflineQueueItem = z.infer<typeof ZOfflineQueueItem>;

export const ZOfflineConfirmRequest = z.object({ slipId: bigintId() });
export type TOfflineConfirmRequest = z.input<typeof ZOfflineConfirmRequest>;
export const ZOfflineRejectRequest = z.object({ slipId: bigintId(), reason: reason() });
export type TOfflineRejectRequest = z.input<typeof ZOfflineRejectRequest>;

/** `console/pay/refund`: refund part or all of a paid order through the channel it was paid by. */
export const ZPayRefundRequest = z.object({
  orderNo: orderNo(),
  amountFen: formInt('pay.refundAmount').pipe(
    z.number().int().min(1, { error: 'pay.refundAmount' }).max(100_000_000_00, { error: 'pay.refundAmount' }),
  ),
  reason: reason(),
});
export type TPayRefundRequest = z.input<typeof ZPayRefundRequest>;

/**
 * `console/pay/refund_retry`: a failed refund sent again to its channel under its own number, so a
 * provider that took it before refunds it once (a second payment's refund too, which `console/pay/refund` cannot reach).
 */
export const ZPayRefundRetryRequest = z.object({ refundNo: refundNo() });
export type TPayRefundRetryRequest = z.input<typeof ZPayRefundRetryRequest>;

/** `console/pay/refund_done`: a refund owed back by bank (a transfer) was paid; the bank's reference of that transfer. */
export const ZPayRefundDoneRequest = z.object({
  refundNo: refundNo(),
  reference: z
    .string({ error: 'pay.bankReference' })
    .trim()
    .min(1, { error: 'pay.bankReference' })
    .max(PAY_BANK_REFERENCE_MAX, { error: 'pay.bankReferenceTooLong' }),
});
export type TPayRefundDoneRequest = z.input<typeof ZPayRefundDoneRequest>;
