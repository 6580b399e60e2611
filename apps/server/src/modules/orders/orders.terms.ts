import { ORDER_PAYMENT_DAYS_DEFAULT, type TOrderAddress, type TOrderInvoice } from '@metal/shared';
import type { Executor } from '../../db/client';
import { invalid } from '../../platform/errors';
import type { OrderBankAccount } from './orders.table';

/** The seller's trade settings as an order records them when it is made. */
export interface SellerTerms {
  paymentDays: number;
  onlineAccepted: boolean;
  bankAccount: OrderBankAccount | null;
}

/**
 * The seller's payment days, whether it takes the platform's cashier, and its bank account. Until the
 * seller has trade settings, the platform's defaults: ORDER_PAYMENT_DAYS_DEFAULT days, transfer only.
 */
export async function sellerTermsFor(_db: Executor, _sellerRootId: number): Promise<SellerTerms> {
  return { paymentDays: ORDER_PAYMENT_DAYS_DEFAULT, onlineAccepted: false, bankAccount: null };
}

/** The buyer's saved receipt address as the order keeps it; refused when it is not the buyer's company's. */
export async function addressSnapshot(
  _db: Executor,
  _buyerRootId: number,
  addressId: number | undefined,
): Promise<TOrderAddress | null> {
  if (addressId === undefined) return null;
  throw invalid('order.addressInvalid', 'addressId');
}

/** The buyer's saved invoice title as the order keeps it; refused when it is not the buyer's company's. */
export async function invoiceSnapshot(
  _db: Executor,
  _buyerRootId: number,
  invoiceTitleId: number | undefined,
): Promise<TOrderInvoice | null> {
  if (invoiceTitleId === undefined) return null;
  throw invalid('order.invoiceInvalid', 'invoiceTitleId');
}
