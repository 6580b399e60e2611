import { CodeFlag, type TVerificationStatus, ZVerificationStatus, ZVerifySubmitRequest } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import Skeleton from 'antd-mobile/es/components/skeleton';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import UserContactOutline from 'antd-mobile-icons/es/UserContactOutline';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { useFieldErrors } from '../../../components/form/useFieldErrors';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { retryAfterOf, waitText } from '../../../lib/errors';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCountdown } from '../../../lib/useCountdown';
import { fieldErrors } from '../../../lib/validation';
import { useSubmitVerification, useVerificationStatus } from '../api';
import { idNumberTyping } from '../format';
import '../verification.css';

type Field = 'realName' | 'idNumber';

/** Whether the form can take a check now; otherwise auth_result says where the person stands. */
const canSubmit = (status: TVerificationStatus) =>
  !status.verified && status.state !== 'escalationPending' && status.attemptsLeft > 0;

interface FieldRowProps {
  label: string;
  error: string | undefined;
  children: ReactNode;
}

function FieldRow({ label, error, children }: FieldRowProps) {
  return (
    <div className={`mm-vf-field ${error ? 'has-error' : ''}`}>
      <div className="mm-vf-field-row">
        <span className="mm-vf-label">{label}</span>
        <div className="mm-vf-input">{children}</div>
      </div>
      {error && (
        <div className="mm-vf-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The real name and ID number, checked as they are typed with the rules the server applies. */
function VerifyForm({
  status,
  submitMutation,
}: {
  status: TVerificationStatus;
  submitMutation: ReturnType<typeof useSubmitVerification>;
}) {
  const { t } = useTranslation('verification');
  const navigate = useNavigate();
  const [values, setValues] = useState({ realName: '', idNumber: '' });
  // A field is checked live once it has been left, or once a whole number is typed, or after a submit.
  const [touched, setTouched] = useState<Record<Field, boolean>>({ realName: false, idNumber: false });
  const errors = useFieldErrors();
  // The provider did not answer: the answer carries the status, which shows the attempt was not used.
  const [unanswered, setUnanswered] = useState(false);
  // Refused as too frequent (a check still running, or many tries from one address): no attempt was
  // used, so the attempts line stays true, and the page says how long until the form takes one again.
  const wait = useCountdown();

  const checkField = (field: Field, value: string) => {
    const result = ZVerifySubmitRequest.shape[field].safeParse(value);
    errors.set(field, result.success ? '' : (result.error.issues[0]?.message ?? 'common.invalidInput'));
  };
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    const live = touched[field] || (field === 'idNumber' && value.length === 18);
    if (live) {
      setTouched((current) => ({ ...current, [field]: true }));
      checkField(field, value);
    }
  };
  const leave = (field: Field) => {
    if (!values[field]) return;
    setTouched((current) => ({ ...current, [field]: true }));
    checkField(field, values[field]);
  };

  const submit = () => {
    setTouched({ realName: true, idNumber: true });
    const parsed = ZVerifySubmitRequest.safeParse(values);
    if (!parsed.success) {
      errors.setAll(fieldErrors(parsed.error.issues));
      return;
    }
    errors.setAll({});
    setUnanswered(false);
    submitMutation.mutate(values, {
      onSuccess: (next) => navigate(Paths.authResult, { replace: true, state: { justVerified: next.verified } }),
      onError: (error) => {
        errors.setFromServer(error);
        if (!isApiError(error)) return;
        const retryAfter = retryAfterOf(error);
        // A refusal at the limit and a provider outage carry the status: at the limit auth_result
        // shows the options; after an outage the form stays, saying no attempt was used.
        const answered = ZVerificationStatus.safeParse(error.data);
        if (!answered.success) {
          if (retryAfter) wait.start(retryAfter);
          return;
        }
        if (answered.data.attemptsLeft === 0) navigate(Paths.authResult, { replace: true });
        else if (error.codeFlag === CodeFlag.serverFault) setUnanswered(true);
      },
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <section className="mm-card mm-vf-form">
        <FieldRow label={t('form.realName')} error={errors.show('realName')}>
          <Input
            name="realName"
            value={values.realName}
            onChange={(value) => change('realName', value)}
            onBlur={() => leave('realName')}
            placeholder={t('form.realNamePlaceholder')}
            aria-label={t('form.realName')}
            autoComplete="name"
            maxLength={30}
            clearable
          />
        </FieldRow>
        <FieldRow label={t('form.idNumber')} error={errors.show('idNumber')}>
          <Input
            name="idNumber"
            value={values.idNumber}
            onChange={(value) => change('idNumber', idNumberTyping(value))}
            onBlur={() => leave('idNumber')}
            placeholder={t('form.idNumberPlaceholder')}
            aria-label={t('form.idNumber')}
            autoComplete="off"
            clearable
          />
        </FieldRow>
      </section>
      {unanswered && (
        <p className="mm-vf-unavailable" role="alert" data-testid="provider-unavailable">
          {t('form.unavailable')}
        </p>
      )}
      {wait.running && (
        <p className="mm-vf-unavailable" role="alert" data-testid="too-frequent">
          {t('form.tooFrequent', { wait: waitText(wait.seconds) })}
        </p>
      )}
      <p className="mm-vf-attempts" data-testid="attempts-left">
        <span>{t('form.attemptsLeft', { left: status.attemptsLeft })}</span>
        <span>{t('form.dailyLimit', { limit: status.dailyLimit })}</span>
      </p>
      <div className="mm-vf-submit">
        <Button
          block
          type="submit"
          color="primary"
          size="large"
          shape="rounded"
          loading={submitMutation.isPending}
          disabled={wait.running}
        >
          {t('form.submit')}
        </Button>
      </div>
      <aside className="mm-vf-privacy">
        <LockOutline aria-hidden="true" />
        <div>
          <strong>{t('form.privacyTitle')}</strong>
          <p>{t('form.privacy')}</p>
        </div>
      </aside>
    </form>
  );
}

/** SPEC §2 pagesA/face_verify: real name and ID number (SPEC §3), then auth_result. */
export default function FaceVerifyPage() {
  const { t } = useTranslation('verification');
  const { loggedIn } = useSession();
  const status = useVerificationStatus();
  // A check's answer also moves the page on when it leaves nothing to submit (verified, the limit).
  const submitMutation = useSubmitVerification();
  const resultState = { justVerified: submitMutation.data?.verified === true };

  if (!loggedIn) return <Navigate to={Paths.login} replace />;

  let body: ReactNode;
  if (status.isError) {
    body = <ErrorScreen error={status.error} onRetry={() => void status.refetch()} />;
  } else if (!status.data) {
    body = (
      <section className="mm-card mm-vf-form" aria-hidden="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </section>
    );
  } else if (!canSubmit(status.data)) {
    return <Navigate to={Paths.authResult} replace state={resultState} />;
  } else {
    body = <VerifyForm status={status.data} submitMutation={submitMutation} />;
  }

  return (
    <Page title={t('title')} backTo={rootPath('me')} className="mm-vf">
      <header className="mm-vf-intro">
        <span className="mm-vf-badge" aria-hidden="true">
          <UserContactOutline />
        </span>
        <h1>{t('intro.heading')}</h1>
        <p>{t('intro.text')}</p>
      </header>
      {body}
    </Page>
  );
}
