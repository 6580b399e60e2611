import { addFeatureNamespace } from '../../lib/i18n';
import enStocks from '../../locales/en-US/stocks.json';
import zhStocks from '../../locales/zh-CN/stocks.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    stocks: typeof zhStocks;
  }
}

/** The stocks namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('stocks', { 'zh-CN': zhStocks, 'en-US': enStocks });
