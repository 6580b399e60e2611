import { addFeatureNamespace } from '../../lib/i18n';
import enInquiries from '../../locales/en-US/inquiries.json';
import zhInquiries from '../../locales/zh-CN/inquiries.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    inquiries: typeof zhInquiries;
  }
}

/** The inquiries namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('inquiries', { 'zh-CN': zhInquiries, 'en-US': enInquiries });
