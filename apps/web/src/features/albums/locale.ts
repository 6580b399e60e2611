import { addFeatureNamespace } from '../../lib/i18n';
import enAlbums from '../../locales/en-US/albums.json';
import zhAlbums from '../../locales/zh-CN/albums.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    albums: typeof zhAlbums;
  }
}

/** The albums namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('albums', { 'zh-CN': zhAlbums, 'en-US': enAlbums });
