import type { TOrderAddress, TOrderInvoice } from '@metal/shared';
import { useTranslation } from 'react-i18next';

/** Receiver, phone and where: the same block at checkout (a saved address) and on the order (its snapshot). */
export function AddressBlock({ address }: { address: TOrderAddress }) {
  return (
    <span className="mm-order-address" data-testid="order-address">
      <strong>
        {address.receiver} <span className="mm-order-muted">{address.phone}</span>
      </strong>
      <span>{[address.province, address.city, address.district, address.detail].filter(Boolean).join(' ')}</span>
    </span>
  );
}

/** The invoice title's name and taxpayer ID, with the rest on the order's own page. */
export function InvoiceBlock({
  invoice,
}: {
  invoice: Pick<TOrderInvoice, 'name' | 'taxpayerId'> & Partial<TOrderInvoice>;
}) {
  const { t } = useTranslation('orders');
  return (
    <span className="mm-order-address" data-testid="order-invoice">
      <strong>{invoice.name}</strong>
      <span className="mm-order-muted">{t('invoice.taxpayerId', { id: invoice.taxpayerId })}</span>
      {invoice.addressPhone && <span className="mm-order-muted">{invoice.addressPhone}</span>}
      {invoice.bankAccount && <span className="mm-order-muted">{invoice.bankAccount}</span>}
    </span>
  );
}
