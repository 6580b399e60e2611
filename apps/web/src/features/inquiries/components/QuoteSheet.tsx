import { formatTons, INQUIRY_PAYMENT_METHODS, type TInquiryDetail, ZQuoteSaveRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Selector from 'antd-mobile/es/components/selector';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { fieldErrors, localizeMessage } from '../../../lib/validation';
import type { QuoteDraft } from '../api';

const PRICE = /^\d+(\.\d{1,2})?$/;

/** A new draft starts from the buyer's own terms, so a supplier only changes what differs. */
function draftOf(inquiry: TInquiryDetail): QuoteDraft {
  return {
    items: inquiry.specs.map((spec) => ({ specId: spec.id, price: '' })),
    taxIncluded: inquiry.taxIncluded,
    freightIncluded: inquiry.freightIncluded,
    paymentMethod: inquiry.paymentMethod,
    creditDays: inquiry.creditDays ? String(inquiry.creditDays) : '',
    deliveryDate: inquiry.deliveryDate,
    remark: '',
  };
}

/**
 * The supplier's quote: a price per ton for the products it offers (at least one), its payment terms,
 * whether tax and freight are in the price, when it delivers, and a remark. Checked with the server's
 * own rules before it is sent; `onSubmit` sends it and resolves whether the sheet may close.
 */
export function QuoteSheet({
  inquiry,
  visible,
  onClose,
  onSubmit,
  submitting,
}: {
  inquiry: TInquiryDetail;
  visible: boolean;
  onClose: () => void;
  onSubmit: (draft: QuoteDraft) => void;
  submitting: boolean;
}) {
  const { t } = useTranslation('inquiries');
  const [lang] = useLanguage();
  const [draft, setDraft] = useState(() => draftOf(inquiry));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (changes: Partial<QuoteDraft>) => setDraft((current) => ({ ...current, ...changes }));
  const setPrice = (specId: number, price: string) =>
    update({ items: draft.items.map((item) => (item.specId === specId ? { ...item, price } : item)) });

  const submit = () => {
    const found: Record<string, string> = {};
    const priced = draft.items.filter((item) => item.price.trim() !== '');
    for (const item of priced)
      if (!PRICE.test(item.price.trim())) found[`price${item.specId}`] = t('sheet.priceInvalid');
    if (priced.length === 0) found.items = t('sheet.priceRequired');
    if (!draft.deliveryDate) found.deliveryDate = t('sheet.dateRequired');
    if (draft.paymentMethod === 'credit' && !draft.creditDays.trim()) found.creditDays = t('sheet.creditRequired');
    if (Object.keys(found).length === 0) {
      const checked = ZQuoteSaveRequest.safeParse({
        inquiryId: inquiry.id,
        items: priced.map((item) => ({ specId: item.specId, price: item.price.trim() })),
        paymentMethod: draft.paymentMethod,
        ...(draft.paymentMethod === 'credit' ? { creditDays: draft.creditDays.trim() } : {}),
        deliveryDate: draft.deliveryDate,
        remark: draft.remark,
      });
      if (!checked.success)
        for (const [field, message] of Object.entries(fieldErrors(checked.error.issues)))
          found[field] = localizeMessage(message, lang);
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit({ ...draft, items: priced });
  };

  const error = (field: string) =>
    errors[field] ? (
      <p className="mm-pc-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-pc-sheet" destroyOnClose>
      <div data-testid="quote-sheet">
        <h2 className="mm-pc-sheet-title">{t('sheet.title')}</h2>
        <div className="mm-pc-sheet-body">
          {inquiry.specs.map((spec) => (
            <div key={spec.id} className="mm-pc-sheet-spec" data-field={`price${spec.id}`}>
              <div className="mm-pc-sheet-spec-name">
                <strong>{[spec.productName || inquiry.sortName, spec.specification].filter(Boolean).join(' ')}</strong>
                <span>{t('sheet.qty', { tons: formatTons(spec.quantityKg) })}</span>
              </div>
              <Input
                name={`price${spec.id}`}
                aria-label={t('sheet.pricePerTon')}
                placeholder={`${t('sheet.pricePerTon')}`}
                inputMode="decimal"
                value={draft.items.find((item) => item.specId === spec.id)?.price ?? ''}
                onChange={(price) => setPrice(spec.id, price)}
                clearable
              />
              {error(`price${spec.id}`)}
            </div>
          ))}
          {error('items')}
          <div className="mm-pc-sheet-row">
            <span>{t('sheet.tax')}</span>
            <Switch checked={draft.taxIncluded} onChange={(taxIncluded) => update({ taxIncluded })} />
          </div>
          <div className="mm-pc-sheet-row">
            <span>{t('sheet.freight')}</span>
            <Switch checked={draft.freightIncluded} onChange={(freightIncluded) => update({ freightIncluded })} />
          </div>
          <div className="mm-pc-sheet-label">{t('sheet.payment')}</div>
          <Selector
            className="mm-pc-selector"
            columns={2}
            value={[draft.paymentMethod]}
            onChange={(value) => value[0] && update({ paymentMethod: value[0] })}
            options={INQUIRY_PAYMENT_METHODS.map((method) => ({ label: t(`payment.${method}`), value: method }))}
          />
          {draft.paymentMethod === 'credit' && (
            <div data-field="creditDays">
              <div className="mm-pc-sheet-label">{t('sheet.creditDays')}</div>
              <Input
                name="creditDays"
                inputMode="numeric"
                placeholder={t('sheet.creditDaysPlaceholder')}
                value={draft.creditDays}
                onChange={(creditDays) => update({ creditDays })}
              />
              {error('creditDays')}
            </div>
          )}
          <div data-field="deliveryDate">
            <div className="mm-pc-sheet-label">{t('sheet.deliveryDate')}</div>
            <Input
              name="deliveryDate"
              type="date"
              aria-label={t('sheet.deliveryDate')}
              value={draft.deliveryDate}
              onChange={(deliveryDate) => update({ deliveryDate })}
            />
            {error('deliveryDate')}
          </div>
          <div className="mm-pc-sheet-label">{t('sheet.remark')}</div>
          <TextArea
            name="remark"
            placeholder={t('sheet.remarkPlaceholder')}
            maxLength={500}
            rows={2}
            value={draft.remark}
            onChange={(remark) => update({ remark })}
          />
          {error('remark')}
        </div>
        <div className="mm-pc-sheet-actions">
          <Button onClick={onClose}>{t('sheet.cancel')}</Button>
          <Button color="primary" loading={submitting} onClick={submit} data-testid="quote-submit">
            {t('sheet.submit')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
