import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.operatorIndex]: () => import('./pages/StaffListPage'),
  [Paths.editEmployee]: () => import('./pages/EditEmployeePage'),
  [Paths.editRole]: () => import('./pages/EditRolePage'),
};
