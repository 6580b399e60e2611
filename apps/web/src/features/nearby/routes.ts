import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.nearby]: () => import('./pages/NearbyPage'),
  [Paths.chooseLocation]: () => import('./pages/ChooseLocationPage'),
  [Paths.openLocation]: () => import('./pages/OpenLocationPage'),
};
