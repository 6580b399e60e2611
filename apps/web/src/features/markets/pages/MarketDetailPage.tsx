import { CHART_PERIODS, type ChartPeriod, type TMarketPriceRow } from '@metal/shared';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { priceTone, priceToneClass } from '../../../lib/priceTone';
import { useMarketDetail } from '../api';
import { nextVisibleCount, parsePeriod, ROWS_PAGE_SIZE } from '../chart';
import { PriceChart } from '../components/PriceChart';
import { DemoTag } from '../components/QuoteRow';
import { describeChange, parseCents } from '../format';
import '../markets.css';

/** The series' latest price, with its change, range, date and, on LME rows, the price in yuan. */
function LatestCard({ row }: { row: TMarketPriceRow }) {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const change = describeChange(row.upDown, row.price);
  const colour = priceToneClass(change.direction);
  return (
    <section className="mm-card mm-detail-head" data-testid="detail-latest">
      <div className="mm-detail-name">
        <h2>{row.alias}</h2>
        {row.isDemo && <DemoTag />}
      </div>
      <div className="mm-detail-sub">
        {row.marketName} · {row.sortName}
      </div>
      <div className="mm-detail-price">
        <strong className={colour}>{row.price}</strong>
        <span>{row.sortUnit}</span>
      </div>
      <div className={`mm-detail-change ${colour}`}>
        <span>{change.amount}</span>
        <span>{change.percent}</span>
      </div>
      <dl className="mm-detail-facts">
        <div>
          <dt>{t('detail.range')}</dt>
          <dd>{row.range}</dd>
        </div>
        <div>
          <dt>{t('detail.date')}</dt>
          <dd>{row.date}</dd>
        </div>
        {row.rmbPrice && (
          <div>
            <dt>{t('detail.rmbPrice')}</dt>
            <dd>
              {row.rmbPrice} {t('detail.rmbUnit')}
            </dd>
          </div>
        )}
      </dl>
      <button
        type="button"
        className="mm-detail-forecast"
        onClick={() => navigate(`${Paths.forecast}?id=${row.sortId}`)}
        data-testid="detail-forecast"
      >
        {t('detail.forecastEntry')}
      </button>
    </section>
  );
}

function PeriodTabs({ value, onChange }: { value: ChartPeriod; onChange: (period: ChartPeriod) => void }) {
  const { t } = useTranslation('markets');
  return (
    <div className="mm-periods" role="tablist">
      {CHART_PERIODS.map((period) => (
        <button
          key={period}
          type="button"
          role="tab"
          aria-selected={period === value}
          className={period === value ? 'is-active' : ''}
          onClick={() => onChange(period)}
        >
          {t(`detail.periods.${period}`)}
        </button>
      ))}
    </div>
  );
}

/** The rows of the period, newest first, shown a page at a time as the user scrolls. */
function HistoryTable({ rows }: { rows: readonly TMarketPriceRow[] }) {
  const { t } = useTranslation('markets');
  const [visible, setVisible] = useState(ROWS_PAGE_SIZE);
  return (
    <>
      <table className="mm-history" data-testid="history-table">
        <thead>
          <tr>
            <th>{t('detail.date')}</th>
            <th>{t('detail.price')}</th>
            <th>{t('detail.range')}</th>
            <th>{t('detail.change')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, visible).map((row) => {
            const change = describeChange(row.upDown, row.price);
            const colour = priceToneClass(change.direction);
            return (
              <tr key={row.id}>
                <td>{row.date}</td>
                <td className={colour}>{row.price}</td>
                <td>{row.range}</td>
                <td className={colour}>
                  <span>{change.amount}</span>
                  <small>{change.percent}</small>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <InfiniteScroll
        className="mm-history-more"
        hasMore={visible < rows.length}
        loadMore={async () => setVisible((count) => nextVisibleCount(count, rows.length))}
      />
    </>
  );
}

function DetailSkeleton() {
  return (
    <section className="mm-card mm-detail-head" aria-hidden="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
    </section>
  );
}

/** SPEC §2 market/market_detail?aliasId=: one series' latest price, its chart by period, and its rows. */
export default function MarketDetailPage() {
  const { t } = useTranslation('markets');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const aliasId = Number(params.get('aliasId'));
  const valid = Number.isInteger(aliasId) && aliasId > 0;
  const period = parsePeriod(params.get('period'));
  const detail = useMarketDetail(valid ? aliasId : 0, period);
  const data = detail.data;

  const selectPeriod = (next: ChartPeriod) => {
    const search = new URLSearchParams(params);
    search.set('period', next);
    setParams(search, { replace: true });
  };

  const toMarket = { label: t('detail.back'), onClick: () => navigate(rootPath('market')) };
  let body: ReactNode;
  if (!valid) {
    body = <NotFoundScreen title={t('detail.notFound')} way={toMarket} />;
  } else if (detail.isError) {
    body = (
      <ErrorScreen
        error={detail.error}
        notFoundTitle={t('detail.notFound')}
        way={toMarket}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (!data) {
    body = <DetailSkeleton />;
  } else if (!data.latest) {
    body = <EmptyState kind="chart" title={t('detail.noData')} description={t('detail.noDataText')} />;
  } else {
    body = (
      <>
        <LatestCard row={data.latest} />
        <section className="mm-card">
          <h2 className="mm-section-title">{t('detail.chartTitle')}</h2>
          <PeriodTabs value={period} onChange={selectPeriod} />
          <PriceChart
            points={data.points}
            tone={priceTone(parseCents(data.latest.upDown))}
            busy={detail.isPlaceholderData}
          />
        </section>
        <section className="mm-card">
          <h2 className="mm-section-title">{t('detail.history')}</h2>
          <HistoryTable key={period} rows={data.rows} />
        </section>
        {data.latest.isDemo && <p className="mm-quote-note">{t('detail.demoNote')}</p>}
      </>
    );
  }

  return (
    <Page title={data?.latest?.alias ?? t('detail.title')} backTo={rootPath('market')} className="mm-detail">
      {body}
    </Page>
  );
}
