import Input from 'antd-mobile/es/components/input';
import EyeInvisibleOutline from 'antd-mobile-icons/es/EyeInvisibleOutline';
import EyeOutline from 'antd-mobile-icons/es/EyeOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface PasswordInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  name?: string;
}

/** A password input with a show/hide toggle. */
export function PasswordInput({ value, onChange, placeholder, autoComplete, name }: PasswordInputProps) {
  const { t } = useTranslation('accounts');
  const [visible, setVisible] = useState(false);
  return (
    <div className="mm-password">
      <Input
        type={visible ? 'text' : 'password'}
        value={value}
        onChange={onChange}
        placeholder={placeholder}
        autoComplete={autoComplete}
        name={name}
        maxLength={64}
        clearable
        onlyShowClearWhenFocus
        aria-label={placeholder}
      />
      <button
        type="button"
        className="mm-password-toggle"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? t('field.hidePassword') : t('field.showPassword')}
      >
        {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
      </button>
    </div>
  );
}
