import { addFeatureNamespace } from '../../lib/i18n';
import enQuickBuys from '../../locales/en-US/quickBuys.json';
import zhQuickBuys from '../../locales/zh-CN/quickBuys.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    quickBuys: typeof zhQuickBuys;
  }
}

/** The quick-buys namespace arrives with the tab and its pages, not in the start-up bundle. */
addFeatureNamespace('quickBuys', { 'zh-CN': zhQuickBuys, 'en-US': enQuickBuys });
