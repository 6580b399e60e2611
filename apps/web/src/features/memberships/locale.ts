import { addFeatureNamespace } from '../../lib/i18n';
import enMemberships from '../../locales/en-US/memberships.json';
import zhMemberships from '../../locales/zh-CN/memberships.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    memberships: typeof zhMemberships;
  }
}

/** The memberships namespace arrives with these pages, not in the start-up bundle. */
addFeatureNamespace('memberships', { 'zh-CN': zhMemberships, 'en-US': enMemberships });
