export { storage } from '@metal/shared/client';

/** Every key the app keeps in localStorage, in one place. */
export const StorageKeys = {
  session: 'metal.session',
  language: 'metal.lang',
  privacyAgreed: 'metal.privacyAgreed',
  /** Per user (`metal.footprints.<userId>`): the local-first footprint store (features/footprints). */
  footprints: 'metal.footprints',
  /** home_search's recent keywords, newest first. */
  stockSearchHistory: 'metal.stockSearchHistory',
  /** Per user (`metal.chatPending.<userId>`): chat messages sent but not yet acknowledged (lib/chat). */
  chatPending: 'metal.chatPending',
  /** Whether notifications are on in this browser, and the push binding last sent (features/push). */
  push: 'metal.push',
} as const;
