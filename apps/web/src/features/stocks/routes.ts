import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.inputStock]: () => import('./pages/InputStockPage'),
  [Paths.stockDetail]: () => import('./pages/StockDetailPage'),
  [Paths.stockSameSpec]: () => import('./pages/StockSameSpecPage'),
};
