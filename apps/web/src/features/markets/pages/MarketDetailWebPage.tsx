import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageLoading } from '../../../app/PageLoading';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useMarketSorts } from '../api';

/** SPEC §2 market/market_detail_web?sortId= ('product market quotes'): the first series of that sort. */
export default function MarketDetailWebPage() {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sortId = Number(params.get('sortId'));
  const sorts = useMarketSorts();
  const first = sorts.data?.find((sort) => sort.id === sortId)?.series[0];

  if (first) return <Navigate to={`${Paths.marketDetail}?aliasId=${first.id}`} replace />;
  return (
    <Page title={t('detail.webTitle')} backTo={rootPath('market')}>
      {sorts.isPending ? (
        <PageLoading />
      ) : sorts.isError ? (
        <ErrorScreen error={sorts.error} onRetry={() => void sorts.refetch()} />
      ) : (
        <NotFoundScreen
          title={t('detail.notFound')}
          way={{ label: t('detail.back'), onClick: () => navigate(rootPath('market')) }}
        />
      )}
    </Page>
  );
}
