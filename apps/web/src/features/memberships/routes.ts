import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.vipCenter]: () => import('./pages/VipCenterPage'),
  [Paths.vipPower]: () => import('./pages/VipPowerPage'),
  [Paths.openVip]: () => import('./pages/OpenVipPage'),
  [Paths.openForecastVip]: () => import('./pages/OpenForecastVipPage'),
  [Paths.openDynamicVip]: () => import('./pages/OpenDynamicVipPage'),
};
