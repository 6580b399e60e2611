import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Popup from 'antd-mobile/es/components/popup';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api';
import { useLanguage } from '../lib/i18n';
import { localizeMessage } from '../lib/validation';
import './name-sheet.css';

interface NameSheetProps {
  /** Shown while set; a new value (another item) starts the form afresh. */
  open: { key: string | number; initial: string } | null;
  title: string;
  label: string;
  placeholder: string;
  /** A message key (or sentence) saying why the name will not do; '' when it will. */
  check: (name: string) => string;
  /** Saves the trimmed name; an ApiError with a `name` field error is shown under the field. */
  save: (name: string) => Promise<void>;
  saving: boolean;
  onClose: () => void;
  saveTestId: string;
}

/**
 * A bottom sheet asking for one name (a new album, a renamed group): checked by the caller's shared
 * rule before it is sent, the server's field error shown under it, nothing typed lost on failure.
 */
export function NameSheet({ open, onClose, ...form }: NameSheetProps) {
  return (
    <Popup visible={open !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="mm-name-sheet">
      {open && <NameForm key={open.key} initial={open.initial} onClose={onClose} {...form} />}
    </Popup>
  );
}

function NameForm({
  initial,
  title,
  label,
  placeholder,
  check,
  save,
  saving,
  onClose,
  saveTestId,
}: Omit<NameSheetProps, 'open'> & { initial: string }) {
  const { t } = useTranslation('common');
  const [lang] = useLanguage();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');

  const submit = async () => {
    const problem = check(name);
    setError(problem);
    if (problem) return;
    if (initial && name.trim() === initial) return onClose();
    try {
      await save(name.trim());
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.errors?.name) setError(failure.errors.name);
    }
  };

  return (
    <>
      <h3 className="mm-name-sheet-title">{title}</h3>
      <div className={`mm-name-sheet-input ${error ? 'has-error' : ''}`}>
        <Input
          name="name"
          value={name}
          onChange={(value) => {
            setName(value);
            setError('');
          }}
          placeholder={placeholder}
          aria-label={label}
          clearable
          onEnterPress={() => void submit()}
        />
      </div>
      {error && (
        <div className="mm-name-sheet-error" role="alert">
          {localizeMessage(error, lang)}
        </div>
      )}
      <div className="mm-name-sheet-actions">
        <Button shape="rounded" size="large" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button
          color="primary"
          shape="rounded"
          size="large"
          loading={saving}
          onClick={() => void submit()}
          data-testid={saveTestId}
        >
          {t('confirm')}
        </Button>
      </div>
    </>
  );
}
