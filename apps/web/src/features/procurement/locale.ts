import { addFeatureNamespace } from '../../lib/i18n';
import enProcurement from '../../locales/en-US/procurement.json';
import zhProcurement from '../../locales/zh-CN/procurement.json';

/** The procurement namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('procurement', { 'zh-CN': zhProcurement, 'en-US': enProcurement });
