import { defineModule } from '../../platform/module';
import { operatorsRoutes } from './operators.routes';

export const operatorsModule = defineModule({
  name: 'operators',
  routes: operatorsRoutes,
});
