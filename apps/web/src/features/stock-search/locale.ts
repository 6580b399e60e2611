import { addFeatureNamespace } from '../../lib/i18n';
import enStockSearch from '../../locales/en-US/stockSearch.json';
import zhStockSearch from '../../locales/zh-CN/stockSearch.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    stockSearch: typeof zhStockSearch;
  }
}

/** The stockSearch namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('stockSearch', { 'zh-CN': zhStockSearch, 'en-US': enStockSearch });
