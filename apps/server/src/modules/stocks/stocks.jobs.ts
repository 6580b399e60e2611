import type { Job } from '../../platform/scheduler';
import { expireStaleStocks } from './stocks.service';

/**
 * SPEC §3's expired status: every night at 03:00 (Asia/Shanghai), for-sale stock its seller has not
 * refreshed for `days` days (config STOCK_EXPIRE_DAYS) goes off sale, and each company is told once.
 * The cut-off is taken from the slot, so a late or repeated run of the same slot expires the same
 * listings and a second run finds nothing left to do.
 */
export function stockExpiryJob(days: number): Job {
  return {
    id: 'stocks.expire',
    cron: '0 3 * * *',
    async run({ db, clock, log, slot }) {
      const { expired, companies } = await expireStaleStocks({ db, clock, at: slot, days });
      if (expired > 0) log.info({ expired, companies, days }, 'stale stock expired');
    },
  };
}
