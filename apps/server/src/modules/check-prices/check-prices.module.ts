import { defineModule } from '../../platform/module';
import { checkPricesRoutes } from './check-prices.routes';

export const checkPricesModule = defineModule({
  name: 'check-prices',
  routes: checkPricesRoutes,
});
