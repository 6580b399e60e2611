import { defineModule } from '../../platform/module';
import { marketsRoutes } from './markets.routes';

export const marketsModule = defineModule({
  name: 'markets',
  routes: marketsRoutes,
});
