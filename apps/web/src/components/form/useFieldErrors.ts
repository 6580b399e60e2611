import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { useLanguage } from '../../lib/i18n';
import { localizeMessage } from '../../lib/validation';

/** Field name → message key (or the server's own text), from the shared schemas or the server's `errors`. */
export type FieldErrorKeys = Record<string, string>;

/**
 * A form's errors, by field name: the names the shared schemas and the server use, which are also
 * the inputs' `name`s. They are kept as message keys and localized only when shown, so a language
 * change re-words the errors already on screen.
 */
export function useFieldErrors() {
  const [lang] = useLanguage();
  const [keys, setKeys] = useState<FieldErrorKeys>({});
  return {
    keys,
    /** Replaces every field's error; `{}` clears them. */
    setAll: setKeys,
    /** Sets one field's error and keeps the others; '' clears it. */
    set: (field: string, messageKey: string) => setKeys((current) => ({ ...current, [field]: messageKey })),
    /** Shows the per-field errors a failed request came back with, when it has any. */
    setFromServer: (error: unknown) => {
      if (isApiError(error) && error.errors) setKeys(error.errors);
    },
    /** The field's error in the UI language, or undefined when it has none. */
    show: (field: string) => (keys[field] ? localizeMessage(keys[field], lang) : undefined),
  };
}

export type FieldErrors = ReturnType<typeof useFieldErrors>;
