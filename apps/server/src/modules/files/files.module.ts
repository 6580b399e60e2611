import { defineModule } from '../../platform/module';
import { filesRoutes } from './files.routes';

export const filesModule = defineModule({
  name: 'files',
  routes: (app) => app.register(filesRoutes),
});
