import type { Job } from '../../platform/scheduler';
import { expireDueOrders } from './orders.service';

/**
 * Every five minutes: orders past their deadline (no quote within ORDER_QUOTE_WAIT_HOURS, a quote not
 * agreed while valid, not paid within the seller's payment days) expire and release their stock.
 * Idempotent: each order is re-read under its lock, and one that moved on is left alone.
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
];
