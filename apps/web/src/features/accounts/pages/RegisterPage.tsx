import { ZRegisterRequest } from '@metal/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { Page } from '../../../components/Page';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { fieldErrors, useMessage } from '../../../lib/validation';
import { useRegister } from '../api';
import { AuthForm } from '../components/AuthForm';
import { AuthHeader } from '../components/AuthHeader';
import { AuthSwitch } from '../components/AuthSwitch';
import { PasswordField } from '../components/PasswordField';
import { PhoneCodeFields } from '../components/PhoneCodeFields';
import { TermsAgreement } from '../components/TermsAgreement';
import '../accounts.css';

/** Register with phone, SMS code and password (SPEC has no route for it; it sits beside login). */
export default function RegisterPage() {
  const { t } = useTranslation('accounts');
  const message = useMessage();
  const navigate = useNavigate();
  const register = useRegister();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [agreed, setAgreed] = useState(false);
  const errors = useFieldErrors();

  const submit = () => {
    const parsed = ZRegisterRequest.safeParse({ phone, code, password, password2, agree: agreed ? 1 : 0 });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      // zod checks the match only once every field is valid; say it now, with the others.
      if (!found.password2 && !found.password && password2 !== password) found.password2 = 'password.mismatch';
      errors.setAll(found);
      // The terms are the only problem: say so, as login does.
      if (found.agree && Object.keys(found).length === 1) showFail(message(found.agree));
      return;
    }
    errors.setAll({});
    register.mutate(parsed.data, {
      onSuccess: () => {
        showSuccess(t('register.success'));
        navigate(rootPath('me'), { replace: true });
      },
      onError: errors.setFromServer,
    });
  };

  return (
    <Page className="mm-page-white mm-auth" title={t('register.title')} backTo={Paths.login}>
      <AuthHeader heading={t('register.heading')} subtitle={t('register.subtitle')} />
      <AuthForm onSubmit={submit} submitLabel={t('register.submit')} submitting={register.isPending}>
        <PhoneCodeFields
          purpose="register"
          phone={phone}
          onPhoneChange={setPhone}
          code={code}
          onCodeChange={setCode}
          errors={errors}
        />
        <PasswordField
          error={errors.show('password')}
          value={password}
          onChange={setPassword}
          placeholder={t('register.passwordPlaceholder')}
          autoComplete="new-password"
          name="password"
        />
        <PasswordField
          error={errors.show('password2')}
          value={password2}
          onChange={setPassword2}
          placeholder={t('register.password2Placeholder')}
          autoComplete="new-password"
          name="password2"
        />
        <TermsAgreement checked={agreed} onChange={setAgreed} highlight={Boolean(errors.keys.agree)} />
        {errors.keys.agree && !agreed && (
          <div className="mm-field-error mm-terms-error" role="alert">
            {errors.show('agree')}
          </div>
        )}
      </AuthForm>
      <AuthSwitch question={t('register.hasAccount')} linkLabel={t('register.toLogin')} to={Paths.login} />
    </Page>
  );
}
