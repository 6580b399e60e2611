import { addFeatureNamespace } from '../../lib/i18n';
import enStockManager from '../../locales/en-US/stockManager.json';
import zhStockManager from '../../locales/zh-CN/stockManager.json';

/** The stock manager's namespace arrives with its pages (and the stock rows footprints borrow). */
addFeatureNamespace('stockManager', { 'zh-CN': zhStockManager, 'en-US': enStockManager });
