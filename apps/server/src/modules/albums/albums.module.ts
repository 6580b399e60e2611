import { defineModule } from '../../platform/module';
import { albumsRoutes } from './albums.routes';

export const albumsModule = defineModule({
  name: 'albums',
  routes: albumsRoutes,
});
