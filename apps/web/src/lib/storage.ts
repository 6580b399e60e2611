/**
 * localStorage that never throws: private browsing modes and full quotas make it fail, and the app
 * must still run (it then forgets on reload).
 */
export const storage = {
  get(key: string): string | null {
    try {
      return globalThis.localStorage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      globalThis.localStorage?.setItem(key, value);
    } catch {
      // Not persisted; the in-memory state still holds for this visit.
    }
  },
  remove(key: string): void {
    try {
      globalThis.localStorage?.removeItem(key);
    } catch {
      // Nothing to do.
    }
  },
};

/** Every key the app keeps in localStorage, in one place. */
export const StorageKeys = {
  session: 'metal.session',
  language: 'metal.lang',
  privacyAgreed: 'metal.privacyAgreed',
} as const;
