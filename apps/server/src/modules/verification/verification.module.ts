import { defineModule } from '../../platform/module';
import { verificationRoutes } from './verification.routes';

export const verificationModule = defineModule({
  name: 'verification',
  routes: verificationRoutes,
});
