import { isMessageKey, type Language, type MessageKey, translate } from '@metal/shared';
import { useCallback } from 'react';
import { useLanguage } from './i18n';

/** What a zod safeParse failure carries, without importing zod here. */
interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/**
 * The first message per top-level field of a failed parse. The shared schemas' messages are message
 * keys (messages.ts); they are kept as keys and localized where they are shown.
 */
export function fieldErrors(issues: readonly IssueLike[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '');
    if (!(field in errors)) errors[field] = issue.message;
  }
  return errors;
}

/** A message from the shared schemas or the server's `errors`: a key is translated, a sentence kept. */
export function localizeMessage(message: string, lang: Language): string {
  return isMessageKey(message) ? translate(message, lang) : message;
}

/**
 * Renders a shared message key (zod errors, server message keys) in the UI language. It lives here,
 * with the forms that need it, so the shared message catalogue loads with those pages and not at start-up.
 */
export function useMessage(): (key: MessageKey | string, params?: Record<string, string | number>) => string {
  const [lang] = useLanguage();
  return useCallback((key, params) => translate(key, lang, params), [lang]);
}
