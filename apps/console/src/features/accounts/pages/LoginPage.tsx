import LockOutlined from '@ant-design/icons/LockOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import { ZLoginFailure } from '@metal/shared';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LanguageSwitch } from '../../../app/LanguageSwitch';
import { isApiError } from '../../../lib/api';
import { showSuccess } from '../../../lib/feedback';
import { Paths } from '../../../lib/navigation';
import { sessionEndReason, useSession } from '../../../lib/session';
import { NotOperatorError, useCaptcha, useOperatorLogin } from '../api';
import { CaptchaInput } from '../components/CaptchaInput';

interface LoginFields {
  account: string;
  password: string;
  captcha?: string;
}

/** Where the login was opened from (RequireOperator passes it). */
export interface LoginState {
  from?: string;
}

/** Whether a failed login says the image captcha is now needed (codeFlag 2 with `data.needCaptcha`). */
function needsCaptcha(error: unknown): boolean {
  if (!isApiError(error)) return false;
  const failure = ZLoginFailure.safeParse(error.data);
  return (failure.success && failure.data.needCaptcha) || Boolean(error.errors?.captcha);
}

/** The console's login: account and password (and the image captcha once the server asks), operators only. */
export default function LoginPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginState;
  const session = useSession();
  const [form] = Form.useForm<LoginFields>();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [refused, setRefused] = useState(false);
  const captchaImage = useCaptcha(needCaptcha);
  const login = useOperatorLogin();

  if (session && !login.isPending && !login.isSuccess) return <Navigate to={Paths.home} replace />;

  const submit = (fields: LoginFields) => {
    setRefused(false);
    const input = {
      account: fields.account.trim(),
      password: fields.password,
      ...(needCaptcha
        ? { captchaKey: captchaImage.data?.captchaKey ?? '', captcha: fields.captcha?.trim() ?? '' }
        : {}),
    };
    login.mutate(input, {
      onSuccess: (operator) => {
        showSuccess(t('login.welcome', { name: operator.name }));
        navigate(state.from ?? Paths.home, { replace: true });
      },
      onError: (error) => {
        if (error instanceof NotOperatorError) {
          setRefused(true);
          form.setFieldValue('password', '');
        }
        if (isApiError(error) && error.errors) {
          form.setFields(
            Object.entries(error.errors)
              .filter(([name]) => name === 'account' || name === 'password' || name === 'captcha')
              .map(([name, message]) => ({ name: name as keyof LoginFields, errors: [message] })),
          );
        }
        if (needsCaptcha(error) || needCaptcha) {
          // A captcha is single use: every failed try needs a new one.
          form.setFieldValue('captcha', '');
          if (needCaptcha) void captchaImage.refetch();
          setNeedCaptcha(true);
        }
      },
    });
  };

  return (
    <main className="mc-login">
      <div className="mc-login-lang">
        <LanguageSwitch />
      </div>
      <Card className="mc-login-card">
        <Typography.Title level={3} style={{ marginTop: 0, marginBottom: 4 }}>
          {t('login.heading')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {refused && (
          <Alert
            type="error"
            showIcon
            title={t('login.notOperator')}
            description={t('login.notOperatorHint')}
            style={{ marginBottom: 16 }}
            data-testid="not-operator"
          />
        )}
        {!refused && sessionEndReason() === 'roleRemoved' && (
          <Alert type="warning" showIcon title={t('login.roleRemoved')} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={login.isPending}>
          <Form.Item
            name="account"
            label={t('login.account')}
            rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
          >
            <Input
              size="large"
              prefix={<UserOutlined />}
              placeholder={t('login.accountPlaceholder')}
              autoComplete="username"
              maxLength={18}
            />
          </Form.Item>
          <Form.Item
            name="password"
            label={t('login.password')}
            rules={[{ required: true, message: t('login.passwordRequired') }]}
          >
            <Input.Password
              size="large"
              prefix={<LockOutlined />}
              placeholder={t('login.passwordPlaceholder')}
              autoComplete="current-password"
              maxLength={64}
            />
          </Form.Item>
          {needCaptcha && (
            <Form.Item
              name="captcha"
              label={t('login.captcha')}
              rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
            >
              <CaptchaInput
                svg={captchaImage.data?.svg}
                loading={captchaImage.isFetching}
                onRefresh={() => void captchaImage.refetch()}
              />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
            {t('login.submit')}
          </Button>
        </Form>
      </Card>
    </main>
  );
}
