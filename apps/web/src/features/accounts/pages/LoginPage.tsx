import { ZLoginCodeRequest, ZLoginFailure, ZLoginRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import PhonebookOutline from 'antd-mobile-icons/es/PhonebookOutline';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { useLanguage, useMessage } from '../../../lib/i18n';
import { Paths } from '../../../lib/navigation';
import { fieldErrors, localizeMessage } from '../../../lib/validation';
import { useCaptcha, useLogin, useLoginCode } from '../api';
import { AuthHeader } from '../components/AuthHeader';
import { CaptchaField } from '../components/CaptchaField';
import { FormField } from '../components/FormField';
import { PasswordInput } from '../components/PasswordInput';
import { SendCodeButton } from '../components/SendCodeButton';
import { TermsAgreement } from '../components/TermsAgreement';
import { useFinishLogin } from '../useFinishLogin';
import '../accounts.css';

type Mode = 'password' | 'code';
type Errors = Record<string, string>;

interface FormProps {
  /** Returns false (and says why) while the terms are not agreed to. */
  requireTerms: () => boolean;
  terms: ReactNode;
  onDone: () => void;
}

/** Whether a failed login says the image captcha is now needed (codeFlag 2 with `data.needCaptcha`). */
function needsCaptcha(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const failure = ZLoginFailure.safeParse(error.data);
  return (failure.success && failure.data.needCaptcha) || Boolean(error.errors?.captcha);
}

function PasswordLoginForm({ requireTerms, terms, onDone }: FormProps) {
  const { t } = useTranslation('accounts');
  const [lang] = useLanguage();
  const message = useMessage();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const captchaImage = useCaptcha(needCaptcha);
  const login = useLogin();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const input = {
      account,
      password,
      ...(needCaptcha ? { captchaKey: captchaImage.data?.captchaKey ?? '', captcha } : {}),
    };
    const parsed = ZLoginRequest.safeParse(input);
    const found: Errors = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (needCaptcha && !captcha.trim()) found.captcha = 'captcha.required';
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    if (!requireTerms()) return;
    login.mutate(parsed.data, {
      onSuccess: () => {
        showSuccess(t('login.success'));
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) setErrors(error.errors);
        if (needsCaptcha(error) || needCaptcha) {
          // A captcha is single use: every failed try needs a new one.
          setNeedCaptcha(true);
          setCaptcha('');
          if (needCaptcha) void captchaImage.refetch();
        }
      },
    });
  };

  const show = (field: string) => (errors[field] ? localizeMessage(errors[field], lang) : undefined);

  return (
    <form className="mm-auth-form" onSubmit={submit} noValidate>
      <FormField icon={<UserOutline />} error={show('account')}>
        <Input
          value={account}
          onChange={setAccount}
          placeholder={t('login.accountPlaceholder')}
          autoComplete="username"
          name="account"
          maxLength={18}
          clearable
          onlyShowClearWhenFocus
          aria-label={t('login.accountPlaceholder')}
        />
      </FormField>
      <FormField icon={<LockOutline />} error={show('password')}>
        <PasswordInput
          value={password}
          onChange={setPassword}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          name="password"
        />
      </FormField>
      {needCaptcha && (
        <CaptchaField
          svg={captchaImage.data?.svg}
          loading={captchaImage.isFetching}
          value={captcha}
          onChange={setCaptcha}
          onRefresh={() => void captchaImage.refetch()}
          error={show('captcha') ?? (captchaImage.isError ? message('common.networkError') : undefined)}
        />
      )}
      {terms}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        className="mm-auth-submit"
        loading={login.isPending}
      >
        {t('login.submit')}
      </Button>
    </form>
  );
}

function CodeLoginForm({ requireTerms, terms, onDone }: FormProps) {
  const { t } = useTranslation('accounts');
  const [lang] = useLanguage();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sandboxCode, setSandboxCode] = useState<string>();
  const [errors, setErrors] = useState<Errors>({});
  const login = useLoginCode();

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const parsed = ZLoginCodeRequest.safeParse({ phone, code });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    if (!requireTerms()) return;
    login.mutate(parsed.data, {
      onSuccess: () => {
        showSuccess(t('login.success'));
        onDone();
      },
      onError: (error) => {
        if (isApiError(error) && error.errors) setErrors(error.errors);
      },
    });
  };

  const show = (field: string) => (errors[field] ? localizeMessage(errors[field], lang) : undefined);

  return (
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
        hint={sandboxCode && t('field.sandboxCode', { code: sandboxCode })}
        extra={
          <SendCodeButton
            phone={phone}
            purpose="login"
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
      {terms}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        className="mm-auth-submit"
        loading={login.isPending}
      >
        {t('login.submit')}
      </Button>
    </form>
  );
}

/** SPEC §2 login/login: password or SMS code; the terms must be agreed to first. */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const message = useMessage();
  const navigate = useNavigate();
  const finish = useFinishLogin();
  const [mode, setMode] = useState<Mode>('password');
  const [agreed, setAgreed] = useState(false);
  const [termsTried, setTermsTried] = useState(false);

  const requireTerms = () => {
    if (agreed) return true;
    setTermsTried(true);
    showFail(message('terms.required'));
    return false;
  };
  const terms = <TermsAgreement checked={agreed} onChange={setAgreed} highlight={termsTried} />;
  const props: FormProps = { requireTerms, terms, onDone: finish };

  return (
    <Page className="mm-page-white mm-auth" backTo={Paths.root}>
      <AuthHeader heading={t('login.heading')} subtitle={t('login.subtitle')} />
      <div className="mm-auth-tabs" role="tablist">
        {(['password', 'code'] as const).map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            aria-selected={mode === key}
            className={`mm-auth-tab ${mode === key ? 'is-active' : ''}`}
            onClick={() => setMode(key)}
          >
            {key === 'password' ? t('login.tabPassword') : t('login.tabCode')}
          </button>
        ))}
      </div>
      {mode === 'password' ? <PasswordLoginForm {...props} /> : <CodeLoginForm {...props} />}
      <p className="mm-auth-switch">
        {t('login.noAccount')}
        <button type="button" className="mm-link" onClick={() => navigate(Paths.register, { replace: true })}>
          {t('login.toRegister')}
        </button>
      </p>
    </Page>
  );
}
