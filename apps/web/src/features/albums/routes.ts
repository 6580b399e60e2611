import type { FeatureRoutes } from '../../app/featureRoutes';
import { Paths } from '../../lib/navigation';

export const routes: FeatureRoutes = {
  [Paths.albumManager]: () => import('./pages/AlbumManagerPage'),
  [Paths.albumPictureManager]: () => import('./pages/AlbumPictureManagerPage'),
  [Paths.shopAlbum]: () => import('./pages/ShopAlbumPage'),
};
