import { addFeatureNamespace } from '../../lib/i18n';
import enShops from '../../locales/en-US/shops.json';
import zhShops from '../../locales/zh-CN/shops.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    shops: typeof zhShops;
  }
}

/** The shops namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('shops', { 'zh-CN': zhShops, 'en-US': enShops });
