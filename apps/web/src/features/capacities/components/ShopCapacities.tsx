import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Paths } from '../../../lib/navigation';
import { useCompanyCapacities } from '../api';
import '../capacities.css';
import { CapacityCard } from './CapacityCard';

/** The shop page's capacity tab (company?id): the company's passed capacities, page by page. */
export function ShopCapacities({ rootId }: { rootId: number }) {
  const { t } = useTranslation('capacities');
  const navigate = useNavigate();
  const capacities = useCompanyCapacities(rootId);
  const items = capacities.data?.pages.flatMap((page) => page.list) ?? [];

  if (capacities.isError && items.length === 0)
    return <ErrorScreen error={capacities.error} onRetry={() => void capacities.refetch()} />;
  if (capacities.isPending)
    return (
      <div className="mm-cap-pad" aria-hidden="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  if (items.length === 0) return <EmptyState kind="inbox" title={t('shop.empty')} description={t('shop.emptyText')} />;
  return (
    <div className="mm-cap-shop-list" data-testid="shop-capacities">
      {items.map((item) => (
        <CapacityCard key={item.id} item={item} onOpen={() => navigate(`${Paths.capacityDetail}?id=${item.id}`)} />
      ))}
      <InfiniteScroll
        loadMore={async () => void (await capacities.fetchNextPage())}
        hasMore={capacities.hasNextPage && !capacities.isFetchNextPageError}
      >
        {capacities.hasNextPage ? <Skeleton.Paragraph lineCount={1} animated /> : t('noMore')}
      </InfiniteScroll>
    </div>
  );
}
