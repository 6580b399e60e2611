import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.payDesk]: () => import('./pages/PayDeskPage'),
  [Paths.payPage]: () => import('./pages/PayPage'),
  [Paths.paySuccess]: () => import('./pages/PaySuccessPage'),
  [Paths.payOrders]: () => import('./pages/PayOrdersPage'),
};
