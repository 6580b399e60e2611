import { formatCents } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import CheckCircleFill from 'antd-mobile-icons/es/CheckCircleFill';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { usePayOrder, useRefreshAfterPayment } from '../api';
import { LoginFirst } from '../components/LoginFirst';
import { Receipt } from '../components/Receipt';
import { payPagePath } from '../links';
import { purchaseNote } from '../purchase';
import '../payments.css';

/** The way on after a purchase: back where the buyer was going, named for the pages that sell something. */
function wayOnLabel(next: string): 'visitors' | 'forecast' | 'back' {
  if (next.startsWith('/pages/visitor/')) return 'visitors';
  if (next.startsWith(Paths.forecast)) return 'forecast';
  return 'back';
}

/** Only the app's own pages are a way on (a `next` is never a link elsewhere). */
const inApp = (next: string | undefined): next is string => !!next && /^\/pages[A]?\//.test(next);

/**
 * SPEC §2 uni-pay-x success ('payment succeeded'), where providers return the buyer: the order's
 * receipt once it is paid, what was bought, and the way on. An order not paid yet goes to the payment
 * page, which waits for the provider's word.
 */
export default function PaySuccessPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const orderNo = params.get('orderNo') ?? '';
  const { loggedIn } = useSession();
  const order = usePayOrder(orderNo);
  const refresh = useRefreshAfterPayment();
  const data = order.data;
  const paid = data !== undefined && data.state !== 'unpaid' && data.state !== 'closed';
  const refreshed = useRef(false);

  useEffect(() => {
    if (!paid || refreshed.current) return;
    refreshed.current = true;
    void refresh();
  }, [paid, refresh]);

  if (!orderNo) return <NotFoundScreen title={t('notFound')} />;
  if (data && !paid) return <Navigate to={payPagePath(orderNo)} replace />;

  let body: ReactNode;
  if (!loggedIn) {
    body = <LoginFirst title={t('login.title')} text={t('login.text')} action={t('login.action')} />;
  } else if (order.isPending) {
    body = <PageLoading />;
  } else if (!data) {
    body = <ErrorScreen error={order.error} onRetry={() => void order.refetch()} notFoundTitle={t('notFound')} />;
  } else {
    const note = purchaseNote(orderNo);
    const next = inApp(note?.next) ? note.next : undefined;
    body = (
      <>
        <section className="mm-card mm-pay-success" data-testid="pay-success">
          <CheckCircleFill className="mm-pay-success-icon" />
          <h1>{t('success.heading')}</h1>
          <strong className="mm-pay-amount">{t('money', { amount: formatCents(data.amountFen) })}</strong>
          <p data-testid="pay-bought">{t('success.bought', { item: note?.item ?? data.subject })}</p>
          {data.refundedFen > 0 && (
            <p className="mm-pay-note">{t('success.refunded', { amount: formatCents(data.refundedFen) })}</p>
          )}
        </section>
        <section className="mm-card mm-pay-card">
          <Receipt order={data} />
        </section>
        <div className="mm-pay-actions">
          {next && (
            <Button
              block
              color="primary"
              shape="rounded"
              size="large"
              onClick={() => navigate(next, { replace: true })}
              data-testid="pay-way-on"
            >
              {t(`success.wayOn.${wayOnLabel(next)}`)}
            </Button>
          )}
          {data.purpose === 'membership' && (
            <Button
              block
              color="primary"
              fill={next ? 'outline' : 'solid'}
              shape="rounded"
              size="large"
              onClick={() => navigate(Paths.vipCenter, { replace: true })}
              data-testid="pay-vip-center"
            >
              {t('success.vipCenter')}
            </Button>
          )}
          <Button block fill="none" shape="rounded" size="large" onClick={() => navigate(Paths.payOrders)}>
            {t('success.orders')}
          </Button>
        </div>
      </>
    );
  }

  return (
    <Page title={t('success.title')} backTo={Paths.vipCenter} className="mm-pay">
      {body}
    </Page>
  );
}
