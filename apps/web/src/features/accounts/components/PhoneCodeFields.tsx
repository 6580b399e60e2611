import type { SmsPurpose } from '@metal/shared';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../components/form/useFieldErrors';
import { SendCodeButton } from './SendCodeButton';
import { TextField } from './TextField';

interface PhoneCodeFieldsProps {
  purpose: SmsPurpose;
  phone: string;
  onPhoneChange: (phone: string) => void;
  code: string;
  onCodeChange: (code: string) => void;
  /** The form's errors: these rows show `phone` and `code`, and "Get code" sets or clears `phone`. */
  errors: FieldErrors;
}

/** The phone row and the SMS code row with its "Get code" button, as SMS login and register share them. */
export function PhoneCodeFields({ purpose, phone, onPhoneChange, code, onCodeChange, errors }: PhoneCodeFieldsProps) {
  const { t } = useTranslation('accounts');
  // Only an SMS sandbox server (SMS_SANDBOX=1) sends the code back; it is shown and filled in.
  const [sandboxCode, setSandboxCode] = useState<string>();
  return (
    <>
      <TextField
        icon={<PhonebookOutline />}
        error={errors.show('phone')}
        type="tel"
        inputMode="numeric"
        value={phone}
        onChange={onPhoneChange}
        placeholder={t('field.phonePlaceholder')}
        autoComplete="tel"
        name="phone"
        maxLength={11}
      />
      <TextField
        icon={<CheckShieldOutline />}
        error={errors.show('code')}
        hint={sandboxCode && <span className="mm-sandbox-hint">{t('field.sandboxCode', { code: sandboxCode })}</span>}
        extra={
          <SendCodeButton
            phone={phone}
            purpose={purpose}
            onInvalidPhone={(messageKey) => errors.set('phone', messageKey)}
            onSent={(sent) => {
              errors.set('phone', '');
              setSandboxCode(sent);
              if (sent) onCodeChange(sent);
            }}
          />
        }
        inputMode="numeric"
        value={code}
        onChange={onCodeChange}
        placeholder={t('field.codePlaceholder')}
        autoComplete="one-time-code"
        name="code"
        maxLength={6}
        clearable={false}
      />
    </>
  );
}
