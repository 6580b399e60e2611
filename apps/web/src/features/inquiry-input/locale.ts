import { addFeatureNamespace } from '../../lib/i18n';
import enInquiryInput from '../../locales/en-US/inquiryInput.json';
import zhInquiryInput from '../../locales/zh-CN/inquiryInput.json';

/** The inquiry-input namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('inquiryInput', { 'zh-CN': zhInquiryInput, 'en-US': enInquiryInput });
