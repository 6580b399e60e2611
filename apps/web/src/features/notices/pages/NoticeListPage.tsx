import type { NoticeCategory } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { noticeDetailPath, useNoticeList, useNoticeUnreadCounts, useReadAllNotices } from '../api';
import { NoticeRow } from '../components/NoticeRow';
import '../locale';
import '../notices.css';

/** SPEC §2 message/trade_notice, activity_notice and function_notice: one category's notices, newest first. */
export function NoticeListPage({ category }: { category: NoticeCategory }) {
  const { t } = useTranslation('notices');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  useEffect(() => {
    if (!loggedIn) navigate(Paths.login, { replace: true });
  }, [loggedIn, navigate]);
  const notices = useNoticeList(category);
  const counts = useNoticeUnreadCounts();
  const readAll = useReadAllNotices(category);
  const unread = counts.data?.categories.find((c) => c.category === category)?.unread ?? 0;
  const list = notices.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (notices.isError && list.length === 0) {
    body = <ErrorScreen error={notices.error} onRetry={() => void notices.refetch()} />;
  } else if (notices.isPending) {
    body = (
      <section className="mm-card mm-notice-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (list.length === 0) {
    body = <EmptyState kind="inbox" title={t('list.empty')} description={t(`list.emptyText.${category}`)} />;
  } else {
    body = (
      <>
        <section className="mm-card mm-notice-list" data-testid="notice-list">
          {list.map((notice) => (
            <NoticeRow key={notice.id} notice={notice} onOpen={() => navigate(noticeDetailPath(notice.id))} />
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await notices.fetchNextPage())}
          hasMore={notices.hasNextPage && !notices.isFetchNextPageError}
        >
          {notices.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
        </InfiniteScroll>
      </>
    );
  }

  return (
    <Page
      title={t(`category.${category}`)}
      backTo={rootPath('messages')}
      className="mm-notices"
      right={
        unread > 0 ? (
          <button
            type="button"
            className="mm-header-action"
            disabled={readAll.isPending}
            onClick={() => readAll.mutate(undefined, { onSuccess: () => showSuccess(t('list.readAllDone')) })}
          >
            {t('list.readAll')}
          </button>
        ) : null
      }
    >
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([notices.refetch(), counts.refetch()]);
        }}
      >
        {body}
      </PullToRefresh>
    </Page>
  );
}
