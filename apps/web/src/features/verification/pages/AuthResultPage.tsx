import { type TVerificationStatus, translate } from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'antd-mobile/es/components/button';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Result from 'antd-mobile/es/components/result';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page, useBack } from '../../../components/Page';
import { useLanguage } from '../../../lib/i18n';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useVerificationStatus, verificationKeys } from '../api';
import { EscalationForm } from '../components/EscalationForm';
import { IdentityDetails } from '../components/IdentityDetails';
import { shanghaiMinute } from '../format';
import '../verification.css';

interface Action {
  label: string;
  onClick: () => void;
  primary?: boolean;
  testId: string;
}

function Actions({ actions }: { actions: Action[] }) {
  return (
    <div className="mm-vf-actions">
      {actions.map((action) => (
        <Button
          key={action.testId}
          shape="rounded"
          color={action.primary ? 'primary' : 'default'}
          onClick={action.onClick}
          data-testid={action.testId}
        >
          {action.label}
        </Button>
      ))}
    </div>
  );
}

/** What the person sent customer service, and when. */
function EscalationNote({ status }: { status: TVerificationStatus }) {
  const { t } = useTranslation('verification');
  if (!status.escalation) return null;
  return (
    <dl className="mm-card mm-vf-details">
      <div className="is-block">
        <dt>{t('result.yourNote')}</dt>
        <dd>{status.escalation.note}</dd>
      </div>
      <div>
        <dt>{t('result.submittedAt')}</dt>
        <dd>{shanghaiMinute(status.escalation.createdAt)}</dd>
      </div>
    </dl>
  );
}

/** SPEC §4: success, failure, or the attempt limit (attempts shown) with retry or contact service. */
function ResultBody({ status, justVerified }: { status: TVerificationStatus; justVerified: boolean }) {
  const { t } = useTranslation('verification');
  const [lang] = useLanguage();
  const navigate = useNavigate();
  const leave = useBack(rootPath('me'));
  const [contacting, setContacting] = useState(false);

  const retryNow: Action = {
    label: t('result.retryNow'),
    onClick: () => navigate(Paths.faceVerify, { replace: true }),
    primary: true,
    testId: 'retry-now',
  };
  const retryLater: Action = { label: t('result.retryLater'), onClick: leave, testId: 'retry-later' };
  const contact: Action = {
    label: t('result.contactService'),
    onClick: () => setContacting(true),
    primary: true,
    testId: 'contact-service',
  };
  const escalation = contacting && status.canEscalate ? <EscalationForm onCancel={() => setContacting(false)} /> : null;
  // While the form is open, its own buttons are the way on.
  const offer = (actions: Action[]) => (escalation ? actions.filter((action) => action !== contact) : actions);
  const attemptsLeft = <p className="mm-vf-left">{t('result.attemptsLeft', { left: status.attemptsLeft })}</p>;
  const retryTime = status.retryAt ? shanghaiMinute(status.retryAt) : '';

  switch (status.state) {
    case 'verified':
      return (
        <>
          <Result
            status="success"
            title={t(justVerified ? 'result.verifiedTitle' : 'result.alreadyTitle')}
            description={t('result.verifiedText')}
          />
          <IdentityDetails status={status} />
          <Actions actions={[{ label: t('result.done'), onClick: leave, primary: true, testId: 'done' }]} />
        </>
      );
    case 'failed':
      return (
        <>
          <Result status="error" title={t('result.failedTitle')} description={t('result.failedText')} />
          {attemptsLeft}
          <Actions actions={[retryNow]} />
        </>
      );
    case 'limitReached':
      return (
        <>
          <Result
            status="error"
            title={translate('verification.limitReached', lang)}
            description={t('result.limitText', { limit: status.dailyLimit, time: retryTime })}
          />
          {attemptsLeft}
          <Actions actions={offer(status.canEscalate ? [retryLater, contact] : [retryLater])} />
          {escalation}
        </>
      );
    case 'idInUse':
      return (
        <>
          <Result status="warning" title={t('result.idInUseTitle')} description={t('result.idInUseText')} />
          {attemptsLeft}
          <Actions
            actions={offer(
              status.attemptsLeft > 0 ? [{ ...retryNow, primary: false }, contact] : [retryLater, contact],
            )}
          />
          {escalation}
        </>
      );
    case 'escalationPending':
      return (
        <>
          <Result status="waiting" title={t('result.pendingTitle')} description={t('result.pendingText')} />
          <EscalationNote status={status} />
          <Actions actions={[{ label: t('result.done'), onClick: leave, primary: true, testId: 'done' }]} />
        </>
      );
    case 'escalationRejected':
      return (
        <>
          <Result
            status="error"
            title={t('result.rejectedTitle')}
            description={t('result.rejectedReason', { reason: status.escalation?.reason ?? '' })}
          />
          <EscalationNote status={status} />
          {status.attemptsLeft > 0 ? (
            <>
              {attemptsLeft}
              <Actions actions={[retryNow]} />
            </>
          ) : (
            <>
              <p className="mm-vf-left">{t('result.limitWait', { limit: status.dailyLimit, time: retryTime })}</p>
              <Actions actions={[retryLater]} />
            </>
          )}
        </>
      );
    case 'unverified':
      return <Navigate to={Paths.faceVerify} replace />;
  }
}

/** SPEC §2 pagesA/auth_result: where the person's verification stands, and the way on from there. */
export default function AuthResultPage() {
  const { t } = useTranslation('verification');
  const { loggedIn } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const status = useVerificationStatus();
  const justVerified = (location.state as { justVerified?: boolean } | null)?.justVerified === true;

  if (!loggedIn) return <Navigate to={Paths.login} replace />;

  let body: ReactNode;
  if (status.isError) {
    body = <ErrorScreen error={status.error} onRetry={() => void status.refetch()} />;
  } else if (!status.data) {
    body = (
      <section className="mm-card mm-vf-form" aria-hidden="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </section>
    );
  } else {
    body = <ResultBody status={status.data} justVerified={justVerified} />;
  }

  return (
    <Page title={t('resultTitle')} backTo={rootPath('me')} className="mm-vf">
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: verificationKeys.all })}>
        <div data-testid="auth-result">{body}</div>
      </PullToRefresh>
    </Page>
  );
}
