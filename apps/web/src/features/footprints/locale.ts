import { addFeatureNamespace } from '../../lib/i18n';
import enFootprints from '../../locales/en-US/footprints.json';
import zhFootprints from '../../locales/zh-CN/footprints.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    footprints: typeof zhFootprints;
  }
}

/** The footprints namespace arrives with its page, not in the start-up bundle. */
addFeatureNamespace('footprints', { 'zh-CN': zhFootprints, 'en-US': enFootprints });
