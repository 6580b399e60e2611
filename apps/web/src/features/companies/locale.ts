import { addFeatureNamespace } from '../../lib/i18n';
import enCompanies from '../../locales/en-US/companies.json';
import zhCompanies from '../../locales/zh-CN/companies.json';

declare module '../../lib/i18n' {
  interface FeatureResources {
    companies: typeof zhCompanies;
  }
}

/** The companies namespace arrives with these pages (and with the company-info gate's dialog), not in the start-up bundle. */
addFeatureNamespace('companies', { 'zh-CN': zhCompanies, 'en-US': enCompanies });
