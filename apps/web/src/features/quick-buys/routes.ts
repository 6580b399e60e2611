import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.quickBuySet]: () => import('./pages/QuickBuySetPage'),
  [Paths.quickBuySetAdd]: () => import('./pages/QuickBuySetAddPage'),
};
