import type { TStockDetail, TStockSaveResult } from '@metal/shared';
import { CodeFlag, UPLOAD_MAX_FILES, ZStockQuantityChanged } from '@metal/shared';
import Dialog from 'antd-mobile/es/components/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../components/form/useFieldErrors';
import { useImageUploads } from '../../components/ImageUploader';
import { isApiError, withdrawFailToast } from '../../lib/api';
import { showFail } from '../../lib/feedback';
import { useMessage } from '../../lib/validation';
import { useCompanyInfoGate } from '../companies/useCompanyInfoGate';
import { useSaveStock } from './api';
import { EMPTY_STOCK_FORM, firstError, formFromDetail, type StockForm, stockFormErrors, toSaveRequest } from './form';

/**
 * input_stock's state and actions: the form (a changed listing's own values to start with), its field
 * errors, the pictures kept from before and those being uploaded, and sending it through the
 * company-info gate. The sections render it; `done` is the answer once it is sent.
 */
export function useStockForm(existing: TStockDetail | null) {
  const { t } = useTranslation(['stocks', 'common']);
  const message = useMessage();
  const save = useSaveStock();
  const gate = useCompanyInfoGate();
  const errors = useFieldErrors();
  const [form, setForm] = useState<StockForm>(() => (existing ? formFromDetail(existing) : EMPTY_STOCK_FORM));
  // The pictures a changed listing already has, kept unless removed.
  const [kept, setKept] = useState(existing?.images ?? []);
  const uploads = useImageUploads('image', Math.max(0, UPLOAD_MAX_FILES - kept.length));
  const [done, setDone] = useState<TStockSaveResult | null>(null);
  // What a changed listing had left when the form opened: orders keep taking from it while the seller
  // types, and the server refuses a save that would give their tons back (stock.quantityChanged).
  const [seenQuantityKg, setSeenQuantityKg] = useState(existing?.quantityKg);

  /** Changes the form and clears the errors of the fields the change answers. */
  const update = (patch: Partial<StockForm>, ...fields: string[]) => {
    setForm((current) => ({ ...current, ...patch }));
    for (const field of fields) if (errors.keys[field]) errors.set(field, '');
  };

  const removeKept = (url: string) => setKept((current) => current.filter((image) => image.url !== url));

  const submit = async () => {
    if (uploads.busy) return showFail(t('input.uploading'));
    if (uploads.failed) return showFail(t('input.uploadFailed'));
    const images = [...kept.map((image) => image.url), ...uploads.uploaded.map((file) => file.url)];
    const request = toSaveRequest(form, images, existing ? { id: existing.id, seenQuantityKg } : undefined);
    const problems = stockFormErrors(request);
    errors.setAll(problems);
    const first = firstError(problems);
    if (first) {
      showFail(message(first[1]));
      document.querySelector(`[data-field="${first[0]}"]`)?.scrollIntoView?.({ block: 'center' });
      return;
    }
    await gate.guard(async () => {
      try {
        setDone(await save.mutateAsync(request));
      } catch (error) {
        if (!isApiError(error)) return;
        // What was typed stays; the server's reasons go beside their fields.
        if (error.errors) errors.setAll(error.errors);
        const changed = error.codeFlag === CodeFlag.conflict ? ZStockQuantityChanged.safeParse(error.data) : undefined;
        if (changed?.success) {
          // Orders took tons meanwhile: the seller now knows what is left, and the next save goes with it.
          setSeenQuantityKg(changed.data.quantityKg);
          errors.set('quantity', error.mesg);
          withdrawFailToast(error);
          await Dialog.alert({ content: error.mesg, confirmText: t('common:confirm') });
          document.querySelector('[data-field="quantity"]')?.scrollIntoView?.({ block: 'center' });
        }
      }
    });
  };

  /** The done screen's "post another": an empty form, no pictures, no errors. */
  const startAnother = () => {
    setForm(EMPTY_STOCK_FORM);
    uploads.remove(uploads.items.map((item) => item.key));
    errors.setAll({});
    setDone(null);
  };

  return {
    form,
    errors,
    update,
    kept,
    removeKept,
    uploads,
    done,
    submit,
    submitting: save.isPending || gate.checking,
    startAnother,
  };
}

export type StockFormState = ReturnType<typeof useStockForm>;
