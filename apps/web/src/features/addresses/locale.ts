import { addFeatureNamespace } from '../../lib/i18n';
import enAddresses from '../../locales/en-US/addresses.json';
import zhAddresses from '../../locales/zh-CN/addresses.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    addresses: typeof zhAddresses;
  }
}

/** The addresses namespace arrives with its pages, not in the start-up bundle. */
addFeatureNamespace('addresses', { 'zh-CN': zhAddresses, 'en-US': enAddresses });
