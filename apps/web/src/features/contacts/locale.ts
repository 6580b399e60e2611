import { addFeatureNamespace } from '../../lib/i18n';
import enContacts from '../../locales/en-US/contacts.json';
import zhContacts from '../../locales/zh-CN/contacts.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    contacts: typeof zhContacts;
  }
}

/** The contacts namespace arrives with the contacts pages, not in the start-up bundle. */
addFeatureNamespace('contacts', { 'zh-CN': zhContacts, 'en-US': enContacts });
