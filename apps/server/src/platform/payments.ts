import type { PayDevice } from '@metal/shared';

/**
 * Payment channels behind one interface (DESIGN "Providers"): WeChat Pay (payments-wxpay.ts) and Alipay
 * (payments-alipay.ts) through their SDKs, or the sandbox (payments-sandbox.ts), which plays both
 * providers and calls the same notify endpoints with their real formats and signatures. Offline bank
 * transfer needs no provider: an operator confirms it (modules/payments).
 */
export type OnlineChannel = 'wxpay' | 'alipay';

/**
 * The most one payment may be at each provider, in fen: WeChat Pay v3 takes `amount.total` as a 32-bit
 * int of fen, Alipay `total_amount` at most 100,000,000.00 yuan. An order above it is refused before it
 * reaches the provider (a trade order of 2,000 t of aluminium passes WeChat's), and paid by transfer.
 */
export const CHANNEL_MAX_AMOUNT_FEN: Readonly<Record<OnlineChannel, number>> = {
  wxpay: 2_147_483_647,
  alipay: 10_000_000_000,
};

/** What a channel is asked to collect. */
export interface PaymentRequest {
  orderNo: string;
  amountFen: number;
  subject: string;
  expiresAt: Date;
  device: PayDevice;
  /** The buyer's address (WeChat H5 needs it for its risk checks). */
  clientIp: string;
}

/** What the buyer's client does next: open a link (H5, wap, page, sandbox cashier) or show a QR code (Native). */
export type PaymentStart = { action: 'redirect'; url: string } | { action: 'qr'; codeUrl: string };

/** A payment a provider vouched for (a verified notification or a signed query answer). */
export interface VerifiedPayment {
  channel: OnlineChannel;
  orderNo: string;
  transactionId: string;
  amountFen: number;
  /** ISO 4217, as the provider says it ('CNY'); Alipay's notifications carry none and mean CNY. */
  currency: string;
  paidAt: Date;
}

/** What a provider says of an order when asked (a callback is late, or the buyer says "I paid"). */
export type PaymentQuery =
  | { state: 'paid'; payment: VerifiedPayment }
  | { state: 'unpaid' }
  | { state: 'closed' }
  /** Not known to the provider (never opened there) or the provider could not be asked. */
  | { state: 'unknown' };

/** A provider's notification after verification. */
export type NotifyResult =
  | { kind: 'paid'; payment: VerifiedPayment }
  /** Genuine but says nothing to act on (Alipay's WAIT_BUYER_PAY, a closed trade, another event type). */
  | { kind: 'ignored'; orderNo: string | null; what: string }
  /** The final outcome of a refund the provider had accepted to process (WeChat Pay's REFUND.* events). */
  | { kind: 'refund'; refund: VerifiedRefundOutcome }
  /** Not to be trusted: a bad or missing signature, an unknown key, a stale timestamp, another merchant. */
  | { kind: 'refused'; reason: string };

/** A refund's final outcome as the provider vouched for it. */
export interface VerifiedRefundOutcome {
  channel: OnlineChannel;
  orderNo: string;
  refundNo: string;
  refundId: string;
  state: 'succeeded' | 'failed';
  /** The amount refunded, as the provider says it. */
  amountFen: number;
}

export interface RawNotification {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * What a provider answers a refund request: done (Alipay refunds at once), accepted and being processed
 * (WeChat Pay's PROCESSING: the outcome follows in a REFUND.* notification or a refund query), refused,
 * or unknown: no answer came back (a time-out, a dropped connection, the provider's system error), so the
 * provider may have taken it, and only a refund query can tell.
 */
export type RefundResult =
  | { state: 'succeeded'; refundId: string }
  | { state: 'processing'; refundId: string }
  | { state: 'failed'; reason: string }
  | { state: 'unknown'; reason: string };

/** What a provider says of a refund when asked; unknown when it has no such refund or could not be asked. */
export type RefundQuery =
  | { state: 'succeeded'; refundId: string; amountFen: number }
  | { state: 'processing' }
  | { state: 'failed'; reason: string }
  | { state: 'unknown' };

export interface PaymentChannel {
  readonly name: OnlineChannel;
  start(request: PaymentRequest): Promise<PaymentStart>;
  query(orderNo: string): Promise<PaymentQuery>;
  /** Closes the order at the provider so it can no longer be paid there (best effort: a late payment is still honoured). */
  close(orderNo: string): Promise<void>;
  refund(refund: {
    orderNo: string;
    refundNo: string;
    amountFen: number;
    totalFen: number;
    reason: string;
  }): Promise<RefundResult>;
  /** Asks the provider how a refund it was sent ended (a notification is late or never came). */
  queryRefund(refund: { orderNo: string; refundNo: string }): Promise<RefundQuery>;
  /** Verifies a notification with the provider's key (and decrypts it); nothing in it is believed before. */
  verifyNotify(notification: RawNotification): Promise<NotifyResult>;
}

/** The platform's bank account for offline transfers (对公转账), as buyers are told it. */
export interface OfflineAccount {
  accountName: string;
  bankName: string;
  accountNo: string;
}

/** The configured channels: each online one when configured (or played by the sandbox), and the bank account. */
export interface PaymentChannels {
  wxpay?: PaymentChannel;
  alipay?: PaymentChannel;
  offline: OfflineAccount;
}

/** Yuan text with two decimals ('49.99') from fen, as Alipay takes amounts; exact, no binary floats. */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Fen from yuan text ('49.99', '49.9', '49'); null when the text is not an amount. */
export function yuanTextToFen(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** One header's value, as Node gives them (a repeated header is refused rather than guessed at). */
export function headerValue(headers: RawNotification['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}
