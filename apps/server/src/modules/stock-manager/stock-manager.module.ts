import { defineModule } from '../../platform/module';
import { stockManagerRoutes } from './stock-manager.routes';

export const stockManagerModule = defineModule({
  name: 'stock-manager',
  routes: stockManagerRoutes,
});
