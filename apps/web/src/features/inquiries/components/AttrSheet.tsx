import { CAPACITY_ATTRIBUTE_PRESETS, capacityAttributeLabel, INQUIRY_TEXT_MAX } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';

/** The server's limits on a product's attributes (ZInquirySpecInput). */
export const MAX_ATTRIBUTES = 10;
const NAME_MAX = 20;

type Attribute = { name: string; value: string };

/**
 * SPEC §2 input_inquiry/choose_inquiry_attr, as a sheet over the form: a product's attributes as
 * name/value pairs, started from the presets capacities use (grade, temper, …) or named by the buyer.
 * Rows with a name but no value (or the reverse) are refused before the sheet closes.
 */
export function AttrSheet({
  visible,
  initial,
  onClose,
  onDone,
}: {
  visible: boolean;
  initial: Attribute[];
  onClose: () => void;
  onDone: (attributes: Attribute[]) => void;
}) {
  const { t } = useTranslation('inquiries');
  const [lang] = useLanguage();
  const [rows, setRows] = useState<Attribute[]>(initial);
  const [error, setError] = useState('');
  const full = rows.length >= MAX_ATTRIBUTES;
  const used = new Set(rows.map((row) => row.name.trim()));

  const change = (index: number, patch: Partial<Attribute>) => {
    setRows((current) => current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
    setError('');
  };
  const add = (name: string) => {
    if (full) return;
    setRows((current) => [...current, { name, value: '' }]);
    setError('');
  };
  const done = () => {
    const trimmed = rows
      .map((row) => ({ name: row.name.trim(), value: row.value.trim() }))
      .filter((row) => row.name || row.value);
    if (trimmed.some((row) => !row.name || !row.value)) {
      setError(t('form.attr.incomplete'));
      return;
    }
    onDone(trimmed);
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      afterShow={() => setRows(initial.map((row) => ({ ...row })))}
      bodyStyle={{ borderRadius: '12px 12px 0 0', maxHeight: '80vh', overflowY: 'auto' }}
    >
      <div className="mm-inq-sheet" data-testid="attr-sheet">
        <h2 className="mm-stock-popup-title">{t('form.attr.title')}</h2>
        <p className="mm-form-hint-block">{t('form.attr.intro', { max: MAX_ATTRIBUTES })}</p>
        <ul className="mm-inq-attr-rows">
          {rows.map((row, index) => (
            // Rows are only appended or removed by index while the sheet is open.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own
            <li key={index} className="mm-inq-attr-row">
              <Input
                aria-label={t('form.attr.name')}
                value={row.name}
                maxLength={NAME_MAX}
                placeholder={t('form.attr.name')}
                onChange={(name) => change(index, { name })}
              />
              <Input
                aria-label={t('form.attr.value')}
                value={row.value}
                maxLength={INQUIRY_TEXT_MAX.short}
                placeholder={t('form.attr.value')}
                onChange={(value) => change(index, { value })}
              />
              <button
                type="button"
                className="mm-form-icon-button"
                aria-label={t('form.attr.remove')}
                onClick={() => setRows((current) => current.filter((_, i) => i !== index))}
              >
                <CloseOutline />
              </button>
            </li>
          ))}
        </ul>
        {error && (
          <div className="mm-form-error" role="alert">
            {error}
          </div>
        )}
        <div className="mm-inq-chips">
          {CAPACITY_ATTRIBUTE_PRESETS.map((preset) => capacityAttributeLabel(preset, lang))
            .filter((label) => !used.has(label))
            .map((label) => (
              <button key={label} type="button" disabled={full} onClick={() => add(label)}>
                <AddOutline aria-hidden="true" />
                {label}
              </button>
            ))}
          <button type="button" disabled={full} onClick={() => add('')} data-testid="attr-custom">
            <AddOutline aria-hidden="true" />
            {t('form.attr.custom')}
          </button>
        </div>
        <Button block color="primary" shape="rounded" onClick={done} data-testid="attr-done">
          {t('form.attr.done')}
        </Button>
      </div>
    </Popup>
  );
}
