import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { usePayOrder } from '../api';
import { LoginFirst } from '../components/LoginFirst';
import { Receipt } from '../components/Receipt';
import { payDeskPath, paySuccessPath } from '../links';
import '../payments.css';

/**
 * SPEC §2 pagesA/pay/pay: where the buyer waits for a payment to be confirmed. It asks `pay/status`
 * every few seconds (the server asks the provider) until the order is paid — then the success page —
 * or closed; "I have paid" only asks at once. A bank transfer waits here for the operator's check.
 */
export default function PayPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const { loggedIn } = useSession();
  const order = usePayOrder(orderNo, { poll: true });
  const data = order.data;

  if (!orderNo) return <NotFoundScreen title={t('notFound')} />;
  if (data && data.state !== 'unpaid' && data.state !== 'closed')
    return <Navigate to={paySuccessPath(orderNo)} replace />;

  let body: ReactNode;
  if (!loggedIn) {
    body = <LoginFirst title={t('login.title')} text={t('login.text')} action={t('login.action')} />;
  } else if (order.isPending) {
    body = <PageLoading />;
  } else if (!data) {
    body = <ErrorScreen error={order.error} onRetry={() => void order.refetch()} notFoundTitle={t('notFound')} />;
  } else if (data.state === 'closed') {
    body = (
      <EmptyState
        kind="wait"
        title={t('pay.closed')}
        description={t('pay.closedText')}
        action={{ label: t('pay.vipCenter'), onClick: () => navigate(Paths.vipCenter, { replace: true }) }}
      />
    );
  } else {
    const slip = data.slips[0];
    const transfer = data.channel === 'offline';
    const status: { title: string; text: string; tone: string } = !transfer
      ? { title: t('pay.checking'), text: t('pay.checkingText'), tone: 'checking' }
      : slip?.state === 'pending'
        ? { title: t('pay.waiting'), text: t('pay.waitingText'), tone: 'waiting' }
        : slip?.state === 'rejected'
          ? { title: t('pay.rejected'), text: t('pay.rejectedReason', { reason: slip.reason }), tone: 'rejected' }
          : { title: t('pay.noSlip'), text: '', tone: 'waiting' };
    body = (
      <>
        <section className={`mm-card mm-pay-status is-${status.tone}`} data-testid="pay-status" aria-live="polite">
          {status.tone !== 'rejected' && <DotLoading color="primary" />}
          <strong>{status.title}</strong>
          {status.text && <p>{status.text}</p>}
        </section>
        <section className="mm-card mm-pay-card">
          <Receipt order={data} />
        </section>
        <div className="mm-pay-actions">
          {!transfer && (
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              loading={order.isFetching}
              onClick={() => void order.refetch()}
              data-testid="pay-check"
            >
              {t('pay.paid')}
            </Button>
          )}
          {transfer && slip?.state !== 'pending' && (
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              onClick={() => navigate(payDeskPath(orderNo))}
              data-testid="pay-reupload"
            >
              {slip ? t('pay.reupload') : t('pay.toTransfer')}
            </Button>
          )}
          <Button
            block
            fill="outline"
            color="primary"
            shape="rounded"
            size="large"
            onClick={() => navigate(payDeskPath(orderNo))}
          >
            {t('pay.other')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Page title={t('pay.title')} backTo={Paths.payOrders} className="mm-pay">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await order.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
