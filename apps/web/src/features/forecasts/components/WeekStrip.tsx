import type { TForecastDetail } from '@metal/shared';
import { useTranslation } from 'react-i18next';
import { shortDay } from '../format';

/** Monday to Friday of the server's current week: each day's outcome (red up, green down), a dash until then, 'closed' on a holiday. */
export function WeekStrip({ days }: { days: TForecastDetail['currentWeek'] }) {
  const { t } = useTranslation('forecasts');
  return (
    <section className="mm-card" data-testid="forecast-week">
      <h2 className="mm-section-title">{t('week.title')}</h2>
      <ol className="mm-fc-week">
        {days.map((day, index) => (
          <li key={day.date} className={day.outcome ? `mm-fc-${day.outcome}` : ''}>
            <span>{t(`week.days.${(index + 1) as 1 | 2 | 3 | 4 | 5}`)}</span>
            <strong>
              {day.outcome ? t(`outcomes.${day.outcome}`) : day.trading ? t('week.pending') : t('week.closed')}
            </strong>
            <small>{shortDay(day.date)}</small>
          </li>
        ))}
      </ol>
    </section>
  );
}
