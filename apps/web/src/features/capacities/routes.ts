import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.inputCapacity]: () => import('./pages/InputCapacityPage'),
  [Paths.chooseCapacityAttr]: () => import('./pages/ChooseCapacityAttrPage'),
  [Paths.capacityManage]: () => import('./pages/CapacityManagePage'),
  [Paths.capacityDetail]: () => import('./pages/CapacityDetailPage'),
};
