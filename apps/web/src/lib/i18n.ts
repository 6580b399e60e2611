import type { Language } from '@metal/shared';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import zhAccounts from '../locales/zh-CN/accounts.json';
import type zhChatConnection from '../locales/zh-CN/chatConnection.json';
import zhCommon from '../locales/zh-CN/common.json';
import type zhErrors from '../locales/zh-CN/errors.json';
import zhLaunch from '../locales/zh-CN/launch.json';
import zhMarkets from '../locales/zh-CN/markets.json';
import zhRoot from '../locales/zh-CN/root.json';
import zhSettings from '../locales/zh-CN/settings.json';
import type zhUploader from '../locales/zh-CN/uploader.json';
import { getLanguage, onLanguageChange, setLanguage } from './language';

/**
 * The start-up namespaces, one per locale file (zh-CN and en-US carry the same keys, checked by
 * locales.test.ts). Chinese, the default, is in the start-up bundle; English comes in its own chunk
 * (i18n-english-core.ts) for those who read it, so no one downloads both.
 */
const chineseCore = {
  common: zhCommon,
  launch: zhLaunch,
  root: zhRoot,
  accounts: zhAccounts,
  settings: zhSettings,
  markets: zhMarkets,
};
type CoreResources = typeof chineseCore;

/**
 * Namespaces that travel with the lazy code that shows them instead of the start-up bundle (the home
 * route has a size budget), each registered with `addFeatureNamespace` by its own locale module. A
 * feature adds its namespaces to this interface in its locale.ts (`declare module`), so lib names none.
 */
export interface FeatureResources {
  /** components/ImageUploader's words. */
  uploader: typeof zhUploader;
  /** lib/chat's connection toasts. */
  chatConnection: typeof zhChatConnection;
  /** lib/errors' words for every failure (loaded with the first failure or error screen). */
  errors: typeof zhErrors;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: CoreResources & FeatureResources;
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
  resources: { 'zh-CN': chineseCore },
  lng: 'zh-CN',
  // SPEC §9: a zh-CN interface; English is loaded before it is shown (loadLanguage).
  fallbackLng: 'zh-CN',
  supportedLngs: ['zh-CN', 'en-US'],
  defaultNS: 'common',
  ns: Object.keys(chineseCore),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Makes a language's start-up namespaces available without showing it (tests switch languages at once). */
export async function loadCore(lang: Language): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'common')) return;
  const bundles: CoreResources = lang === 'zh-CN' ? chineseCore : (await import('./i18n-english-core')).default;
  for (const [namespace, bundle] of Object.entries(bundles)) i18next.addResourceBundle(lang, namespace, bundle);
}

/**
 * Shows the interface in a language once its start-up namespaces are there: at start-up (main.tsx
 * waits for it before the first render) and whenever the user switches.
 */
export async function loadLanguage(lang: Language): Promise<void> {
  await loadCore(lang);
  await i18next.changeLanguage(lang);
  applyDocumentLanguage(lang);
}

onLanguageChange((lang) => {
  void loadLanguage(lang);
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
