import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.forecast]: () => import('./pages/ForecastPage'),
  [Paths.forecastUser]: () => import('./pages/ForecastUserPage'),
  [Paths.forecastMrt]: () => import('./pages/MrtPage'),
};
