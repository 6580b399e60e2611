import { DEFAULT_LANGUAGE, type Language, type MessageKey, normalizeLanguage, translate } from '@metal/shared';
import i18next, { type TFunction } from 'i18next';
import { useCallback, useSyncExternalStore } from 'react';
import { initReactI18next } from 'react-i18next';
import enAccounts from '../locales/en-US/accounts.json';
import enAgentBuys from '../locales/en-US/agentBuys.json';
import enCapacities from '../locales/en-US/capacities.json';
import enCommon from '../locales/en-US/common.json';
import enCompanies from '../locales/en-US/companies.json';
import enInquiries from '../locales/en-US/inquiries.json';
import enLicences from '../locales/en-US/licences.json';
import enMemberships from '../locales/en-US/memberships.json';
import enOperators from '../locales/en-US/operators.json';
import enOrders from '../locales/en-US/orders.json';
import enPayments from '../locales/en-US/payments.json';
import enReviews from '../locales/en-US/reviews.json';
import enShops from '../locales/en-US/shops.json';
import enStocks from '../locales/en-US/stocks.json';
import enVerification from '../locales/en-US/verification.json';
import zhAccounts from '../locales/zh-CN/accounts.json';
import zhAgentBuys from '../locales/zh-CN/agentBuys.json';
import zhCapacities from '../locales/zh-CN/capacities.json';
import zhCommon from '../locales/zh-CN/common.json';
import zhCompanies from '../locales/zh-CN/companies.json';
import zhInquiries from '../locales/zh-CN/inquiries.json';
import zhLicences from '../locales/zh-CN/licences.json';
import zhMemberships from '../locales/zh-CN/memberships.json';
import zhOperators from '../locales/zh-CN/operators.json';
import zhOrders from '../locales/zh-CN/orders.json';
import zhPayments from '../locales/zh-CN/payments.json';
import zhReviews from '../locales/zh-CN/reviews.json';
import zhShops from '../locales/zh-CN/shops.json';
import zhStocks from '../locales/zh-CN/stocks.json';
import zhVerification from '../locales/zh-CN/verification.json';
import { StorageKeys, storage } from './storage';

/** One namespace per feature; zh-CN and en-US carry the same keys (checked by locales.test.ts). */
export const resources = {
  'zh-CN': {
    common: zhCommon,
    accounts: zhAccounts,
    reviews: zhReviews,
    companies: zhCompanies,
    operators: zhOperators,
    licences: zhLicences,
    shops: zhShops,
    stocks: zhStocks,
    verification: zhVerification,
    capacities: zhCapacities,
    inquiries: zhInquiries,
    agentBuys: zhAgentBuys,
    payments: zhPayments,
    memberships: zhMemberships,
    orders: zhOrders,
  },
  'en-US': {
    common: enCommon,
    accounts: enAccounts,
    reviews: enReviews,
    companies: enCompanies,
    operators: enOperators,
    licences: enLicences,
    shops: enShops,
    stocks: enStocks,
    verification: enVerification,
    capacities: enCapacities,
    inquiries: enInquiries,
    agentBuys: enAgentBuys,
    payments: enPayments,
    memberships: enMemberships,
    orders: enOrders,
  },
} as const;

type Namespace = keyof (typeof resources)['zh-CN'];
/** Every namespace, for code that renders another feature's words (a queue's definition, say). */
export const ALL_NAMESPACES = Object.keys(resources['zh-CN']) as Namespace[];
/** A `t` that takes `namespace:key` for any of the console's namespaces. */
export type ConsoleT = TFunction<Namespace[]>;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['zh-CN'];
  }
}

/** Each language named in itself, as language pickers do. */
export const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'en-US': 'English' };

/**
 * The console's language (zh-CN unless the operator switched), kept apart from the web app's. It is
 * read by the API client (sent as `lang`, so the server's mesg follows) before i18next catches up.
 */
let current: Language = normalizeLanguage(storage.get(StorageKeys.language)) ?? DEFAULT_LANGUAGE;
const listeners = new Set<() => void>();

function applyDocumentLanguage(lang: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.title = i18next.t('common:appName');
}

void i18next.use(initReactI18next).init({
  resources,
  lng: current,
  fallbackLng: 'en-US',
  supportedLngs: ['zh-CN', 'en-US'],
  defaultNS: 'common',
  ns: Object.keys(resources['zh-CN']),
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});
applyDocumentLanguage(current);

export { i18next };

export function getLanguage(): Language {
  return current;
}

export function setLanguage(lang: Language): void {
  if (lang === current) return;
  current = lang;
  storage.set(StorageKeys.language, lang);
  void i18next.changeLanguage(lang).then(() => applyDocumentLanguage(lang));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The console's language and its setter. */
export function useLanguage(): [Language, (lang: Language) => void] {
  return [useSyncExternalStore(subscribe, getLanguage, getLanguage), setLanguage];
}

/** Renders a shared message key (the same words the server's mesg uses) in the console's language. */
export function useMessage(): (key: MessageKey, params?: Record<string, string | number>) => string {
  const [lang] = useLanguage();
  return useCallback((key, params) => translate(key, lang, params), [lang]);
}
