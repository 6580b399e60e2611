import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.stockManager]: () => import('./pages/StockManagerPage'),
  [Paths.sameAttr]: () => import('./pages/SameAttrPage'),
};
