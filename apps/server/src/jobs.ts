import { accountsCleanupJob } from './modules/accounts/accounts.jobs';
import { agentBuyExpiryJob } from './modules/agent-buys/agent-buys.jobs';
import { FORECAST_JOBS } from './modules/forecasts/forecasts.jobs';
import { inquiryExpiryJob } from './modules/inquiries/inquiries.jobs';
import { quickBuyMatchJob } from './modules/quick-buys/quick-buys.jobs';
import { STOCK_SEARCH_JOBS } from './modules/stock-search/stock-search.jobs';
import { type Job, jobRunsPruneJob } from './platform/scheduler';

/** Every scheduled job of the server; main.ts runs them. */
export const JOBS: Job[] = [accountsCleanupJob, jobRunsPruneJob, ...FORECAST_JOBS];
JOBS.push(...STOCK_SEARCH_JOBS, inquiryExpiryJob);
JOBS.push(quickBuyMatchJob);
JOBS.push(agentBuyExpiryJob);
