import { FORECAST_CLOSE_TIME, FORECAST_OPEN_TIME, FORECAST_STATS_TIME, shanghaiDate } from '@metal/shared';
import type { ForecastPhase } from '../../platform/bus';
import type { Job, JobContext } from '../../platform/scheduler';
import { loadTradingCalendar } from '../calendar/calendar.service';
import { settleDueVotes } from './forecasts.service';

/** A daily cron pattern at a Shanghai wall-clock time ('21:00' → '0 21 * * *'). */
const dailyAt = (time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return `${minute} ${hour} * * *`;
};

/**
 * The round boundaries. Whether a vote is taken is decided by the clock and the calendar on every
 * call (forecastWindow), so a late or missed run never opens or closes a round at the wrong minute;
 * these jobs announce the boundary once, on trading days only, for apps showing the round to refresh.
 */
function roundPhaseJob(phase: ForecastPhase, time: string, targetOf: (day: string, next: string) => string): Job {
  return {
    id: `forecasts.${phase}`,
    cron: dailyAt(time),
    async run({ db, bus, slot }: JobContext) {
      const calendar = await loadTradingCalendar(db);
      const day = shanghaiDate(Math.floor(slot.getTime() / 1000));
      if (!calendar.isTradingDay(day)) return;
      bus.publish('forecast.round', { target: targetOf(day, calendar.nextTradingDay(day)), phase });
    },
  };
}

/** 21:00 on a trading day: the next trading day's round opens. */
export const forecastOpenJob = roundPhaseJob('opened', FORECAST_OPEN_TIME, (_day, next) => next);
/** 09:00 on a trading day: its round closes. */
export const forecastCloseJob = roundPhaseJob('closed', FORECAST_CLOSE_TIME, (day) => day);
/** 16:00 on a trading day: its round's statistics are open to everyone. */
export const forecastStatsJob = roundPhaseJob('statsPublished', FORECAST_STATS_TIME, (day) => day);

/**
 * Settles forecast rounds. Settlement needs the day's price, which may be imported late, so it runs
 * every quarter hour (15:30 is a slot), settles whatever is due, and so also catches up after downtime.
 */
export const forecastSettlementJob: Job = {
  id: 'forecasts.settle',
  cron: '*/15 * * * *',
  async run({ db, clock, bus, log }) {
    const settled = await settleDueVotes({ db, clock });
    for (const round of settled) bus.publish('forecast.round', { target: round.target, phase: 'settled' });
    const votes = settled.reduce((sum, round) => sum + round.votes, 0);
    if (votes > 0) log.info({ votes, rounds: settled.length }, 'forecast votes settled');
  },
};

export const FORECAST_JOBS = [forecastOpenJob, forecastCloseJob, forecastSettlementJob, forecastStatsJob];
