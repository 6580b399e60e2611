import { ORDER_REMARK_MAX, type TInvoiceTitle, type TReceiptAddress } from '@metal/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NamedTextArea } from '../../../components/form/NamedTextArea';
import { Dialog } from '../../../lib/dialog';
import { useReceiptAddresses } from '../../addresses/api';
import {
  pickInvoiceTitlePath,
  pickReceiptAddressPath,
  usePickedInvoiceTitle,
  usePickedReceiptAddress,
} from '../../addresses/picked';
import { AddressBlock, InvoiceBlock } from './Destination';

type Choices = {
  pickedAddress: TReceiptAddress | null;
  wantInvoice: boolean;
  invoice: TInvoiceTitle | null;
  remark: string;
};
const NO_CHOICES: Choices = { pickedAddress: null, wantInvoice: false, invoice: null, remark: '' };

/**
 * A checkout's choices by purpose and query: each trip to a picker unmounts the checkout page, and
 * without them the address picked on the first trip would fall back to the default on the second
 * (the invoice's). Forgotten once the order is made.
 */
const keptChoices = new Map<string, Choices>();

/**
 * Where an order's goods go and how it is billed, as both checkouts ask it: the company's default
 * receipt address (or another picked in receipt_address), no invoice or a picked title, a remark.
 * `purpose` names this page to the pickers; a page that shows no address (`needed: false`) loads none.
 */
export function useDestination(purpose: string, { needed = true }: { needed?: boolean } = {}) {
  const { t } = useTranslation(['orders', 'common']);
  const { search } = useLocation();
  const key = `${purpose}${search}`;
  const addresses = useReceiptAddresses({ enabled: needed });
  const [choices, setChoices] = useState<Choices>(() => keptChoices.get(key) ?? NO_CHOICES);
  useEffect(() => {
    keptChoices.set(key, choices);
  }, [key, choices]);
  const choose = (patch: Partial<Choices>) => setChoices((current) => ({ ...current, ...patch }));
  const { pickedAddress, wantInvoice, invoice, remark } = choices;
  usePickedReceiptAddress(purpose, (address) => choose({ pickedAddress: address }));
  usePickedInvoiceTitle(purpose, (title) => choose({ invoice: title, wantInvoice: true }));
  const saved = addresses.data?.addresses ?? [];
  const address = pickedAddress ?? saved.find((a) => a.isDefault) ?? saved[0] ?? null;

  /** The fields of the order call, or null after telling the user what is missing. */
  const fields = async () => {
    if (!address) {
      await Dialog.alert({ content: t('checkout.needAddress'), confirmText: t('common:confirm') });
      return null;
    }
    if (wantInvoice && !invoice) {
      await Dialog.alert({ content: t('checkout.needInvoice'), confirmText: t('common:confirm') });
      return null;
    }
    return {
      addressId: address.id,
      ...(wantInvoice && invoice ? { invoiceTitleId: invoice.id } : {}),
      remark: remark.trim(),
    };
  };
  const setWantInvoice = (want: boolean) => choose({ wantInvoice: want });
  const setRemark = (text: string) => choose({ remark: text });
  const state = { address, wantInvoice, setWantInvoice, invoice, remark, setRemark, purpose };
  /** The order is made: the next checkout of the same lots starts from the defaults again. */
  const forget = () => keptChoices.delete(key);
  return { loading: needed && addresses.isPending, fields, state, forget };
}

type DestinationState = ReturnType<typeof useDestination>['state'];

export function AddressSection({ state }: { state: DestinationState }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const pick = () => navigate(pickReceiptAddressPath(state.purpose));
  return (
    <section className="mm-card mm-order-card" data-testid="checkout-address">
      <h2 className="mm-section-title">{t('address.title')}</h2>
      {state.address ? (
        <button type="button" className="mm-order-pick" onClick={pick} aria-label={t('address.change')}>
          <AddressBlock address={state.address} />
          <span className="mm-order-link">{t('address.change')}</span>
        </button>
      ) : (
        <button type="button" className="mm-order-pick is-empty" onClick={pick} data-testid="checkout-add-address">
          <span>{t('address.none')}</span>
          <span className="mm-order-link">{t('address.add')}</span>
        </button>
      )}
    </section>
  );
}

export function InvoiceAndRemarkSections({ state }: { state: DestinationState }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const pick = () => navigate(pickInvoiceTitlePath(state.purpose));
  return (
    <>
      <section className="mm-card mm-order-card" data-testid="checkout-invoice">
        <h2 className="mm-section-title">{t('invoice.title')}</h2>
        <div className="mm-order-choices">
          <button
            type="button"
            aria-pressed={!state.wantInvoice}
            className={`mm-order-chip ${state.wantInvoice ? '' : 'is-on'}`}
            onClick={() => state.setWantInvoice(false)}
          >
            {t('invoice.none')}
          </button>
          <button
            type="button"
            aria-pressed={state.wantInvoice}
            className={`mm-order-chip ${state.wantInvoice ? 'is-on' : ''}`}
            onClick={() => (state.invoice ? state.setWantInvoice(true) : pick())}
            data-testid="checkout-want-invoice"
          >
            {t('invoice.want')}
          </button>
        </div>
        {state.wantInvoice && state.invoice && (
          <button type="button" className="mm-order-pick" onClick={pick}>
            <InvoiceBlock invoice={{ name: state.invoice.name, taxpayerId: state.invoice.taxNo }} />
            <span className="mm-order-link">{t('invoice.change')}</span>
          </button>
        )}
      </section>
      <section className="mm-card mm-order-card">
        <h2 className="mm-section-title">{t('checkout.remark')}</h2>
        <NamedTextArea
          aria-label={t('checkout.remark')}
          placeholder={t('checkout.remarkPlaceholder')}
          value={state.remark}
          onChange={state.setRemark}
          maxLength={ORDER_REMARK_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          data-testid="checkout-remark"
        />
      </section>
    </>
  );
}
