import { formatCents, type TPayOrder } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { usePayOrders } from '../api';
import { LoginFirst } from '../components/LoginFirst';
import { Receipt, StateTag } from '../components/Receipt';
import { payDeskPath, payPagePath } from '../links';
import '../payments.css';

/** One order with its receipt, refunds and transfer slip, and the way to pay it while it is open. */
function OrderCard({ order }: { order: TPayOrder }) {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const slip = order.slips[0];
  // Unpaid is open: the server closes an order when its time is up, by its own clock.
  const payable = order.state === 'unpaid';
  const waitingForOperator = order.channel === 'offline' && slip?.state === 'pending';
  return (
    <article className="mm-card mm-pay-order" data-testid="pay-order">
      <header>
        <strong className="mm-pay-order-subject">{order.subject}</strong>
        <StateTag state={order.state} />
      </header>
      <Receipt order={order} subject={false} />
      {order.refunds.length > 0 && (
        <ul className="mm-pay-refunds">
          {order.refunds.map((refund) => (
            <li key={refund.refundNo}>
              <span>
                {refund.secondPayment
                  ? t('orders.secondPaymentRefund', { amount: formatCents(refund.amountFen) })
                  : t('orders.refund', { amount: formatCents(refund.amountFen), reason: refund.reason })}
              </span>
              <em>{t(`orders.refundStates.${refund.state}`)}</em>
            </li>
          ))}
        </ul>
      )}
      {order.state === 'unpaid' && slip && (
        <p className={`mm-pay-note ${slip.state === 'rejected' ? 'is-error' : ''}`}>
          {slip.state === 'rejected' ? t('orders.slipRejected', { reason: slip.reason }) : t('orders.slipPending')}
        </p>
      )}
      {payable && (
        <Button
          size="small"
          color="primary"
          shape="rounded"
          className="mm-pay-order-action"
          onClick={() => navigate(waitingForOperator ? payPagePath(order.orderNo) : payDeskPath(order.orderNo))}
        >
          {waitingForOperator ? t('orders.progress') : t('orders.pay')}
        </Button>
      )}
    </article>
  );
}

/** The company's payment orders (`pay/orders`), newest first, each with its receipt: number, amount, channel, paid time, state. */
export default function PayOrdersPage() {
  const { t } = useTranslation('payments');
  const { loggedIn } = useSession();
  const orders = usePayOrders();
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (!loggedIn) {
    body = <LoginFirst title={t('login.title')} text={t('login.text')} action={t('login.action')} />;
  } else if (orders.isError && rows.length === 0) {
    body = <ErrorScreen error={orders.error} onRetry={() => void orders.refetch()} />;
  } else if (orders.isPending) {
    body = (
      <section className="mm-card mm-pay-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (rows.length === 0) {
    body = <EmptyState kind="inbox" title={t('orders.empty')} description={t('orders.emptyText')} />;
  } else {
    body = (
      <>
        {rows.map((order) => (
          <OrderCard key={order.orderNo} order={order} />
        ))}
        <InfiniteScroll
          loadMore={async () => void (await orders.fetchNextPage())}
          hasMore={orders.hasNextPage && !orders.isFetchNextPageError}
        >
          {orders.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('orders.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page title={t('orders.title')} backTo={Paths.vipCenter} className="mm-pay">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await orders.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
