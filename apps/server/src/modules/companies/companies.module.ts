import { defineModule } from '../../platform/module';
import { companiesRoutes } from './companies.routes';

export const companiesModule = defineModule({
  name: 'companies',
  routes: companiesRoutes,
});
