import { FORECAST_CHOICES, type ForecastChoice, type TForecastDetail } from '@metal/shared';
import { useQueryClient } from '@tanstack/react-query';
import PullToRefresh from 'antd-mobile/es/components/pull-to-refresh';
import Skeleton from 'antd-mobile/es/components/skeleton';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorScreen, NotFoundScreen } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Dialog, useDialogsClosedOnLeave } from '../../../lib/dialog';
import { showSuccess } from '../../../lib/feedback';
import { Paths, rootPath } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';
import { useMarketGroups } from '../../markets/api';
import { describeChange } from '../../markets/format';
import { forecastKeys, useForecastDetail, useVote } from '../api';
import { ForecastLinks } from '../components/ForecastLinks';
import { StatsCard } from '../components/StatsCard';
import { WeekStrip } from '../components/WeekStrip';
import { roundTime, shortDay } from '../format';
import '../forecasts.css';
import { priceToneClass } from '../../../lib/priceTone';

/** The sorts of the visitor's or user's first quote group ('my quotes'), to switch forecasts in one tap. */
function SortChips({ current }: { current: number }) {
  const groups = useMarketGroups();
  const [, setParams] = useSearchParams();
  const sorts = groups.data?.[0]?.sortList ?? [];
  if (sorts.length < 2) return null;
  return (
    <nav className="mm-fc-chips" data-testid="forecast-sorts">
      {sorts.map((sort) => (
        <button
          key={sort.id}
          type="button"
          className={sort.id === current ? 'is-active' : ''}
          aria-pressed={sort.id === current}
          onClick={() => setParams({ id: String(sort.id) }, { replace: true })}
        >
          {sort.sortName}
        </button>
      ))}
    </nav>
  );
}

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '--'}</dd>
    </div>
  );
}

/** The sort's latest price and how it moved, with the prices of 3 and 5 trading days ago. */
function ForecastHead({ detail }: { detail: TForecastDetail }) {
  const { t } = useTranslation('forecasts');
  const change = detail.price ? describeChange(detail.updown, detail.price) : null;
  const colour = change ? priceToneClass(change.direction) : '';
  return (
    <section className="mm-card mm-fc-head" data-testid="forecast-head">
      <div className="mm-fc-name">
        <h2>{detail.sortName}</h2>
        <span>{detail.marketName}</span>
      </div>
      <div className="mm-fc-price">
        <strong className={colour}>{detail.price ?? '--'}</strong>
        <span>{detail.sortUnit}</span>
        {change && (
          <span className={`mm-fc-change ${colour}`}>
            {change.amount} {change.percent}
          </span>
        )}
      </div>
      <dl className="mm-fc-facts">
        <Fact label={t('head.range')} value={detail.range} />
        <Fact label={t('head.days3ago')} value={detail.days3ago} />
        <Fact label={t('head.days5ago')} value={detail.days5ago} />
        {detail.exchangePrice && <Fact label={t('head.exchange')} value={detail.exchangePrice} />}
        {detail.rmbPrice && <Fact label={t('head.rmbPrice')} value={detail.rmbPrice} />}
      </dl>
    </section>
  );
}

/** Up, flat or down for the open round: confirmed first, since a vote cannot be changed. */
function VotePanel({ detail }: { detail: TForecastDetail }) {
  const { t } = useTranslation('forecasts');
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const vote = useVote(detail.id);
  useDialogsClosedOnLeave();

  if (!detail.forecast_enable || !detail.target) {
    return (
      <section className="mm-card mm-fc-vote is-closed" data-testid="forecast-vote">
        <h2 className="mm-section-title">{t('vote.closed')}</h2>
        {detail.opensAt && <p className="mm-fc-hint">{t('vote.nextOpen', { time: roundTime(detail.opensAt) })}</p>}
      </section>
    );
  }

  const target = detail.target;
  const title = t('vote.title', { date: shortDay(target) });
  if (detail.applied_forecast && detail.myChoice) {
    return (
      <section className="mm-card mm-fc-vote" data-testid="forecast-vote">
        <h2 className="mm-section-title">{title}</h2>
        <p className={`mm-fc-voted mm-fc-${detail.myChoice}`} data-testid="forecast-voted">
          {t('vote.voted', { choice: t(`choices.${detail.myChoice}`) })}
        </p>
        <p className="mm-fc-hint">{t('vote.votedHint', { date: shortDay(target) })}</p>
      </section>
    );
  }

  const choose = async (choice: ForecastChoice) => {
    if (!loggedIn) {
      navigate(Paths.login);
      return;
    }
    const label = t(`choices.${choice}`);
    const confirmed = await Dialog.confirm({
      title: t('vote.confirmTitle', { choice: label }),
      content: t('vote.confirmText', { sort: detail.sortName, date: shortDay(target), choice: label }),
      confirmText: t('vote.confirm'),
      cancelText: t('vote.cancel'),
    });
    if (!confirmed) return;
    vote.mutate(choice, { onSuccess: () => showSuccess(t('vote.done')) });
  };

  return (
    <section className="mm-card mm-fc-vote" data-testid="forecast-vote">
      <h2 className="mm-section-title">{title}</h2>
      <div className="mm-fc-choices">
        {FORECAST_CHOICES.map((choice) => (
          <button
            key={choice}
            type="button"
            className={`mm-fc-choice mm-fc-${choice}`}
            disabled={vote.isPending}
            onClick={() => void choose(choice)}
            data-testid={`vote-${choice}`}
          >
            {t(`choices.${choice}`)}
          </button>
        ))}
      </div>
      <p className="mm-fc-hint">
        {loggedIn ? t('vote.closesAt', { time: detail.closesAt ? roundTime(detail.closesAt) : '' }) : t('vote.login')}
      </p>
    </section>
  );
}

function ForecastSkeleton() {
  return (
    <section className="mm-card mm-fc-head" aria-hidden="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
    </section>
  );
}

/** SPEC §2 market_forecast/forecast?id={sortId}: the sort's price, this week, the vote and the majority. */
export default function ForecastPage() {
  const { t } = useTranslation('forecasts');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const sortId = Number(params.get('id'));
  const valid = Number.isInteger(sortId) && sortId > 0;
  const detail = useForecastDetail(valid ? sortId : 0);
  const data = detail.data;

  let body: ReactNode;
  if (!valid) {
    body = <NotFoundScreen title={t('notFound')} />;
  } else if (detail.isError) {
    body = <ErrorScreen error={detail.error} notFoundTitle={t('notFound')} onRetry={() => void detail.refetch()} />;
  } else if (!data) {
    body = <ForecastSkeleton />;
  } else {
    body = (
      <>
        <ForecastHead detail={data} />
        <WeekStrip days={data.currentWeek} />
        <VotePanel detail={data} />
        <StatsCard sortId={data.id} />
        <ForecastLinks />
      </>
    );
  }

  const refresh = () => queryClient.invalidateQueries({ queryKey: forecastKeys.all });
  return (
    <Page title={t('title')} backTo={rootPath('market')} right={<RulesLink />} className="mm-fc">
      {valid && <SortChips current={sortId} />}
      <PullToRefresh onRefresh={refresh}>{body}</PullToRefresh>
    </Page>
  );
}

function RulesLink() {
  const { t } = useTranslation('forecasts');
  const navigate = useNavigate();
  return (
    <button type="button" className="mm-header-action" onClick={() => navigate(Paths.forecastRules)}>
      {t('rules')}
    </button>
  );
}
