import { CodeFlag } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { isApiError } from '../../../lib/api';
import { stockDetailPath } from '../../../lib/navigation';
import { useSameSpecStocks, useStockDetail } from '../api';
import { StockList } from '../components/StockList';
import '../locale';
import '../stocks.css';

/**
 * SPEC §2 pagesA/stock_footprint/stock_same_spec?id: other listings for sale of the same category
 * and specification as the one opened, the nearest price first.
 */
export default function StockSameSpecPage() {
  const { t } = useTranslation('stocks');
  const [params] = useSearchParams();
  const id = Number(params.get('id')) || 0;
  const stocks = useSameSpecStocks(id, null);
  // The listing itself names what "same" means here, as the detail page just read it (asking again would count a view).
  const origin = useStockDetail(id, null, { fetch: false });
  const gone = id === 0 || (isApiError(stocks.error) && stocks.error.codeFlag === CodeFlag.notFound);
  return (
    <Page title={t('sameSpec.title')} backTo={stockDetailPath(id)} className="mm-stock-page">
      <PullToRefresh onRefresh={async () => void (await stocks.refetch())}>
        {gone ? (
          <NotFoundScreen title={t('detail.notFound')} />
        ) : (
          <>
            {origin.data && (
              <p className="mm-stock-same-head" data-testid="same-spec-of">
                {t('sameSpec.of', {
                  sort: origin.data.sortName,
                  spec: origin.data.specifications || t('sameSpec.noSpec'),
                })}
              </p>
            )}
            <section className="mm-card">
              <StockList query={stocks} empty={t('sameSpec.empty')} emptyText={t('sameSpec.emptyText')} />
            </section>
          </>
        )}
      </PullToRefresh>
    </Page>
  );
}
