import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';
import { FieldInput } from './TextField';

interface PasswordFieldProps {
  name: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  /** Lets password managers tell a login from a new password. */
  autoComplete: 'current-password' | 'new-password';
  /** Already localized. */
  error: string | undefined;
}

/** A password row with a show/hide toggle. */
export function PasswordField({ error, ...input }: PasswordFieldProps) {
  const { t } = useTranslation('accounts');
  const [visible, setVisible] = useState(false);
  return (
    <FormField icon={<LockOutline />} error={error}>
      <div className="mm-password">
        <FieldInput {...input} type={visible ? 'text' : 'password'} maxLength={64} />
        <button
          type="button"
          className="mm-password-toggle"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      </div>
    </FormField>
  );
}
