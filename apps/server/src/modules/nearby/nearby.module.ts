import { defineModule } from '../../platform/module';
import { nearbyRoutes } from './nearby.routes';

export const nearbyModule = defineModule({
  name: 'nearby',
  routes: nearbyRoutes,
});
