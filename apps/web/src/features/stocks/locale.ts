import { addFeatureNamespace } from '../../lib/i18n';
import enStocks from '../../locales/en-US/stocks.json';
import zhStocks from '../../locales/zh-CN/stocks.json';

/** The stocks namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('stocks', { 'zh-CN': zhStocks, 'en-US': enStocks });
