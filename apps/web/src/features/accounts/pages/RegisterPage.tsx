import { ZRegisterRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { useLanguage, useMessage } from '../../../lib/i18n';
import { Paths, rootPath } from '../../../lib/navigation';
import { fieldErrors, localizeMessage } from '../../../lib/validation';
import { useRegister } from '../api';
import { AuthHeader } from '../components/AuthHeader';
import { FormField } from '../components/FormField';
import { PasswordInput } from '../components/PasswordInput';
import { SendCodeButton } from '../components/SendCodeButton';
import { TermsAgreement } from '../components/TermsAgreement';
import '../accounts.css';

type Errors = Record<string, string>;

/** Register with phone, SMS code and password (SPEC has no route for it; it sits beside login). */
export default function RegisterPage() {
  const { t } = useTranslation('accounts');
  const [lang] = useLanguage();
  const message = useMessage();
  const navigate = useNavigate();
  const register = useRegister();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sandboxCode, setSandboxCode] = useState<string>();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = ZRegisterRequest.safeParse({ phone, code, password, password2, agree: agreed ? 1 : 0 });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      // zod checks the match only once every field is valid; say it now, with the others.
      if (!found.password2 && !found.password && password2 !== password) found.password2 = 'password.mismatch';
      setErrors(found);
      // The terms are the only problem: say so, as login does.
      if (found.agree && Object.keys(found).length === 1) showFail(message(found.agree));
      return;
    }
    setErrors({});
    register.mutate(parsed.data, {
      onSuccess: () => {
        showSuccess(t('register.success'));
        navigate(rootPath('me'), { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) setErrors(error.errors);
      },
    });
  };

  const show = (field: string) => (errors[field] ? localizeMessage(errors[field], lang) : undefined);

  return (
    <Page className="mm-page-white mm-auth" title={t('register.title')} backTo={Paths.login}>
      <AuthHeader heading={t('register.heading')} subtitle={t('register.subtitle')} />
      <form className="mm-auth-form" onSubmit={submit} noValidate>
        <FormField icon={<PhonebookOutline />} error={show('phone')}>
          <Input
            type="tel"
            inputMode="numeric"
            value={phone}
            onChange={setPhone}
            placeholder={t('field.phonePlaceholder')}
            autoComplete="tel"
            name="phone"
            maxLength={11}
            clearable
            onlyShowClearWhenFocus
            aria-label={t('field.phonePlaceholder')}
          />
        </FormField>
        <FormField
          icon={<CheckShieldOutline />}
          error={show('code')}
          hint={sandboxCode && <span className="mm-sandbox-hint">{t('field.sandboxCode', { code: sandboxCode })}</span>}
          extra={
            <SendCodeButton
              phone={phone}
              purpose="register"
              onInvalidPhone={(key) => setErrors((e) => ({ ...e, phone: key }))}
              onSent={(sent) => {
                setErrors((e) => ({ ...e, phone: '' }));
                setSandboxCode(sent);
                if (sent) setCode(sent);
              }}
            />
          }
        >
          <Input
            inputMode="numeric"
            value={code}
            onChange={setCode}
            placeholder={t('field.codePlaceholder')}
            autoComplete="one-time-code"
            name="code"
            maxLength={6}
            aria-label={t('field.codePlaceholder')}
          />
        </FormField>
        <FormField icon={<LockOutline />} error={show('password')}>
          <PasswordInput
            value={password}
            onChange={setPassword}
            placeholder={t('register.passwordPlaceholder')}
            autoComplete="new-password"
            name="password"
          />
        </FormField>
        <FormField icon={<LockOutline />} error={show('password2')}>
          <PasswordInput
            value={password2}
            onChange={setPassword2}
            placeholder={t('register.password2Placeholder')}
            autoComplete="new-password"
            name="password2"
          />
        </FormField>
        <TermsAgreement checked={agreed} onChange={setAgreed} highlight={Boolean(errors.agree)} />
        {errors.agree && !agreed && (
          <div className="mm-field-error mm-terms-error" role="alert">
            {show('agree')}
          </div>
        )}
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          className="mm-auth-submit"
          loading={register.isPending}
        >
          {t('register.submit')}
        </Button>
      </form>
      <p className="mm-auth-switch">
        {t('register.hasAccount')}
        <button type="button" className="mm-link" onClick={() => navigate(Paths.login, { replace: true })}>
          {t('register.toLogin')}
        </button>
      </p>
    </Page>
  );
}
