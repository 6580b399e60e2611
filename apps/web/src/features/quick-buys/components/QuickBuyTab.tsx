import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { TabHeader } from '../../../components/TabHeader';
import { showComingSoon } from '../../../lib/feedback';
import { redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';

/** Quick buy tab: subscriptions and their matches arrive with the quick-buys feature. */
export default function QuickBuyTab() {
  const { t } = useTranslation('root');
  const { loggedIn } = useSession();
  const subscribe = () => {
    // SPEC §6: a visitor is sent to login for login-required actions.
    if (!loggedIn) redirectToLogin();
    else showComingSoon(t('quickBuy.subscribe'));
  };
  return (
    <>
      <TabHeader title={t('quickBuy.title')} />
      <div className="mm-tab-fill">
        <EmptyState
          kind="cart"
          title={t('quickBuy.emptyTitle')}
          description={t('quickBuy.emptyText')}
          action={
            <Button color="primary" shape="rounded" onClick={subscribe}>
              {t('quickBuy.subscribe')}
            </Button>
          }
        />
      </div>
    </>
  );
}
