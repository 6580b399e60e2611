import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { Paths } from '../../../lib/navigation';
import { StockRow } from '../../stocks/components/StockRow';
import { useFiveDayList, useFiveDayStock } from '../api';
import { InfiniteList } from '../components/InfiniteList';
import { useDayLabel } from '../components/useDayLabel';
import '../locale';
import '../stock-search.css';

/**
 * SPEC §2 five_day_stock_detail: one day's new stock (`?date=`), or the whole five-day window's without
 * it, of one category with `?sortId=`; newest first, page by page, with the window's days to switch to.
 */
export default function FiveDayStockDetailPage() {
  const { t } = useTranslation('stockSearch');
  const [params, setParams] = useSearchParams();
  const date = params.get('date') || undefined;
  const sortId = Number(params.get('sortId')) || undefined;
  const overview = useFiveDayStock(sortId);
  const list = useFiveDayList(date, sortId);
  const dayLabel = useDayLabel();
  const days = overview.data?.days ?? [];
  const today = days[0]?.date;
  const yesterday = days[1]?.date;
  const sortName = overview.data?.sorts.find((sort) => sort.sortId === sortId)?.sortName;
  const heading = date ? t('fiveDay.detailTitle', { day: dayLabel(date, today, yesterday) }) : t('fiveDay.windowTitle');
  const pickDate = (next: string | undefined) => {
    const query = new URLSearchParams(params);
    if (next) query.set('date', next);
    else query.delete('date');
    setParams(query, { replace: true });
  };

  return (
    <Page title={sortName ? `${heading} · ${sortName}` : heading} backTo={Paths.fiveDayStock} className="mm-ss">
      {days.length > 0 && (
        <div className="mm-ss-chips" role="tablist" aria-label={t('fiveDay.title')}>
          <button
            type="button"
            role="tab"
            aria-selected={!date}
            className={!date ? 'is-active' : ''}
            onClick={() => pickDate(undefined)}
          >
            {t('fiveDay.all')}
          </button>
          {days.map((day) => (
            <button
              key={day.date}
              type="button"
              role="tab"
              aria-selected={date === day.date}
              className={date === day.date ? 'is-active' : ''}
              onClick={() => pickDate(day.date)}
            >
              {dayLabel(day.date, today, yesterday)} {day.count}
            </button>
          ))}
        </div>
      )}
      <InfiniteList
        query={list}
        keyOf={(stock) => stock.id}
        render={(stock) => <StockRow stock={stock} />}
        testId="five-day-list"
        empty={{ title: t('fiveDay.emptyDay'), text: t('fiveDay.emptyText') }}
      />
    </Page>
  );
}
