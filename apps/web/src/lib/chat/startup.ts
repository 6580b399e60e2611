import { getSession, isLoggedIn, subscribeSession } from '../session';

/** At start-up the first screen comes first: the chat connection waits this long before it loads. */
const START_UP_DELAY_MS = 2000;

/**
 * SPEC §4: on login, or at start-up with a stored user, chat connects; on logout it closes. This
 * module is all the start-up bundle carries of chat: the connection (and its locale) loads when a
 * user is logged in.
 */
export function startChatConnection(delayMs = START_UP_DELAY_MS): void {
  let connectedSession = '';
  const follow = () => {
    const user = getSession();
    const sessionId = isLoggedIn(user) ? user.sessionId : '';
    if (sessionId === connectedSession) return;
    const hadSession = connectedSession !== '';
    connectedSession = sessionId;
    if (!isLoggedIn(user) && !hadSession) return;
    import('./connection')
      .then(({ getChatConnection }) => {
        const chat = getChatConnection();
        if (isLoggedIn(user)) chat.open({ sessionId: user.sessionId, userId: user.userId });
        else chat.close();
      })
      .catch((error: unknown) => console.warn('[chat] connection unavailable', error));
    // SPEC §4: the push token is bound alongside (only where the user turned notifications on).
    if (isLoggedIn(user))
      import('../../features/push/client')
        .then(({ followPushBinding }) => followPushBinding(user))
        .catch((error: unknown) => console.warn('[push] binding not renewed', error));
  };
  setTimeout(() => {
    follow();
    subscribeSession(follow);
  }, delayMs);
}
