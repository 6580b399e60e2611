import { addFeatureNamespace } from '../../lib/i18n';
import enOrders from '../../locales/en-US/orders.json';
import zhOrders from '../../locales/zh-CN/orders.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    orders: typeof zhOrders;
  }
}

/** The orders namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('orders', { 'zh-CN': zhOrders, 'en-US': enOrders });
