import { FORECAST_MRT_SIZE } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMrt } from '../api';
import { accuracyPercent } from '../format';
import '../forecasts.css';

/** SPEC §2 market_forecast/mrt: the month's top 20 by score, then accuracy, then the earlier vote. */
export default function MrtPage() {
  const { t } = useTranslation('forecasts');
  const { user } = useSession();
  const mrt = useMrt();
  const data = mrt.data;

  let body: ReactNode;
  if (mrt.isError) {
    body = <ErrorScreen error={mrt.error} onRetry={() => void mrt.refetch()} />;
  } else if (!data) {
    body = (
      <section className="mm-card" aria-hidden="true">
        <Skeleton.Paragraph lineCount={6} animated />
      </section>
    );
  } else if (data.standings.length === 0) {
    body = <EmptyState kind="chart" title={t('mrt.empty')} description={t('mrt.emptyText')} />;
  } else {
    body = (
      <section className="mm-card">
        <h2 className="mm-section-title">{t('mrt.month', { month: data.month, size: FORECAST_MRT_SIZE })}</h2>
        <ol className="mm-fc-mrt" data-testid="mrt-list">
          {data.standings.map((standing) => (
            <li key={standing.userId} className={standing.userId === user?.userId ? 'is-me' : ''}>
              <span className={`mm-fc-rank${standing.rank <= 3 ? ` is-top${standing.rank}` : ''}`}>
                {standing.rank}
              </span>
              <div>
                <strong>
                  {standing.nickName}
                  {standing.userId === user?.userId && <em>{t('mrt.me')}</em>}
                </strong>
                <span>{t('mrt.accuracy', { accuracy: accuracyPercent(standing.accuracy) })}</span>
              </div>
              <b>{t('mrt.score', { score: standing.score })}</b>
            </li>
          ))}
        </ol>
      </section>
    );
  }

  return (
    <Page title={t('mrt.title')} backTo={rootPath('market')} className="mm-fc">
      <PullToRefresh onRefresh={async () => void (await mrt.refetch())}>{body}</PullToRefresh>
    </Page>
  );
}
