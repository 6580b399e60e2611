import type { Job } from '../../platform/scheduler';
import { expireAgentBuys } from './agent-buys.service';

/**
 * An open agent request takes quotes for AGENT_BUY_OPEN_DAYS: every minute, those whose days ran out end
 * as expired and their owners are told. Until the run, lists and details already show them as expired
 * and quoting is refused, so the minute's delay is never visible.
 */
export const agentBuyExpiryJob: Job = {
  id: 'agent-buys.expire',
  cron: '* * * * *',
  async run({ db, clock, log, slot }) {
    const expired = await expireAgentBuys({ db, clock, at: slot });
    if (expired > 0) log.info({ expired }, 'agent requests past their days expired');
  },
};
