import { addFeatureNamespace } from '../../lib/i18n';
import enShops from '../../locales/en-US/shops.json';
import zhShops from '../../locales/zh-CN/shops.json';

/** The shops namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('shops', { 'zh-CN': zhShops, 'en-US': enShops });
