import Input from 'antd-mobile/es/components/input';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import CloseOutline from 'antd-mobile-icons/es/CloseOutline';
import { useTranslation } from 'react-i18next';

interface NumberListProps {
  field: 'phones' | 'faxes';
  label: string;
  values: string[];
  max: number;
  placeholder: string;
  addLabel: string;
  removeLabel: (index: number) => string;
  onChange: (values: string[]) => void;
  /** Field → localized message, for the list ('phones') and each number ('phones.2'). */
  errorOf: (field: string) => string | undefined;
}

/** Up to `max` numbers, one input each, added and removed with the limit in view. */
export function NumberList({
  field,
  label,
  values,
  max,
  placeholder,
  addLabel,
  removeLabel,
  onChange,
  errorOf,
}: NumberListProps) {
  const { t } = useTranslation('companies');
  const listError = errorOf(field);
  const full = values.length >= max;
  return (
    <div
      className={`mm-co-numbers ${listError ? 'has-error' : ''}`}
      data-field={field}
      data-testid={`numbers-${field}`}
    >
      <div className="mm-co-numbers-head">
        <span className="mm-form-label">{label}</span>
        <span className="mm-co-count">{t('numbers.count', { count: values.length, max })}</span>
      </div>
      {values.map((value, index) => {
        const itemError = errorOf(`${field}.${index}`);
        return (
          // The numbers have no identity of their own; their place is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className={`mm-co-number ${itemError ? 'has-error' : ''}`} data-field={`${field}.${index}`}>
            <div className="mm-co-number-row">
              <Input
                name={`${field}.${index}`}
                value={value}
                inputMode="tel"
                placeholder={placeholder}
                aria-label={`${label} ${index + 1}`}
                maxLength={20}
                onChange={(next) => onChange(values.map((v, i) => (i === index ? next : v)))}
              />
              <button
                type="button"
                className="mm-form-icon-button"
                aria-label={removeLabel(index + 1)}
                onClick={() => onChange(values.filter((_, i) => i !== index))}
              >
                <CloseOutline />
              </button>
            </div>
            {itemError && (
              <div className="mm-form-error" role="alert">
                {itemError}
              </div>
            )}
          </div>
        );
      })}
      <button
        type="button"
        className="mm-co-add"
        disabled={full}
        onClick={() => onChange([...values, ''])}
        data-testid={`add-${field}`}
      >
        <AddOutline /> {full ? t('numbers.full', { max }) : addLabel}
      </button>
      {listError && (
        <div className="mm-form-error" role="alert">
          {listError}
        </div>
      )}
    </div>
  );
}
