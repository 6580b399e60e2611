import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.faceVerify]: () => import('./pages/FaceVerifyPage'),
  [Paths.authResult]: () => import('./pages/AuthResultPage'),
};
