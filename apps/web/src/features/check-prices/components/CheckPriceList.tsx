import type { TCheckPricePage } from '@metal/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { checkPriceDetailPath } from '../paths';
import { CheckPriceCard } from './CheckPriceCard';

/** A list of price-checker quotes with its loading, error and empty states and infinite scroll. */
export function CheckPriceList({
  query,
  empty,
}: {
  query: UseInfiniteQueryResult<InfiniteData<TCheckPricePage>>;
  empty: ReactNode;
}) {
  const { t } = useTranslation('checkPrices');
  const navigate = useNavigate();
  const items = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isError && items.length === 0) {
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return (
      <section className="mm-card mm-cp-skeleton" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </section>
    );
  }
  if (items.length === 0) return empty;
  return (
    <>
      <div className="mm-cp-list" data-testid="check-price-list">
        {items.map((check) => (
          <CheckPriceCard key={check.id} check={check} onOpen={() => navigate(checkPriceDetailPath(check.id))} />
        ))}
      </div>
      <InfiniteScroll
        loadMore={async () => void (await query.fetchNextPage())}
        hasMore={query.hasNextPage && !query.isFetchNextPageError}
      >
        {query.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('noMore')}
      </InfiniteScroll>
    </>
  );
}
