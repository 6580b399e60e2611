import { INQUIRY_TAKING_TABS } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import Tabs from 'antd-mobile/es/components/tabs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { type TakingTab, useTaking } from '../api';
import { InquiryRow } from '../components/InquiryRow';
import '../locale';
import '../inquiries.css';
import { useNow } from '../useNow';

/**
 * The supplier's order-taking list ('my orders', from the me tab; SPEC order-taking by one supplier
 * account: quote and grab): inquiries to quote on (designated to the company, or grabbed), those quoted
 * with their outcome, and those let go. Each row says where it stands for the caller.
 */
export default function OrderTakingPage() {
  const { t } = useTranslation('inquiries');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const now = useNow();
  const [params, setParams] = useSearchParams();
  const tab: TakingTab = INQUIRY_TAKING_TABS.find((key) => key === params.get('tab')) ?? 'todo';
  const query = useTaking(tab);
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];

  let body: React.ReactNode;
  if (!loggedIn)
    body = (
      <EmptyState
        title={t('taking.loginTitle')}
        action={{ label: t('taking.login'), onClick: () => navigate(Paths.login) }}
      />
    );
  else if (query.isError && items.length === 0)
    body = <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending)
    body = (
      <div className="mm-pc-list" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  else if (items.length === 0)
    body = (
      <EmptyState
        title={t(`taking.empty.${tab}`)}
        description={t(`taking.emptyText.${tab}`)}
        action={{ label: t('taking.toHall'), onClick: () => navigate(Paths.procurementHall) }}
      />
    );
  else
    body = (
      <>
        <div className="mm-pc-list" data-testid="taking-list">
          {items.map((item) => (
            <InquiryRow key={item.id} inquiry={item} now={now} />
          ))}
        </div>
        <InfiniteScroll
          loadMore={async () => void (await query.fetchNextPage())}
          hasMore={query.hasNextPage && !query.isFetchNextPageError}
        >
          {query.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('taking.noMore')}
        </InfiniteScroll>
      </>
    );

  return (
    <Page title={t('taking.title')} backTo={rootPath('me')} className="mm-pc-page">
      {loggedIn && (
        <Tabs activeKey={tab} onChange={(key) => setParams({ tab: key }, { replace: true })}>
          {INQUIRY_TAKING_TABS.map((key) => (
            <Tabs.Tab key={key} title={t(`taking.tabs.${key}`)} />
          ))}
        </Tabs>
      )}
      <PullToRefresh onRefresh={async () => void (loggedIn && (await query.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
