import { HOT_RANK_TIME, shanghaiDate } from '@metal/shared';
import type { Job } from '../../platform/scheduler';
import { syncStockQuotes } from './stock-search.prices';
import { computeHotRanking } from './stock-search.service';

/** A daily cron pattern at a Shanghai wall-clock time ('00:10' → '10 0 * * *'). */
const dailyAt = (time: string) => {
  const [hour, minute] = time.split(':').map(Number);
  return `${minute} ${hour} * * *`;
};

/** SPEC §9: the hot ranking of the 14 days before the run's day, recomputed daily just after midnight. */
export const hotRankingJob: Job = {
  id: 'stock-search.hot',
  cron: dailyAt(HOT_RANK_TIME),
  async run({ db, clock, slot, log }) {
    const result = await computeHotRanking(db, shanghaiDate(Math.floor(slot.getTime() / 1000)), clock.now());
    log.info(result, 'hot ranking computed');
  },
};

/**
 * At midnight a quote dated ahead becomes today's, with no 'price.changed' to say so; searches would
 * notice it too, but this reprices the listings before anyone asks.
 */
export const stockQuotesJob: Job = {
  id: 'stock-search.quotes',
  cron: '1 0 * * *',
  async run({ db, clock }) {
    await syncStockQuotes(db, clock.today(), clock.now());
  },
};

export const STOCK_SEARCH_JOBS = [stockQuotesJob, hotRankingJob];
