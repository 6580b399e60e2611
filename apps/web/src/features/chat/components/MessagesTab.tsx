import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import BellOutline from 'antd-mobile-icons/es/BellOutline';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { EmptyTab } from '../../../components/EmptyTab';
import { TabHeader } from '../../../components/TabHeader';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useUnreadSize } from '../api';
import '../chat.css';

/** Messages tab: the unread count for a logged-in user; conversations arrive with the chat feature. */
export default function MessagesTab() {
  const { t } = useTranslation('root');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const unread = useUnreadSize();

  if (!loggedIn) {
    return (
      <EmptyTab
        tabTitle={t('messages.title')}
        kind="message"
        title={t('messages.visitorTitle')}
        description={t('messages.visitorText')}
        action={{ label: t('messages.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  }

  return (
    <>
      <TabHeader title={t('messages.title')} />
      <PullToRefresh
        onRefresh={async () => {
          await unread.refetch();
        }}
      >
        <div className="mm-card mm-unread-card">
          <span className="mm-unread-icon" aria-hidden="true">
            <BellOutline />
          </span>
          <span className="mm-unread-label">{t('messages.unreadTitle')}</span>
          <span className={`mm-unread-count ${unread.data ? 'is-active' : ''}`} data-testid="unread-count">
            {unread.isPending ? '…' : unread.isError ? '-' : t('messages.unreadCount', { count: unread.data })}
          </span>
        </div>
        <EmptyState kind="message" title={t('messages.emptyTitle')} description={t('messages.emptyText')} />
      </PullToRefresh>
    </>
  );
}
