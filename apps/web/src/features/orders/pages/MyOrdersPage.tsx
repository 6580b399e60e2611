import {
  ORDER_LIST_ROLES,
  ORDER_STATES,
  type OrderListRole,
  type OrderState,
  orderDetailPath,
  type TOrderSummary,
} from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, redirectToLogin, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useOrders } from '../api';
import { StateTag } from '../components/StateTag';
import { minuteOf, money, tons } from '../format';
import '../orders.css';

function OrderRow({ order, role }: { order: TOrderSummary; role: OrderListRole }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const other = role === 'bought' ? order.seller : order.buyer;
  const product = order.firstItem.product;
  return (
    <button
      type="button"
      className="mm-card mm-order-row"
      onClick={() => navigate(orderDetailPath(order.id))}
      data-testid="order-row"
    >
      <span className="mm-order-row-head">
        <strong className="mm-order-ellipsis">{other.companyName}</strong>
        <StateTag state={order.state} />
      </span>
      <span className="mm-order-row-goods">
        <span className="mm-order-ellipsis">
          {product.productName}
          {order.itemCount > 1 && ` ${t('list.moreItems', { count: order.itemCount })}`}
        </span>
        <span className="mm-order-muted">{t('unit.tons', { tons: tons(order.totalKg) })}</span>
      </span>
      <span className="mm-order-row-foot">
        <span className="mm-order-muted">
          {order.orderNo} · {minuteOf(order.createdAt)}
        </span>
        <strong>{money(order.totalFen, t('priceOnRequest'))}</strong>
      </span>
      {order.deadline && (
        <span className="mm-order-deadline">{t('list.deadline', { time: minuteOf(order.deadline) })}</span>
      )}
    </button>
  );
}

function OrderList({ role, state }: { role: OrderListRole; state: OrderState | '' }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const orders = useOrders(role, state);
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  let body: ReactNode;
  if (orders.isError && rows.length === 0) {
    body = <ErrorScreen error={orders.error} onRetry={() => void orders.refetch()} />;
  } else if (orders.isPending) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState
        kind="inbox"
        title={t(state ? 'list.emptyState' : `list.empty.${role}`)}
        description={role === 'bought' ? t('list.emptyText') : undefined}
        action={
          role === 'bought' && !state
            ? { label: t('list.browse'), onClick: () => navigate(Paths.stockList) }
            : undefined
        }
      />
    );
  } else {
    body = (
      <>
        {rows.map((order) => (
          <OrderRow key={order.id} order={order} role={role} />
        ))}
        <InfiniteScroll
          loadMore={async () => void (await orders.fetchNextPage())}
          hasMore={orders.hasNextPage && !orders.isFetchNextPageError}
        >
          {orders.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }
  return <PullToRefresh onRefresh={async () => void (await orders.refetch())}>{body}</PullToRefresh>;
}

/** My orders: what my company bought and what it sold (`order/list`), by state, newest first. */
export default function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const { loggedIn } = useSession();
  const [params, setParams] = useSearchParams();
  const role: OrderListRole = params.get('role') === 'sold' ? 'sold' : 'bought';
  const stateParam = params.get('state') ?? '';
  const state = (ORDER_STATES as readonly string[]).includes(stateParam) ? (stateParam as OrderState) : '';
  const choose = (next: { role?: OrderListRole; state?: OrderState | '' }) => {
    const query = new URLSearchParams({ role: next.role ?? role });
    const nextState = next.state ?? (next.role ? '' : state);
    if (nextState) query.set('state', nextState);
    setParams(query, { replace: true });
  };
  return (
    <Page title={t('list.title')} backTo={rootPath('me')} className="mm-order-page">
      {loggedIn ? (
        <>
          <Tabs activeKey={role} onChange={(key) => choose({ role: key as OrderListRole })} className="mm-order-tabs">
            {ORDER_LIST_ROLES.map((key) => (
              <Tabs.Tab key={key} title={t(`list.roles.${key}`)} />
            ))}
          </Tabs>
          <div className="mm-order-chips">
            {(['', ...ORDER_STATES] as const).map((key) => (
              <button
                key={key || 'all'}
                type="button"
                aria-pressed={state === key}
                className={`mm-order-chip ${state === key ? 'is-on' : ''}`}
                onClick={() => choose({ state: key })}
                data-testid={`order-state-${key || 'all'}`}
              >
                {key ? t(`states.${key}`) : t('list.all')}
              </button>
            ))}
          </div>
          <OrderList key={`${role}-${state}`} role={role} state={state} />
        </>
      ) : (
        <EmptyState kind="inbox" title={t('loginTitle')} action={{ label: t('login'), onClick: redirectToLogin }} />
      )}
    </Page>
  );
}
