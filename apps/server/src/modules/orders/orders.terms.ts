import type { TOrderAddress, TOrderInvoice } from '@metal/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import { invoiceTitleForOrder, receiptAddressForOrder } from '../addresses/addresses.service';
import { tradeSettingsFor } from '../companies/trade-settings.service';
import type { OrderBankAccount } from './orders.table';

/** The seller's trade settings as an order records them when it is made. */
export interface SellerTerms {
  paymentDays: number;
  onlineAccepted: boolean;
  bankAccount: OrderBankAccount | null;
}

/**
 * The seller's payment days, whether it takes the platform's cashier, and its bank account, from its
 * trade settings (trade_set; the defaults when it saved none). Read in the order's transaction.
 */
export async function sellerTermsFor(db: Executor, sellerRootId: number): Promise<SellerTerms> {
  const settings = await tradeSettingsFor(db, sellerRootId);
  return {
    paymentDays: settings.paymentDays,
    onlineAccepted: settings.onlinePayment,
    bankAccount: settings.bankAccount
      ? { accountName: settings.bankAccountName, bankName: settings.bankName, accountNo: settings.bankAccount }
      : null,
  };
}

/**
 * The buyer's saved receipt address as the order keeps it (later edits do not change the order);
 * another company's is refused (codeFlag 3), a missing one not found (codeFlag 4). None: pickup.
 */
export async function addressSnapshot(
  db: Executor,
  actor: Actor,
  addressId: number | undefined,
): Promise<TOrderAddress | null> {
  if (addressId === undefined) return null;
  const { receiver, phone, province, city, district, detail } = await receiptAddressForOrder({ db, actor }, addressId);
  return { receiver, phone, province, city, district, detail };
}

/** The buyer's saved invoice title as the order keeps it, refused and not found as above. None: no invoice. */
export async function invoiceSnapshot(
  db: Executor,
  actor: Actor,
  invoiceTitleId: number | undefined,
): Promise<TOrderInvoice | null> {
  if (invoiceTitleId === undefined) return null;
  const title = await invoiceTitleForOrder({ db, actor }, invoiceTitleId);
  return {
    name: title.name,
    taxpayerId: title.taxNo,
    addressPhone: [title.address, title.phone].filter(Boolean).join(' '),
    bankAccount: [title.bankName, title.bankAccount].filter(Boolean).join(' '),
    email: title.email,
    phone: title.receiverMobile,
  };
}
