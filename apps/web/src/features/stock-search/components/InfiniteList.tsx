import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';

interface Empty {
  title: string;
  text?: string;
  action?: { label: string; onClick: () => void };
}

/**
 * A list that loads page by page as it scrolls (pull down to refresh), with its loading, empty and
 * failed states; a failed next page can be retried from the foot of the list.
 */
export function InfiniteList<T>({
  query,
  keyOf,
  render,
  empty,
  testId,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ list: T[] }>>;
  keyOf: (item: T) => number;
  render: (item: T, index: number) => ReactNode;
  empty: Empty;
  testId: string;
}) {
  const { t } = useTranslation('stockSearch');
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];

  let body: ReactNode;
  if (query.isError && items.length === 0) {
    body = <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  } else if (query.isPending) {
    body = (
      <section className="mm-card mm-ss-skeleton" aria-busy="true" data-testid={`${testId}-loading`}>
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else if (items.length === 0) {
    body = <EmptyState kind="search" title={empty.title} description={empty.text} action={empty.action} />;
  } else {
    body = (
      <>
        <section className="mm-card mm-ss-list" data-testid={testId}>
          {items.map((item, index) => (
            <div key={keyOf(item)} className="mm-ss-item">
              {render(item, index)}
            </div>
          ))}
        </section>
        <InfiniteScroll
          loadMore={async () => void (await query.fetchNextPage())}
          hasMore={query.hasNextPage && !query.isFetchNextPageError}
        >
          {query.isFetchNextPageError ? (
            <button type="button" className="mm-link" onClick={() => void query.fetchNextPage()}>
              {t('retry')}
            </button>
          ) : query.hasNextPage ? (
            <Skeleton.Paragraph lineCount={1} animated />
          ) : (
            t('noMore')
          )}
        </InfiniteScroll>
      </>
    );
  }
  return <PullToRefresh onRefresh={async () => void (await query.refetch())}>{body}</PullToRefresh>;
}
