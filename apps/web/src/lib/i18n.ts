import type { Language } from '@metal/shared';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import enAccounts from '../locales/en-US/accounts.json';
import enCommon from '../locales/en-US/common.json';
import enLaunch from '../locales/en-US/launch.json';
import enMarkets from '../locales/en-US/markets.json';
import enRoot from '../locales/en-US/root.json';
import enSettings from '../locales/en-US/settings.json';
import zhAccounts from '../locales/zh-CN/accounts.json';
import type zhAlbums from '../locales/zh-CN/albums.json';
import type zhCapacities from '../locales/zh-CN/capacities.json';
import zhCommon from '../locales/zh-CN/common.json';
import type zhCompanies from '../locales/zh-CN/companies.json';
import type zhFootprints from '../locales/zh-CN/footprints.json';
import type zhForecasts from '../locales/zh-CN/forecasts.json';
import zhLaunch from '../locales/zh-CN/launch.json';
import type zhLicences from '../locales/zh-CN/licences.json';
import zhMarkets from '../locales/zh-CN/markets.json';
import type zhNearby from '../locales/zh-CN/nearby.json';
import zhRoot from '../locales/zh-CN/root.json';
import zhSettings from '../locales/zh-CN/settings.json';
import type zhShops from '../locales/zh-CN/shops.json';
import type zhStockManager from '../locales/zh-CN/stockManager.json';
import type zhStockSearch from '../locales/zh-CN/stockSearch.json';
import type zhStocks from '../locales/zh-CN/stocks.json';
import type zhUploader from '../locales/zh-CN/uploader.json';
import type zhVerification from '../locales/zh-CN/verification.json';
import type zhVisitors from '../locales/zh-CN/visitors.json';
import { getLanguage, onLanguageChange, setLanguage } from './language';

/** One namespace per locale file; zh-CN and en-US carry the same keys (checked by i18n.test.ts). */
export const resources = {
  'zh-CN': {
    common: zhCommon,
    launch: zhLaunch,
    root: zhRoot,
    accounts: zhAccounts,
    settings: zhSettings,
    markets: zhMarkets,
  },
  'en-US': {
    common: enCommon,
    launch: enLaunch,
    root: enRoot,
    accounts: enAccounts,
    settings: enSettings,
    markets: enMarkets,
  },
} as const;

/**
 * Namespaces that travel with their feature's lazy pages instead of the start-up bundle (the home
 * route has a size budget); each feature registers its own with `addFeatureNamespace`.
 */
interface FeatureResources {
  forecasts: typeof zhForecasts;
  companies: typeof zhCompanies;
  verification: typeof zhVerification;
  licences: typeof zhLicences;
  albums: typeof zhAlbums;
  uploader: typeof zhUploader;
  shops: typeof zhShops;
  stocks: typeof zhStocks;
  stockManager: typeof zhStockManager;
  visitors: typeof zhVisitors;
  footprints: typeof zhFootprints;
  capacities: typeof zhCapacities;
  nearby: typeof zhNearby;
  stockSearch: typeof zhStockSearch;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['zh-CN'] & FeatureResources;
  }
}

/** Each language named in itself, as language pickers do. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

function applyDocumentLanguage(lang: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = i18next.t('common:appName');
}

void i18next.use(initReactI18next).init({
  resources,
  lng: getLanguage(),
  // SPEC §9: zh-CN interface with an en-US fallback.
  fallbackLng: 'en-US',
  supportedLngs: ['zh-CN', 'en-US'],
  defaultNS: 'common',
  ns: Object.keys(resources['zh-CN']),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyDocumentLanguage(getLanguage());

onLanguageChange((lang) => {
  void i18next.changeLanguage(lang).then(() => applyDocumentLanguage(lang));
});

export { i18next };

/** Registers a lazily loaded feature's namespace in both languages (once; a later call changes nothing). */
export function addFeatureNamespace<N extends keyof FeatureResources>(
  namespace: N,
  bundles: Record<Language, FeatureResources[N]>,
): void {
  for (const lang of Object.keys(bundles) as Language[]) {
    if (!i18next.hasResourceBundle(lang, namespace)) i18next.addResourceBundle(lang, namespace, bundles[lang]);
  }
}

/** The current UI language and a setter that also changes the `lang` sent to the server. */
export function useLanguage(): [Language, (lang: Language) => void] {
  const lang = useSyncExternalStore(onLanguageChange, getLanguage, getLanguage);
  return [lang, setLanguage];
}
