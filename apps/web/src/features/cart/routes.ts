import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.shoppingCart]: () => import('./pages/ShoppingCartPage'),
};
