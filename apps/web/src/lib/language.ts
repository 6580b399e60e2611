import { DEFAULT_LANGUAGE, type Language, normalizeLanguage } from '@metal/shared';
import { StorageKeys, storage } from './storage';

/**
 * The UI language, kept apart from i18next so that the API client (which sends it as `lang`) does
 * not depend on the i18n runtime. i18n.ts follows it.
 */
type Listener = (lang: Language) => void;

let current: Language = normalizeLanguage(storage.get(StorageKeys.language)) ?? DEFAULT_LANGUAGE;
const listeners = new Set<Listener>();

export function getLanguage(): Language {
  return current;
}

export function setLanguage(lang: Language): void {
  if (lang === current) return;
  current = lang;
  storage.set(StorageKeys.language, lang);
  for (const listener of listeners) listener(lang);
}

export function onLanguageChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
