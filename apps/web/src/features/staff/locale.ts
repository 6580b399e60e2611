import { addFeatureNamespace } from '../../lib/i18n';
import enStaff from '../../locales/en-US/staff.json';
import zhStaff from '../../locales/zh-CN/staff.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    staff: typeof zhStaff;
  }
}

/** The staff namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('staff', { 'zh-CN': zhStaff, 'en-US': enStaff });
