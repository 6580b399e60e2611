import { CodeFlag, STOCK_EDIT_VALUES, type StockEditField } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import Selector from 'antd-mobile/es/components/selector';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { localizeMessage } from '../../../lib/validation';

/** The message key a value breaks (the shared rule the server applies too), or ''. */
export function checkEditValue(field: StockEditField, value: string): string {
  const parsed = STOCK_EDIT_VALUES[field].safeParse(value);
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? 'common.invalidInput');
}

/** The input for one attribute's value: an amount, days, transport words, or freight yes/no. */
export function EditValueInput({
  field,
  value,
  onChange,
  invalid,
}: {
  field: StockEditField;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}) {
  const { t } = useTranslation('stockManager');
  if (field === 'freightIncluded') {
    return (
      <Selector
        className="mm-edit-selector"
        columns={2}
        value={value ? [value] : []}
        onChange={(values) => onChange(values[0] ?? '')}
        options={[
          { label: t('edit.freightYes'), value: '1' },
          { label: t('edit.freightNo'), value: '0' },
        ]}
      />
    );
  }
  if (field === 'transportInfo') {
    return (
      <div className={`mm-edit-input ${invalid ? 'has-error' : ''}`}>
        <TextArea
          value={value}
          onChange={onChange}
          placeholder={t('edit.transportPlaceholder')}
          maxLength={100}
          showCount
          rows={3}
          aria-label={t('fields.transportInfo')}
        />
      </div>
    );
  }
  return (
    <div className={`mm-edit-input ${invalid ? 'has-error' : ''}`}>
      <Input
        value={value}
        onChange={onChange}
        inputMode={field === 'price' ? 'decimal' : 'numeric'}
        placeholder={t(field === 'price' ? 'edit.pricePlaceholder' : 'edit.daysPlaceholder')}
        aria-label={t(`fields.${field}`)}
        clearable
      />
      <span className="mm-edit-unit">{t(field === 'price' ? 'edit.priceUnit' : 'edit.daysUnit')}</span>
    </div>
  );
}

/**
 * A bottom sheet for one attribute of the selected listings: checked by the shared rule before it is
 * sent; a value the server refuses (a fixed price that would fall to 0) is shown under the field.
 */
export function EditSheet({
  field,
  count,
  onSubmit,
  onClose,
}: {
  field: StockEditField | null;
  count: number;
  onSubmit: (field: StockEditField, value: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Popup visible={field !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-sheet">
      {field && <EditForm key={field} field={field} count={count} onSubmit={onSubmit} onClose={onClose} />}
    </Popup>
  );
}

function EditForm({
  field,
  count,
  onSubmit,
  onClose,
}: {
  field: StockEditField;
  count: number;
  onSubmit: (field: StockEditField, value: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['stockManager', 'common']);
  const [lang] = useLanguage();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    const problem = checkEditValue(field, value);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await onSubmit(field, value);
    } catch (failure) {
      if (isApiError(failure) && failure.codeFlag === CodeFlag.invalidInput) setError(failure.mesg);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <h3 className="mm-sheet-title">{t(`edit.title.${field}`)}</h3>
      <p className="mm-sheet-hint">
        {t(`edit.hint.${field}`)}
        {count > 0 && <span className="mm-sheet-count">{t('edit.willChange', { count })}</span>}
      </p>
      <EditValueInput
        field={field}
        value={value}
        invalid={error !== ''}
        onChange={(next) => {
          setValue(next);
          setError('');
        }}
      />
      {error && (
        <div className="mm-sheet-error" role="alert">
          {localizeMessage(error, lang)}
        </div>
      )}
      <div className="mm-sheet-actions">
        <Button shape="rounded" size="large" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          size="large"
          loading={saving}
          onClick={() => void submit()}
          data-testid="edit-submit"
        >
          {t('common:confirm')}
        </Button>
      </div>
    </>
  );
}
