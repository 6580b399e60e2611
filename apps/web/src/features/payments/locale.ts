import { addFeatureNamespace } from '../../lib/i18n';
import enPayments from '../../locales/en-US/payments.json';
import zhPayments from '../../locales/zh-CN/payments.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    payments: typeof zhPayments;
  }
}

/** The payments namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('payments', { 'zh-CN': zhPayments, 'en-US': enPayments });
