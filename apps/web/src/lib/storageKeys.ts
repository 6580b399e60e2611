// Without imports, so the build (vite.config.ts) can read the keys too.

/** Every key the app keeps in localStorage, in one place. */
export const StorageKeys = {
  session: 'metal.session',
  language: 'metal.lang',
  privacyAgreed: 'metal.privacyAgreed',
  /** The local day ('YYYY-MM-DD') the start ad last showed: it shows once a day (features/launch). */
  startAdShownOn: 'metal.startAdShownOn',
  /** Per user (`metal.footprints.<userId>`): the local-first footprint store (features/footprints). */
  footprints: 'metal.footprints',
  /** home_search's recent keywords, newest first. */
  stockSearchHistory: 'metal.stockSearchHistory',
  /** Per user (`metal.chatPending.<userId>`): chat messages sent but not yet acknowledged (lib/chat). */
  chatPending: 'metal.chatPending',
  /** Whether notifications are on in this browser, and the push binding last sent (features/push). */
  push: 'metal.push',
  /** The last `market/quotes` answers, shown when the app opens offline (features/markets/lastQuotes). */
  lastQuotes: 'metal.lastQuotes',
} as const;
