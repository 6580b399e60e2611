import { accountsCleanupJob } from './modules/accounts/accounts.jobs';
import { forecastSettlementJob } from './modules/forecasts/forecasts.jobs';
import type { Job } from './platform/scheduler';

/** Every scheduled job of the server; main.ts runs them. */
export const JOBS: Job[] = [accountsCleanupJob, forecastSettlementJob];
