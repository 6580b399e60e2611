import type { Job } from '../../platform/scheduler';
import { matchNewItems } from './quick-buys.service';

/**
 * SPEC §2 quick buy: every minute, stock that went on sale and public inquiries that opened are matched
 * against the subscriptions, and each subscriber gets a notice (its push waits out the quiet times).
 * Matching here rather than in the review calls keeps the stock and inquiry modules unaware of it.
 */
export const quickBuyMatchJob: Job = {
  id: 'quick-buys.match',
  cron: '* * * * *',
  async run({ db, clock, log }) {
    const told = await matchNewItems({ db, clock });
    if (told.stock + told.inquiry > 0) log.info(told, 'quick-buy subscribers told of new items');
  },
};
