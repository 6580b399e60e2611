import { addFeatureNamespace } from '../../lib/i18n';
import enCapacities from '../../locales/en-US/capacities.json';
import zhCapacities from '../../locales/zh-CN/capacities.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    capacities: typeof zhCapacities;
  }
}

/** The capacities namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('capacities', { 'zh-CN': zhCapacities, 'en-US': enCapacities });
