import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.checkPrice]: () => import('./pages/CheckPricePage'),
  [Paths.checkPriceDetail]: () => import('./pages/CheckPriceDetailPage'),
  [Paths.meCheckPrice]: () => import('./pages/MeCheckPricePage'),
  [Paths.addCheckPrice]: () => import('./pages/AddCheckPricePage'),
};
