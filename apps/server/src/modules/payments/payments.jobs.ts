import type { FastifyInstance } from 'fastify';
import type { Job } from '../../platform/scheduler';
import { paymentDeps } from './payments.routes';
import { closeExpiredOrders, queryLateOrders, queryPendingRefunds, retryFulfilments } from './payments.service';

/**
 * Every minute: unpaid orders past their 30 minutes are closed (after asking their provider, whose
 * payment would be honoured), orders whose callback is late are asked about at their provider, and paid
 * orders whose fulfilment failed are fulfilled again (or refunded, when it can never be delivered).
 * Every ten minutes: refunds still pending are asked about (a WeChat Pay refund's notification is late).
 */
export function paymentJobs(app: FastifyInstance): Job[] {
  const deps = paymentDeps(app);
  return [
    {
      id: 'payments.close',
      cron: '* * * * *',
      async run({ log }) {
        const closed = await closeExpiredOrders(deps);
        if (closed > 0) log.info({ closed }, 'unpaid payment orders closed');
      },
    },
    {
      id: 'payments.query',
      cron: '* * * * *',
      async run({ log }) {
        const paid = await queryLateOrders(deps);
        if (paid > 0) log.info({ paid }, 'late payments found by asking the providers');
        const fulfilled = await retryFulfilments(deps);
        if (fulfilled > 0) log.info({ fulfilled }, 'payments whose fulfilment had failed delivered or refunded');
      },
    },
    {
      id: 'payments.refund-query',
      cron: '*/10 * * * *',
      async run({ log }) {
        const settled = await queryPendingRefunds(deps);
        if (settled > 0) log.info({ settled }, 'refund outcomes found by asking the providers');
      },
    },
  ];
}
