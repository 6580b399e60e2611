import { isMessageKey, type Language, translate } from '@metal/shared';

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
