import { defineModule } from '../../platform/module';
import { quickBuyMatchJob } from './quick-buys.jobs';
import { quickBuysRoutes } from './quick-buys.routes';

export const quickBuysModule = defineModule({
  name: 'quick-buys',
  routes: quickBuysRoutes,
  jobs: () => [quickBuyMatchJob],
});
