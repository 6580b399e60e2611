import { Calls, type TInvoiceTitleSaveInput, type TReceiptAddressSaveInput } from '@metal/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';
import './locale';

/** Both lists belong to the company; keyed by the viewer so another login never sees them. */
export const addressKeys = {
  all: ['addresses'] as const,
  receipt: (userId: number) => [...addressKeys.all, 'receipt', userId] as const,
  invoices: (userId: number) => [...addressKeys.all, 'invoices', userId] as const,
};

/** What the save forms send: the contract's input, the flags as the client hands them. */
export type ReceiptAddressInput = Omit<TReceiptAddressSaveInput, 'id'> & { id?: number };
export type InvoiceTitleInput = Omit<TInvoiceTitleSaveInput, 'id'> & { id?: number };

function useViewer() {
  const { user, loggedIn } = useSession();
  return { viewerId: user?.userId ?? 0, loggedIn };
}

/** `receipt_address/list`. */
export function useReceiptAddresses({ enabled = true }: { enabled?: boolean } = {}) {
  const { viewerId, loggedIn } = useViewer();
  return useQuery({
    queryKey: addressKeys.receipt(viewerId),
    queryFn: ({ signal }) => callApi(Calls.receiptAddressList, {}, { signal }),
    enabled: loggedIn && enabled,
  });
}

/** `invoice/list`. */
export function useInvoiceTitles() {
  const { viewerId, loggedIn } = useViewer();
  return useQuery({
    queryKey: addressKeys.invoices(viewerId),
    queryFn: ({ signal }) => callApi(Calls.invoiceList, {}, { signal }),
    enabled: loggedIn,
  });
}

function useChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: addressKeys.all });
}

/** `receipt_address/save`: adds or edits. */
export function useSaveReceiptAddress() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: ReceiptAddressInput) => callApi(Calls.receiptAddressSave, input, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `receipt_address/set_default`. */
export function useSetDefaultReceiptAddress() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.receiptAddressSetDefault, { id }, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `receipt_address/delete`. */
export function useDeleteReceiptAddress() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.receiptAddressDelete, { id }, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `invoice/save`: adds or edits. */
export function useSaveInvoiceTitle() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (input: InvoiceTitleInput) => callApi(Calls.invoiceSave, input, { showLoading: true }),
    onSuccess: changed,
  });
}

/** `invoice/delete`. */
export function useDeleteInvoiceTitle() {
  const changed = useChanged();
  return useMutation({
    mutationFn: (id: number) => callApi(Calls.invoiceDelete, { id }, { showLoading: true }),
    onSuccess: changed,
  });
}
