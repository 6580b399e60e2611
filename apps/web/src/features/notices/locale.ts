import { addFeatureNamespace } from '../../lib/i18n';
import enNotices from '../../locales/en-US/notices.json';
import zhNotices from '../../locales/zh-CN/notices.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    notices: typeof zhNotices;
  }
}

/** The notices namespace arrives with the messages tab's entries and the notice pages, not at start-up. */
addFeatureNamespace('notices', { 'zh-CN': zhNotices, 'en-US': enNotices });
