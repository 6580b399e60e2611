import type { TInvoiceTitle, TReceiptAddress } from '@metal/shared';
import { useEffect, useRef } from 'react';
import { Paths } from '../../lib/navigation';

/**
 * receipt_address and invoice_page as pickers, the way choose_friend hands its choice back
 * (contacts/chosen.ts): the opener names a purpose ('checkout', …) in `?pick=`; the page publishes the
 * tapped address or title under it and goes back; the opener, shown again, takes it once.
 */
type Picked = { address?: TReceiptAddress; invoice?: TInvoiceTitle };
const picked = new Map<string, Picked>();
const listeners = new Set<() => void>();

export const pickReceiptAddressPath = (purpose: string) =>
  `${Paths.receiptAddress}?${new URLSearchParams({ pick: purpose })}`;
export const pickInvoiceTitlePath = (purpose: string) =>
  `${Paths.invoicePage}?${new URLSearchParams({ pick: purpose })}`;

export function publishPicked(purpose: string, choice: Picked): void {
  picked.set(purpose, { ...picked.get(purpose), ...choice });
  for (const listener of listeners) listener();
}

function usePicked<K extends keyof Picked>(
  purpose: string,
  kind: K,
  onPicked: (value: NonNullable<Picked[K]>) => void,
) {
  const latest = useRef(onPicked);
  latest.current = onPicked;
  useEffect(() => {
    const deliver = () => {
      const choice = picked.get(purpose);
      const value = choice?.[kind];
      if (!choice || value === undefined) return;
      delete choice[kind];
      latest.current(value as NonNullable<Picked[K]>);
    };
    deliver();
    listeners.add(deliver);
    return () => {
      listeners.delete(deliver);
    };
  }, [purpose, kind]);
}

/** Calls `onPicked` with the address receipt_address returned for `purpose`, when the opener is shown again. */
export const usePickedReceiptAddress = (purpose: string, onPicked: (address: TReceiptAddress) => void) =>
  usePicked(purpose, 'address', onPicked);

/** Calls `onPicked` with the invoice title invoice_page returned for `purpose`. */
export const usePickedInvoiceTitle = (purpose: string, onPicked: (invoice: TInvoiceTitle) => void) =>
  usePicked(purpose, 'invoice', onPicked);
