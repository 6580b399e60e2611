import { Calls, MAX_QUICK_BUY_SUBSCRIPTIONS, type TQuickBuySubscription } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import DeleteOutline from 'antd-mobile-icons/es/DeleteOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { confirmDestructive, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showFail, showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useCanCall } from '../../staff/useCan';
import { useDeleteQuickBuy, useQuickBuySubscriptions } from '../api';
import { subscriptionLabel } from '../label';
import '../quick-buys.css';
import { useRegionName } from '../../../lib/regionName';

/** SPEC §2 quick_buy/quick_buy_set: the user's subscriptions; each can be deleted after a question. */
export default function QuickBuySetPage() {
  const { t } = useTranslation('quickBuys');
  const regionName = useRegionName();
  useDialogsClosedOnLeave();
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const subscriptions = useQuickBuySubscriptions();
  const remove = useDeleteQuickBuy();
  // Adding and deleting the company's subscriptions need 'inquiry' (staff); without it the page only lists.
  const canAdd = useCanCall(Calls.quickBuyAdd);
  const canDelete = useCanCall(Calls.quickBuyDelete);
  const held = subscriptions.data?.length ?? 0;
  const full = held >= MAX_QUICK_BUY_SUBSCRIPTIONS;
  const add = () => (full ? showFail(t('full')) : navigate(Paths.quickBuySetAdd));

  const confirmDelete = async (subscription: TQuickBuySubscription) => {
    const confirmed = await confirmDestructive({
      content: t('deleteConfirm', { label: subscriptionLabel(subscription, t) }),
      confirmText: t('deleteOk'),
      cancelText: t('cancel'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(subscription.id);
      showSuccess(t('deleted'));
    } catch {
      // The toast has said why.
    }
  };

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        kind="cart"
        title={t('loginTitle')}
        action={{ label: t('login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (subscriptions.isError) {
    body = <ErrorScreen error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />;
  } else if (!subscriptions.data) {
    body = (
      <section className="mm-card mm-qb-skeleton" aria-busy="true">
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  } else if (subscriptions.data.length === 0) {
    body = (
      <EmptyState
        kind="cart"
        title={t('setEmptyTitle')}
        description={t('setEmptyText')}
        {...(canAdd ? { action: { label: t('add'), onClick: add } } : {})}
      />
    );
  } else {
    body = (
      <>
        <p className="mm-qb-intro">{t('setIntro', { max: MAX_QUICK_BUY_SUBSCRIPTIONS, count: held })}</p>
        <section className="mm-card mm-qb-subscriptions" data-testid="quick-buy-subscriptions">
          {subscriptions.data.map((subscription) => (
            <div key={subscription.id} className="mm-qb-subscription" data-testid="quick-buy-subscription">
              <div className="mm-qb-subscription-main">
                <strong>{subscription.sortName}</strong>
                <span className="mm-qb-subscription-spec">{subscription.specification || t('wholeCategory')}</span>
                <span className="mm-qb-subscription-place">
                  {subscription.province ? regionName(subscription.province) : t('anywhere')}
                </span>
              </div>
              {canDelete && (
                <button
                  type="button"
                  className="mm-qb-delete"
                  aria-label={t('delete')}
                  onClick={() => void confirmDelete(subscription)}
                  data-testid="quick-buy-delete"
                >
                  <DeleteOutline aria-hidden="true" />
                  <span>{t('delete')}</span>
                </button>
              )}
            </div>
          ))}
        </section>
      </>
    );
  }

  return (
    <Page
      title={t('setTitle')}
      backTo={rootPath('quickBuy')}
      className="mm-qb-page"
      right={
        loggedIn &&
        canAdd && (
          <button type="button" className="mm-header-action" onClick={add} data-testid="quick-buy-add">
            {t('addShort')}
          </button>
        )
      }
    >
      {loggedIn ? (
        <PullToRefresh onRefresh={async () => void (await subscriptions.refetch())}>{body}</PullToRefresh>
      ) : (
        body
      )}
    </Page>
  );
}
