import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

/** stock_detail is one of the start-up routes (app/router.tsx): shared links open on it. */
export const routes: FeatureRoutes = {
  [Paths.inputStock]: () => import('./pages/InputStockPage'),
  [Paths.stockSameSpec]: () => import('./pages/StockSameSpecPage'),
};
