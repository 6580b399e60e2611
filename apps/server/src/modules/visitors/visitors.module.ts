import { defineModule } from '../../platform/module';
import { visitorsRoutes } from './visitors.routes';

export const visitorsModule = defineModule({
  name: 'visitors',
  routes: visitorsRoutes,
});
