import { Calls } from '@metal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';

export const chatKeys = {
  all: ['chat'] as const,
  unread: (userId: number) => [...chatKeys.all, 'unread', userId] as const,
  conversations: (userId: number) => [...chatKeys.all, 'conversations', userId] as const,
  shareListing: (proType: number, proId: number, lang: string) =>
    [...chatKeys.all, 'shareListing', proType, proId, lang] as const,
};

/** How often the unread count is refreshed besides when a chat message arrives (read on another device, …). */
const UNREAD_REFRESH_MS = 60_000;

/** `relation/unread_size` for the logged-in user; a visitor has none and asks nothing. */
export function useUnreadSize() {
  const { user, loggedIn } = useSession();
  return useQuery({
    queryKey: chatKeys.unread(user?.userId ?? 0),
    // A passive count: an expired session is forgotten without taking the user to login.
    queryFn: ({ signal }) => callApi(Calls.unreadSize, {}, { needLogin: false, signal }),
    enabled: loggedIn,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}

/**
 * Refreshes the unread count whenever the chat connection brings a message, wherever the user is in
 * the app. The connection loads lazily, after the first screen.
 */
export function useUnreadFollowsChat(): void {
  const { user, loggedIn } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.userId ?? 0;
  useEffect(() => {
    if (!loggedIn) return;
    let stop: (() => void) | undefined;
    let gone = false;
    import('../../lib/chat/connection')
      .then(({ getChatConnection }) => {
        if (gone) return;
        stop = getChatConnection().onMessage(
          () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread(userId) }),
        );
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      stop?.();
    };
  }, [loggedIn, userId, queryClient]);
}
