import { useTranslation } from 'react-i18next';
import { EmptyTab } from '../../../components/EmptyTab';
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
    <EmptyTab
      tabTitle={t('quickBuy.title')}
      kind="cart"
      title={t('quickBuy.emptyTitle')}
      description={t('quickBuy.emptyText')}
      action={{ label: t('quickBuy.subscribe'), onClick: subscribe }}
    />
  );
}
