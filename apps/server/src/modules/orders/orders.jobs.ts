import type { Job } from '../../platform/scheduler';
import { CHECKOUT_KEPT_DAYS, expireDueOrders, forgetOldCheckouts } from './orders.service';

/**
 * Every five minutes: orders past their deadline (no quote within ORDER_QUOTE_WAIT_HOURS, a quote not
 * agreed while valid, not paid within the seller's payment days) expire and release their stock.
 * Idempotent: each order is re-read under its lock, and one that moved on is left alone. Every night:
 * checkout attempts older than CHECKOUT_KEPT_DAYS are forgotten.
 */
export const ORDER_JOBS: Job[] = [
  {
    id: 'orders.expire',
    cron: '*/5 * * * *',
    async run({ db, clock, log }) {
      const expired = await expireDueOrders({ db, clock });
      if (expired > 0) log.info({ expired }, 'trade orders expired');
    },
  },
  {
    id: 'orders.forget-checkouts',
    cron: '40 3 * * *',
    async run({ db, clock, log }) {
      const forgotten = await forgetOldCheckouts({ db, clock });
      if (forgotten > 0) log.info({ forgotten, keptDays: CHECKOUT_KEPT_DAYS }, 'old checkout attempts forgotten');
    },
  },
];
