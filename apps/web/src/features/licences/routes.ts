import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.licensePage]: () => import('./pages/LicensePage'),
  [Paths.licenseDisplay]: () => import('./pages/LicenseDisplayPage'),
  [Paths.modifyCompany]: () => import('./pages/ModifyCompanyPage'),
};
