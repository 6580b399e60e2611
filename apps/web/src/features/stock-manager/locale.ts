import { addFeatureNamespace } from '../../lib/i18n';
import enStockManager from '../../locales/en-US/stockManager.json';
import zhStockManager from '../../locales/zh-CN/stockManager.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    stockManager: typeof zhStockManager;
  }
}

/** The stock manager's namespace arrives with its pages (and the stock rows footprints borrow). */
addFeatureNamespace('stockManager', { 'zh-CN': zhStockManager, 'en-US': enStockManager });
