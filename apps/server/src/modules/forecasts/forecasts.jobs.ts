import type { Job } from '../../platform/scheduler';
import { settleDueVotes } from './forecasts.service';

/**
 * Settles forecast rounds. Rounds open (21:00) and close (09:00) by the clock and the calendar on every
 * call, so no job has to flip them; settlement needs the day's price, so it runs every quarter hour
 * (15:30 is a slot), settles whatever is due, and so also catches up after downtime or a late import.
 */
export const forecastSettlementJob: Job = {
  id: 'forecasts.settle',
  cron: '*/15 * * * *',
  async run({ db, clock, log }) {
    const settled = await settleDueVotes({ db, clock });
    if (settled > 0) log.info({ settled }, 'forecast votes settled');
  },
};
