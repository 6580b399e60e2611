import { defineModule } from '../../platform/module';
import { noticesRoutes } from './notices.routes';

export const noticesModule = defineModule({
  name: 'notices',
  routes: noticesRoutes,
});
