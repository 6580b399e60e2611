import { Paths } from '../navigation';
import { getSession, isLoggedIn } from '../session';
import type { ChatConnection } from './connection';
import type { ChatMessage } from './frames';

/**
 * SPEC §2 chat_page/tip_message_page: a message from someone whose conversation the user is not
 * looking at is announced by a banner. Not one the user sent (from another device), and not one for
 * the chat_page already showing that peer. `location` is the hash route, e.g. `/pages/root/root?tab=home`.
 */
export function shouldShowTip(message: ChatMessage, myUserId: number, location: string): boolean {
  if (myUserId <= 0 || message.sendUserId === myUserId || message.receiveUserId !== myUserId) return false;
  return !isInChatWith(message.sendUserId, location);
}

/** Whether the hash route `location` is the chat_page with `userId`. */
export function isInChatWith(userId: number, location: string): boolean {
  const [path, query = ''] = location.split('?');
  return path === Paths.chatPage && Number(new URLSearchParams(query).get('userId')) === userId;
}

/** The banner's code (and its styles) load with the first message that needs it, not at start-up. */
export function watchForTips(chat: ChatConnection): () => void {
  return chat.onMessage((message) => {
    const user = getSession();
    if (!isLoggedIn(user) || typeof window === 'undefined') return;
    const location = window.location.hash.replace(/^#/, '') || '/';
    if (!shouldShowTip(message, user.userId, location)) return;
    import('../../features/chat/tip/tipBanner')
      .then(({ showTip }) => showTip(message))
      .catch((error: unknown) => console.warn('[chat] tip banner unavailable', error));
  });
}
