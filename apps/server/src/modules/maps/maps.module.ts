import { defineModule } from '../../platform/module';
import { mapsRoutes } from './maps.routes';

export const mapsModule = defineModule({
  name: 'maps',
  routes: mapsRoutes,
});
