import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useForecastUser } from '../api';
import { accuracyPercent, shortDay } from '../format';
import '../forecasts.css';

/** SPEC §2 market_forecast/forecast_user: the caller's rank, score and accuracy this month, and their votes. */
export default function ForecastUserPage() {
  const { t } = useTranslation('forecasts');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const record = useForecastUser(loggedIn);
  const data = record.data;

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <EmptyState
        kind="chart"
        title={t('loginTitle')}
        description={t('loginText')}
        action={{ label: t('login'), onClick: () => navigate(Paths.login) }}
      />
    );
  } else if (record.isError) {
    body = <ErrorScreen error={record.error} onRetry={() => void record.refetch()} />;
  } else if (!data) {
    body = (
      <section className="mm-card mm-fc-head" aria-hidden="true">
        <Skeleton.Paragraph lineCount={4} animated />
      </section>
    );
  } else {
    const standing = data.standing;
    body = (
      <>
        <section className="mm-card mm-fc-standing" data-testid="forecast-standing">
          <div>
            <span>{t('user.rank')}</span>
            <strong>{standing ? standing.rank : t('user.noRank')}</strong>
          </div>
          <div>
            <span>{t('user.score')}</span>
            <strong>{standing?.score ?? 0}</strong>
          </div>
          <div>
            <span>{t('user.accuracy')}</span>
            <strong>{standing ? accuracyPercent(standing.accuracy) : '--'}</strong>
          </div>
          <div>
            <span>{t('user.settled')}</span>
            <strong>{standing?.settled ?? 0}</strong>
          </div>
        </section>
        <section className="mm-card">
          <h2 className="mm-section-title">{t('user.history')}</h2>
          {data.votes.length === 0 ? (
            <EmptyState kind="chart" title={t('user.empty')} description={t('user.emptyText')} />
          ) : (
            <ul className="mm-fc-votes" data-testid="forecast-votes">
              {data.votes.map((vote) => (
                <li key={`${vote.sortId}-${vote.target}`}>
                  <button
                    type="button"
                    className="mm-fc-vote-row"
                    onClick={() => navigate(`${Paths.forecast}?id=${vote.sortId}`)}
                  >
                    <div>
                      <strong>{vote.sortName}</strong>
                      <span>
                        {t('user.target', { date: shortDay(vote.target), choice: t(`choices.${vote.choice}`) })}
                        {vote.outcome && ` · ${t('user.actual', { outcome: t(`outcomes.${vote.outcome}`) })}`}
                      </span>
                    </div>
                    <em className={vote.points === null ? 'is-pending' : vote.points > 0 ? 'is-hit' : 'is-miss'}>
                      {vote.points === null
                        ? t('user.pending')
                        : vote.points > 0
                          ? t('user.points', { points: vote.points })
                          : t('user.miss')}
                    </em>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <Page title={t('user.title')} backTo={rootPath('market')} className="mm-fc">
      <PullToRefresh onRefresh={async () => void (loggedIn && (await record.refetch()))}>{body}</PullToRefresh>
    </Page>
  );
}
