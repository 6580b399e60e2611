import { getSession, isLoggedIn, subscribeSession } from '../../lib/session';

/** At start-up the first screen comes first: the sync waits this long before it loads and runs. */
const START_UP_DELAY_MS = 2000;

/**
 * SPEC §4: on login, or at start-up with a stored user, footprints are synced. This module is all the
 * start-up bundle carries of it; the sync itself (and the API contracts it needs) loads when it runs.
 */
export function startFootprintSync(): void {
  let syncedSession = '';
  const syncIfNewSession = () => {
    const user = getSession();
    if (!isLoggedIn(user)) {
      syncedSession = '';
      return;
    }
    if (user.sessionId === syncedSession) return;
    syncedSession = user.sessionId;
    import('./sync')
      .then((sync) => sync.syncSessionFootprints())
      .catch((error: unknown) => console.warn('[footprints] sync failed', error));
  };
  setTimeout(() => {
    syncIfNewSession();
    subscribeSession(syncIfNewSession);
  }, START_UP_DELAY_MS);
}
