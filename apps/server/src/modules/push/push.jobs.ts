import type { PushProvider } from '../../platform/push';
import type { Job } from '../../platform/scheduler';
import { dispatchDuePushes } from './push.outbox';

/**
 * Every minute: sends pushes held through a quiet time once it has ended (13:30, 07:00), retries
 * failed ones when their wait is over, and anything a nudge did not get to (a notice, a restart).
 */
export const pushDispatchJob = (provider: PushProvider): Job => ({
  id: 'push.dispatch',
  cron: '* * * * *',
  async run({ db, clock, log }) {
    await dispatchDuePushes({ db, clock, provider, log });
  },
});
