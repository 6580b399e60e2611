import { defineModule } from '../../platform/module';
import { footprintsRoutes } from './footprints.routes';

export const footprintsModule = defineModule({
  name: 'footprints',
  routes: footprintsRoutes,
});
