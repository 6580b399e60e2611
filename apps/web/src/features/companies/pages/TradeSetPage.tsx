import { PAYMENT_DAYS_MAX, PAYMENT_DAYS_MIN, type TTradeSettings, ZTradeSettingsSaveRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Stepper from 'antd-mobile/es/components/stepper';
import Switch from 'antd-mobile/es/components/switch';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { FieldRow } from '../../../components/form/Rows';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { showFail, showSuccess } from '../../../lib/feedback';
import { rootPath } from '../../../lib/navigation';
import { fieldErrors, useMessage } from '../../../lib/validation';
import { type TradeSettingsInput, useSaveTradeSettings, useTradeSettings } from '../api';
import { CompanyPage } from '../components/CompanyPage';
import '../companies.css';

/** SPEC §2 trade_set/trade_set: the seller's terms for stock orders; only the owner changes them. */
export default function TradeSetPage() {
  const { t } = useTranslation('companies');
  const settings = useTradeSettings();
  return (
    <CompanyPage title={t('titles.tradeSet')} backTo={rootPath('me')}>
      {(info) =>
        settings.isError ? (
          <ErrorScreen error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <TradeSetForm settings={settings.data} editable={info.editable} />
        ) : (
          <PageLoading />
        )
      }
    </CompanyPage>
  );
}

type Draft = Omit<TTradeSettings, 'saved'>;
const TEXT_FIELDS = ['bankAccountName', 'bankName', 'bankAccount'] as const;
const MAX_LENGTH = { bankAccountName: 100, bankName: 50, bankAccount: 36 } as const;

function TradeSetForm({ settings, editable }: { settings: TTradeSettings; editable: boolean }) {
  const { t } = useTranslation('companies');
  const message = useMessage();
  const save = useSaveTradeSettings();
  const errors = useFieldErrors();
  const [draft, setDraft] = useState<Draft>(() => {
    const { saved: _saved, ...fields } = settings;
    return fields;
  });
  const update = (patch: Partial<Draft>, field: string) => {
    setDraft((current) => ({ ...current, ...patch }));
    if (errors.keys[field]) errors.set(field, '');
  };

  const onSave = async () => {
    const input: TradeSettingsInput = {
      paymentDays: draft.paymentDays,
      onlinePayment: draft.onlinePayment ? 1 : 0,
      bankAccountName: draft.bankAccountName.trim(),
      bankName: draft.bankName.trim(),
      bankAccount: draft.bankAccount.trim(),
      deliveryNote: draft.deliveryNote.trim(),
    };
    const parsed = ZTradeSettingsSaveRequest.safeParse(input);
    if (!parsed.success) {
      const problems = fieldErrors(parsed.error.issues);
      errors.setAll(problems);
      const first = Object.values(problems)[0];
      if (first) showFail(message(first));
      return;
    }
    try {
      await save.mutateAsync(input);
      showSuccess(t('tradeSet.saved'));
    } catch (error) {
      errors.setFromServer(error);
    }
  };

  return (
    <>
      <p className="mm-co-readonly" data-testid="trade-set-intro">
        {!editable ? t('tradeSet.ownerOnly') : settings.saved ? t('tradeSet.intro') : t('tradeSet.defaults')}
      </p>
      <section className="mm-card mm-form-card">
        <FieldRow
          label={t('tradeSet.paymentDays')}
          field="paymentDays"
          error={errors.show('paymentDays')}
          hint={t('tradeSet.paymentDaysHint', { min: PAYMENT_DAYS_MIN, max: PAYMENT_DAYS_MAX })}
        >
          <Stepper
            className="mm-trade-set-stepper"
            min={PAYMENT_DAYS_MIN}
            max={PAYMENT_DAYS_MAX}
            digits={0}
            disabled={!editable}
            value={draft.paymentDays}
            onChange={(value) => update({ paymentDays: value ?? PAYMENT_DAYS_MIN }, 'paymentDays')}
            data-testid="trade-set-days"
          />
        </FieldRow>
        <FieldRow label={t('tradeSet.onlinePayment')} field="onlinePayment" hint={t('tradeSet.onlinePaymentHint')}>
          <Switch
            aria-label={t('tradeSet.onlinePayment')}
            disabled={!editable}
            checked={draft.onlinePayment}
            onChange={(onlinePayment) => update({ onlinePayment }, 'onlinePayment')}
          />
        </FieldRow>
      </section>
      <h2 className="mm-section-title mm-co-subtitle">{t('tradeSet.bankTitle')}</h2>
      <section className="mm-card mm-form-card">
        {TEXT_FIELDS.map((field) => (
          <FieldRow
            key={field}
            label={t(`tradeSet.${field}`)}
            htmlFor={`trade-${field}`}
            field={field}
            error={errors.show(field)}
          >
            <Input
              id={`trade-${field}`}
              name={field}
              disabled={!editable}
              value={draft[field]}
              maxLength={MAX_LENGTH[field]}
              placeholder={t(`tradeSet.${field}Placeholder`)}
              onChange={(value) => update({ [field]: value }, field)}
            />
          </FieldRow>
        ))}
        <FieldRow
          label={t('tradeSet.deliveryNote')}
          htmlFor="trade-deliveryNote"
          field="deliveryNote"
          error={errors.show('deliveryNote')}
        >
          <TextArea
            id="trade-deliveryNote"
            name="deliveryNote"
            disabled={!editable}
            value={draft.deliveryNote}
            maxLength={200}
            autoSize={{ minRows: 2, maxRows: 4 }}
            placeholder={t('tradeSet.deliveryNotePlaceholder')}
            onChange={(deliveryNote) => update({ deliveryNote }, 'deliveryNote')}
          />
        </FieldRow>
      </section>
      {editable && (
        <div className="mm-form-actions">
          <Button
            block
            color="primary"
            shape="rounded"
            size="large"
            loading={save.isPending}
            onClick={onSave}
            data-testid="trade-set-save"
          >
            {t('save')}
          </Button>
        </div>
      )}
    </>
  );
}
