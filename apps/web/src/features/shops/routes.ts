import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.company]: () => import('./pages/CompanyPage'),
  [Paths.companyDetail]: () => import('./pages/CompanyDetailPage'),
  [Paths.userInfo]: () => import('./pages/UserInfoPage'),
  [Paths.attentionCompany]: () => import('./pages/AttentionCompanyPage'),
  [Paths.openShop]: () => import('./pages/OpenShopPage'),
};
