import { accountsCleanupJob } from './modules/accounts/accounts.jobs';
import { FORECAST_JOBS } from './modules/forecasts/forecasts.jobs';
import type { Job } from './platform/scheduler';

/** Every scheduled job of the server; main.ts runs them. */
export const JOBS: Job[] = [accountsCleanupJob, ...FORECAST_JOBS];
