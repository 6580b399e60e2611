import { addFeatureNamespace } from '../../lib/i18n';
import enLicences from '../../locales/en-US/licences.json';
import zhLicences from '../../locales/zh-CN/licences.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    licences: typeof zhLicences;
  }
}

/** The licences namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('licences', { 'zh-CN': zhLicences, 'en-US': enLicences });
