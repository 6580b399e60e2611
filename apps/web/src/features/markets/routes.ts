import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.marketDetail]: () => import('./pages/MarketDetailPage'),
  [Paths.marketBoard]: () => import('./pages/MarketBoardPage'),
  [Paths.marketDetailWeb]: () => import('./pages/MarketDetailWebPage'),
  [Paths.buySort]: () => import('./pages/BuySortPage'),
  [Paths.buySortWx]: () => import('./pages/BuySortWxPage'),
  [Paths.groupManage]: () => import('./pages/GroupManagePage'),
};
