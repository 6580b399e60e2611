import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.confirmStockOrder]: () => import('./pages/ConfirmStockOrderPage'),
  [Paths.confirmInquiryOrder]: () => import('./pages/ConfirmInquiryOrderPage'),
  [Paths.confirmProxyOrder]: () => import('./pages/ConfirmProxyOrderPage'),
  [Paths.proxyPick]: () => import('./pages/ProxyPickPage'),
  [Paths.myOrders]: () => import('./pages/MyOrdersPage'),
  [Paths.orderDetail]: () => import('./pages/OrderDetailPage'),
};
