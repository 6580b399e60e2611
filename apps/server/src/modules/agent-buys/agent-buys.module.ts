import { ChatProductType } from '@metal/shared';
import { defineModule } from '../../platform/module';
import { agentBuyExpiryJob } from './agent-buys.jobs';
import { agentBuyLink } from './agent-buys.links';
import { agentBuysRoutes } from './agent-buys.routes';

export const agentBuysModule = defineModule({
  name: 'agent-buys',
  routes: agentBuysRoutes,
  jobs: () => [agentBuyExpiryJob],
  productLinks: { [ChatProductType.agentBuy]: agentBuyLink },
});
