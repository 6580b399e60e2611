import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.login]: () => import('./pages/LoginPage'),
  [Paths.register]: () => import('./pages/RegisterPage'),
};
