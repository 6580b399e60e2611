import { formatShanghaiDateTime, HOT_RANK_DAYS } from '@metal/shared';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import StarOutline from 'antd-mobile-icons/es/StarOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { StockRow } from '../../stocks/components/StockRow';
import { useHotStocks } from '../api';
import '../locale';
import '../stock-search.css';

/** The hot ranking's rule page (SPEC §2 hot_page/home_page_rule). */
export const HOT_RULES_PATH = `${Paths.forecastRules}?type=hot`;

/** SPEC §2 hot_page (§9: the most-clicked stock of the last 14 days, updated daily), with rank badges. */
export default function HotPage() {
  const { t } = useTranslation('stockSearch');
  const navigate = useNavigate();
  const hot = useHotStocks();

  let body: ReactNode;
  if (hot.isError) {
    body = <ErrorScreen error={hot.error} onRetry={() => void hot.refetch()} />;
  } else if (!hot.data) {
    body = (
      <section className="mm-card mm-ss-skeleton" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else if (hot.data.list.length === 0) {
    body = (
      <EmptyState
        kind="chart"
        title={hot.data.computedAt ? t('hot.empty') : t('hot.notComputed')}
        description={t('hot.emptyText')}
      />
    );
  } else {
    body = (
      <section className="mm-card mm-ss-list" data-testid="hot-list">
        {hot.data.list.map(({ rank, clicks, stock }) => (
          <div key={stock.id} className="mm-ss-item">
            <StockRow
              stock={stock}
              lead={
                <span className={`mm-ss-rank ${rank <= 3 ? `is-top is-top${rank}` : ''}`} data-testid="hot-rank">
                  {rank}
                </span>
              }
            >
              <span className="mm-ss-clicks">{t('hot.clicks', { count: clicks })}</span>
            </StockRow>
          </div>
        ))}
      </section>
    );
  }

  const ranking = hot.data;
  return (
    <Page
      title={t('hot.title')}
      backTo={rootPath('home')}
      className="mm-ss"
      right={
        <button type="button" className="mm-link" onClick={() => navigate(HOT_RULES_PATH)}>
          {t('hot.rule')}
        </button>
      }
    >
      <PullToRefresh onRefresh={async () => void (await hot.refetch())}>
        <header className="mm-ss-hot-head">
          <h1>
            <StarOutline /> {t('hot.title')}
          </h1>
          <p>{t('hot.intro', { days: HOT_RANK_DAYS })}</p>
          {ranking?.computedAt && (
            <p className="mm-ss-hot-time" data-testid="hot-time">
              {t('hot.computedAt', { time: formatShanghaiDateTime(new Date(ranking.computedAt)).slice(0, 16) })}
              {ranking.windowStart && ranking.windowEnd && (
                <> · {t('hot.window', { start: ranking.windowStart.slice(5), end: ranking.windowEnd.slice(5) })}</>
              )}
            </p>
          )}
        </header>
        {body}
      </PullToRefresh>
    </Page>
  );
}
