import { Calls, MAX_QUICK_BUY_SUBSCRIPTIONS } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { EmptyTab } from '../../../components/EmptyTab';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { TabHeader } from '../../../components/TabHeader';
import { Paths, redirectToLogin } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useNow } from '../../inquiries/useNow';
import { useCanCall } from '../../staff/useCan';
import { useMarkQuickBuysRead, useQuickBuyMatches } from '../api';
import { MatchCard } from './MatchCard';
import '../../inquiries/locale';
import '../../inquiries/inquiries.css';
import '../../stock-search/stock-search.css';
import '../quick-buys.css';

/** The matches a logged-in user's subscriptions found, newest first; what is shown is marked seen. */
function MatchFeed() {
  const { t } = useTranslation('quickBuys');
  const navigate = useNavigate();
  const now = useNow();
  const matches = useQuickBuyMatches();
  const marked = useRef(new Set<number>());
  const pages = matches.data?.pages ?? [];
  const list = pages.flatMap((page) => page.list);
  const first = pages[0];

  const { mutate: markSeen } = useMarkQuickBuysRead();
  useEffect(() => {
    const unseen = (matches.data?.pages ?? [])
      .flatMap((page) => page.list)
      .filter((match) => !match.read && !marked.current.has(match.id))
      .map((match) => match.id);
    if (unseen.length === 0) return;
    for (const id of unseen) marked.current.add(id);
    markSeen(unseen);
  }, [matches.data, markSeen]);

  const manage = (
    <button type="button" className="mm-header-action" onClick={() => navigate(Paths.quickBuySet)}>
      {t('manage')}
    </button>
  );
  // Subscribing is the company's quick buy: 'inquiry' (staff).
  const canSubscribe = useCanCall(Calls.quickBuyAdd);
  const subscribe = canSubscribe
    ? { action: { label: t('subscribe'), onClick: () => navigate(Paths.quickBuySetAdd) } }
    : {};

  let body: ReactNode;
  if (matches.isError && list.length === 0) {
    body = <ErrorScreen error={matches.error} onRetry={() => void matches.refetch()} />;
  } else if (matches.isPending) {
    body = (
      <section className="mm-card mm-qb-skeleton" aria-busy="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (first?.subscriptions === 0) {
    body = (
      <EmptyState kind="cart" title={t('noSubscriptionTitle')} description={t('noSubscriptionText')} {...subscribe} />
    );
  } else if (list.length === 0) {
    body = (
      <EmptyState
        kind="inbox"
        title={t('noMatchTitle')}
        description={t('noMatchText')}
        {...((first?.subscriptions ?? 0) < MAX_QUICK_BUY_SUBSCRIPTIONS
          ? subscribe
          : { action: { label: t('manage'), onClick: () => navigate(Paths.quickBuySet) } })}
      />
    );
  } else {
    body = (
      <>
        <p className="mm-qb-intro">
          {t('intro')}
          {(first?.unread ?? 0) > 0 && (
            <strong className="mm-qb-unread">{t('unread', { count: first?.unread })}</strong>
          )}
        </p>
        <div className="mm-qb-list" data-testid="quick-buy-feed">
          {list.map((match) => (
            <MatchCard key={match.id} match={match} now={now} />
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => void (await matches.fetchNextPage())}
          hasMore={matches.hasNextPage && !matches.isFetchNextPageError}
        >
          {matches.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <>
      <TabHeader title={t('title')} right={manage} />
      <PullToRefresh onRefresh={async () => void (await matches.refetch())}>
        <div className="mm-qb-feed">{body}</div>
      </PullToRefresh>
    </>
  );
}

/** SPEC §2 quick buy (a shell tab): new stock and inquiries matching the user's subscriptions. */
export default function QuickBuyTab() {
  const { t } = useTranslation('quickBuys');
  const { loggedIn } = useSession();
  if (!loggedIn) {
    // SPEC §6: a visitor is sent to login for login-required actions.
    return (
      <EmptyTab
        tabTitle={t('title')}
        kind="cart"
        title={t('loginTitle')}
        description={t('loginText')}
        action={{ label: t('login'), onClick: redirectToLogin }}
      />
    );
  }
  return <MatchFeed />;
}
