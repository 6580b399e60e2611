import { addFeatureNamespace } from '../../lib/i18n';
import enNearby from '../../locales/en-US/nearby.json';
import zhNearby from '../../locales/zh-CN/nearby.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    nearby: typeof zhNearby;
  }
}

/** The nearby namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('nearby', { 'zh-CN': zhNearby, 'en-US': enNearby });
