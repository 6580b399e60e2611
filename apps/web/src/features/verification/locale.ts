import { addFeatureNamespace } from '../../lib/i18n';
import enVerification from '../../locales/en-US/verification.json';
import zhVerification from '../../locales/zh-CN/verification.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    verification: typeof zhVerification;
  }
}

/** The verification namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('verification', { 'zh-CN': zhVerification, 'en-US': enVerification });
