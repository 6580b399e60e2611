import { FORECAST_CHOICES } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Paths } from '../../../lib/navigation';
import { isVipRequired, useForecastStats } from '../api';
import { sharePercent, shortDay } from '../format';

/** The majority view of a round: open to Forecast VIPs while it runs, to everyone from 16:00 on its day. */
export function StatsCard({ sortId }: { sortId: number }) {
  const { t } = useTranslation('forecasts');
  const stats = useForecastStats(sortId);
  const navigate = useNavigate();
  const here = useLocation();

  if (isVipRequired(stats.error)) {
    return (
      <section className="mm-card mm-fc-stats is-locked" data-testid="forecast-stats-locked">
        <h2 className="mm-section-title">{t('stats.title')}</h2>
        <div className="mm-fc-lock">
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-9a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
          </svg>
          <div>
            <strong>{t('stats.lockedTitle')}</strong>
            <p>{t('stats.lockedText')}</p>
          </div>
        </div>
        <Button
          block
          color="warning"
          shape="rounded"
          className="mm-fc-lock-open"
          onClick={() =>
            navigate(`${Paths.openForecastVip}?next=${encodeURIComponent(`${here.pathname}${here.search}`)}`)
          }
          data-testid="forecast-stats-open"
        >
          {t('stats.lockedOpen')}
        </Button>
      </section>
    );
  }
  if (stats.isError) return null;
  const data = stats.data;
  if (!data) {
    return (
      <section className="mm-card mm-fc-stats" aria-hidden="true">
        <Skeleton.Paragraph lineCount={3} animated />
      </section>
    );
  }
  return (
    <section className="mm-card mm-fc-stats" data-testid="forecast-stats">
      <h2 className="mm-section-title">
        {t('stats.title')}
        {data.settled && <span className="mm-fc-badge">{t('stats.settled')}</span>}
      </h2>
      <p className="mm-fc-hint">{t('stats.round', { date: shortDay(data.target), total: data.total })}</p>
      {data.total === 0 ? (
        <p className="mm-fc-empty">{t('stats.empty')}</p>
      ) : (
        <ul className="mm-fc-bars">
          {FORECAST_CHOICES.map((choice) => (
            <li key={choice} className={`mm-fc-${choice}`}>
              <span>{t(`choices.${choice}`)}</span>
              <div className="mm-fc-bar">
                <i style={{ width: sharePercent(data.shares[choice]) }} />
              </div>
              <strong>{sharePercent(data.shares[choice])}</strong>
            </li>
          ))}
        </ul>
      )}
      {data.majority && (
        <p className={`mm-fc-majority mm-fc-${data.majority}`}>
          {t('stats.majority', { choice: t(`choices.${data.majority}`) })}
        </p>
      )}
    </section>
  );
}
