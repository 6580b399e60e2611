import { defineModule } from '../../platform/module';
import { addressesRoutes } from './addresses.routes';

/**
 * Receipt addresses and invoice titles (issue 18), owned by the company and shared by its staff.
 *
 * For the orders module (addresses.service.ts), each taking the order's transaction as `db` and the buyer as `actor`:
 * - `receiptAddressForOrder(ctx, addressId): Promise<ReceiptAddressSnapshot>` — a copy of the address to keep on the order;
 * - `invoiceTitleForOrder(ctx, invoiceId): Promise<InvoiceTitleSnapshot>` — a copy of the invoice title;
 * - `defaultReceiptAddress(ctx): Promise<TReceiptAddress | null>` — what checkout offers first.
 * Another company's id is refused (codeFlag 3, common.forbidden) and a missing one is not found (codeFlag 4).
 */
export const addressesModule = defineModule({
  name: 'addresses',
  routes: addressesRoutes,
});
