import type { TStockSummary, TStockSummaryPage } from '@metal/shared';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { StockRow } from './StockRow';
import '../locale';

/**
 * Listings page by page with infinite scroll, and the loading, empty and failed states every stock
 * list shows alike. Pull-to-refresh belongs to the page around it.
 */
export function StockList({
  query,
  empty,
  emptyText,
  showCompany = true,
  rowExtra,
}: {
  query: UseInfiniteQueryResult<InfiniteData<TStockSummaryPage>>;
  empty: string;
  emptyText?: string;
  showCompany?: boolean;
  /** What goes under each row (a shop's list offers "add to cart"). */
  rowExtra?: (stock: TStockSummary) => ReactNode;
}) {
  const { t } = useTranslation('stocks');
  const stocks = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isError && stocks.length === 0) {
    return <ErrorScreen error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return (
      <div className="mm-stock-list-loading" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (stocks.length === 0) return <EmptyState kind="inbox" title={empty} description={emptyText} />;
  return (
    <>
      <div className="mm-stock-list" data-testid="stock-list">
        {stocks.map((stock) => (
          <StockRow key={stock.id} stock={stock} showCompany={showCompany}>
            {rowExtra?.(stock)}
          </StockRow>
        ))}
      </div>
      <InfiniteScroll
        loadMore={async () => void (await query.fetchNextPage())}
        hasMore={query.hasNextPage && !query.isFetchNextPageError}
      >
        {query.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('list.noMore')}
      </InfiniteScroll>
    </>
  );
}
