import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.inputAgentBuy]: () => import('./pages/InputAgentBuyPage'),
  [Paths.inputAgentSell]: () => import('./pages/InputAgentSellPage'),
  [Paths.agentBuyDetail]: () => import('./pages/AgentBuyDetailPage'),
  [Paths.myAgentBuys]: () => import('./pages/MyAgentBuysPage'),
};
