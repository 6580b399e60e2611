export { storage } from '@metal/shared/client';

/** Every key the console keeps in localStorage: apart from the web app's, so the two sessions never mix. */
export const StorageKeys = {
  session: 'metal.console.session',
  language: 'metal.console.lang',
} as const;
