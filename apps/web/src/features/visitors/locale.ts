import { addFeatureNamespace } from '../../lib/i18n';
import enVisitors from '../../locales/en-US/visitors.json';
import zhVisitors from '../../locales/zh-CN/visitors.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    visitors: typeof zhVisitors;
  }
}

/** The visitors namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('visitors', { 'zh-CN': zhVisitors, 'en-US': enVisitors });
