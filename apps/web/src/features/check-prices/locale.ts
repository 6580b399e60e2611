import { addFeatureNamespace } from '../../lib/i18n';
import enCheckPrices from '../../locales/en-US/checkPrices.json';
import zhCheckPrices from '../../locales/zh-CN/checkPrices.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    checkPrices: typeof zhCheckPrices;
  }
}

/** The check-prices namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('checkPrices', { 'zh-CN': zhCheckPrices, 'en-US': enCheckPrices });
