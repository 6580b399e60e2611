import { ZLoginCodeRequest, ZLoginFailure, ZLoginRequest } from '@metal/shared';
import UserOutline from 'antd-mobile-icons/es/UserOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldErrorKeys, useFieldErrors } from '../../../components/form/useFieldErrors';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { fieldErrors, useMessage } from '../../../lib/validation';
import { useCaptcha, useLogin, useLoginCode } from '../api';
import { AuthForm } from '../components/AuthForm';
import { AuthHeader } from '../components/AuthHeader';
import { AuthSwitch } from '../components/AuthSwitch';
import { CaptchaField } from '../components/CaptchaField';
import { PasswordField } from '../components/PasswordField';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { TermsAgreement } from '../components/TermsAgreement';
import { TextField } from '../components/TextField';
import { useFinishLogin } from '../useFinishLogin';
import '../accounts.css';

type Mode = 'password' | 'code';

interface FormProps {
  /** Returns false (and says why) while the terms are not agreed to. */
  requireTerms: () => boolean;
  terms: ReactNode;
  /** After a successful login, whichever way it went. */
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
  const message = useMessage();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const errors = useFieldErrors();
  const captchaImage = useCaptcha(needCaptcha);
  const login = useLogin();

  const submit = () => {
    const input = {
      account,
      password,
      ...(needCaptcha ? { captchaKey: captchaImage.data?.captchaKey ?? '', captcha } : {}),
    };
    const parsed = ZLoginRequest.safeParse(input);
    const found: FieldErrorKeys = parsed.success ? {} : fieldErrors(parsed.error.issues);
    if (needCaptcha && !captcha.trim()) found.captcha = 'captcha.required';
    errors.setAll(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    if (!requireTerms()) return;
    login.mutate(parsed.data, {
      onSuccess: onDone,
      onError: (error) => {
        errors.setFromServer(error);
        if (needsCaptcha(error) || needCaptcha) {
          // A captcha is single use: every failed try needs a new one.
          setNeedCaptcha(true);
          setCaptcha('');
          if (needCaptcha) void captchaImage.refetch();
        }
      },
    });
  };

  return (
    <AuthForm onSubmit={submit} submitLabel={t('login.submit')} submitting={login.isPending}>
      <TextField
        icon={<UserOutline />}
        error={errors.show('account')}
        value={account}
        onChange={setAccount}
        placeholder={t('login.accountPlaceholder')}
        autoComplete="username"
        name="account"
        maxLength={18}
      />
      <PasswordField
        error={errors.show('password')}
        value={password}
        onChange={setPassword}
        placeholder={t('login.passwordPlaceholder')}
        autoComplete="current-password"
        name="password"
      />
      {needCaptcha && (
        <CaptchaField
          svg={captchaImage.data?.svg}
          loading={captchaImage.isFetching}
          value={captcha}
          onChange={setCaptcha}
          onRefresh={() => void captchaImage.refetch()}
          error={errors.show('captcha') ?? (captchaImage.isError ? message('common.networkError') : undefined)}
        />
      )}
      {terms}
    </AuthForm>
  );
}

function CodeLoginForm({ requireTerms, terms, onDone }: FormProps) {
  const { t } = useTranslation('accounts');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const errors = useFieldErrors();
  const login = useLoginCode();

  const submit = () => {
    const parsed = ZLoginCodeRequest.safeParse({ phone, code });
    if (!parsed.success) {
      errors.setAll(fieldErrors(parsed.error.issues));
      return;
    }
    errors.setAll({});
    if (!requireTerms()) return;
    login.mutate(parsed.data, { onSuccess: onDone, onError: errors.setFromServer });
  };

  return (
    <AuthForm onSubmit={submit} submitLabel={t('login.submit')} submitting={login.isPending}>
      <PhoneCodeFields
        purpose="login"
        phone={phone}
        onPhoneChange={setPhone}
        code={code}
        onCodeChange={setCode}
        errors={errors}
      />
      {terms}
    </AuthForm>
  );
}

/** SPEC §2 login/login: password or SMS code; the terms must be agreed to first. */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const message = useMessage();
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
  const onDone = () => {
    showSuccess(t('login.success'));
    finish();
  };
  const props: FormProps = { requireTerms, terms, onDone };

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
      <AuthSwitch question={t('login.noAccount')} linkLabel={t('login.toRegister')} to={Paths.register} />
    </Page>
  );
}
