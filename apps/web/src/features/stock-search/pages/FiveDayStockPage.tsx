import Skeleton from 'antd-mobile/es/components/skeleton';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { StockRow } from '../../stocks/components/StockRow';
import { useFiveDayStock } from '../api';
import { useDayLabel } from '../components/useDayLabel';
import '../locale';
import '../stock-search.css';

/** The five-day detail page of a day (or the whole window) and a category. */
export const fiveDayDetailPath = (date: string | undefined, sortId: number | undefined) => {
  const query = new URLSearchParams();
  if (date) query.set('date', date);
  if (sortId) query.set('sortId', String(sortId));
  const text = query.toString();
  return text ? `${Paths.fiveDayStockDetail}?${text}` : Paths.fiveDayStockDetail;
};

/**
 * SPEC §2 five_day_stock (§9: published in the last 5 days): today and the four days before, each with its
 * count and newest listings, and a category filter; a day's whole list is five_day_stock_detail?date=.
 */
export default function FiveDayStockPage() {
  const { t } = useTranslation('stockSearch');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const sortId = Number(params.get('sortId')) || undefined;
  const overview = useFiveDayStock(sortId);
  const dayLabel = useDayLabel();
  const days = overview.data?.days ?? [];
  const today = days[0]?.date;
  const yesterday = days[1]?.date;
  const pickSort = (id: number | undefined) => setParams(id ? { sortId: String(id) } : {}, { replace: true });

  let body: ReactNode;
  if (overview.isError) {
    body = <ErrorScreen error={overview.error} onRetry={() => void overview.refetch()} />;
  } else if (!overview.data) {
    body = (
      <section className="mm-card mm-ss-skeleton" aria-busy="true">
        <Skeleton.Paragraph lineCount={8} animated />
      </section>
    );
  } else {
    const { sorts, total } = overview.data;
    const allCount = sorts.reduce((sum, sort) => sum + sort.count, 0);
    body = (
      <>
        <div className="mm-ss-chips" role="tablist" aria-label={t('list.category')}>
          <button
            type="button"
            role="tab"
            aria-selected={sortId === undefined}
            className={sortId === undefined ? 'is-active' : ''}
            onClick={() => pickSort(undefined)}
          >
            {t('fiveDay.all')} {allCount}
          </button>
          {sorts.map((sort) => (
            <button
              key={sort.sortId}
              type="button"
              role="tab"
              aria-selected={sortId === sort.sortId}
              className={sortId === sort.sortId ? 'is-active' : ''}
              onClick={() => pickSort(sort.sortId)}
            >
              {sort.sortName} {sort.count}
            </button>
          ))}
        </div>
        {total === 0 ? (
          <EmptyState kind="search" title={t('fiveDay.empty')} description={t('fiveDay.emptyText')} />
        ) : (
          days.map((day) => (
            <section key={day.date} className="mm-card mm-ss-day" data-testid="five-day">
              <button
                type="button"
                className="mm-ss-day-head"
                disabled={day.count === 0}
                onClick={() => navigate(fiveDayDetailPath(day.date, sortId))}
              >
                <strong>{dayLabel(day.date, today, yesterday)}</strong>
                <span className="mm-ss-day-date">{day.date}</span>
                <span className="mm-ss-day-count">{t('fiveDay.count', { count: day.count })}</span>
                {day.count > 0 && <RightOutline />}
              </button>
              {day.count === 0 ? (
                <p className="mm-ss-day-empty">{t('fiveDay.emptyDay')}</p>
              ) : (
                <>
                  {day.preview.map((stock) => (
                    <div key={stock.id} className="mm-ss-item">
                      <StockRow stock={stock} />
                    </div>
                  ))}
                  {day.count > day.preview.length && (
                    <button
                      type="button"
                      className="mm-ss-more"
                      onClick={() => navigate(fiveDayDetailPath(day.date, sortId))}
                    >
                      {t('fiveDay.viewAll', { count: day.count })}
                    </button>
                  )}
                </>
              )}
            </section>
          ))
        )}
      </>
    );
  }

  return (
    <Page
      title={t('fiveDay.title')}
      backTo={rootPath('home')}
      className="mm-ss"
      right={
        <button type="button" className="mm-link" onClick={() => navigate(fiveDayDetailPath(undefined, sortId))}>
          {t('fiveDay.all')}
        </button>
      }
    >
      <p className="mm-ss-intro">{t('fiveDay.intro')}</p>
      {body}
    </Page>
  );
}
