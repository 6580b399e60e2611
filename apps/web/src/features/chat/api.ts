import { Calls } from '@metal/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { useSession } from '../../lib/session';

export const chatKeys = {
  all: ['chat'] as const,
  unread: (userId: number) => [...chatKeys.all, 'unread', userId] as const,
  conversations: (userId: number) => [...chatKeys.all, 'conversations', userId] as const,
  peer: (userId: number) => [...chatKeys.all, 'peer', userId] as const,
};

/** How often the unread count is refreshed until the chat connection pushes it (later work). */
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

export function formatBadge(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > 99 ? '99+' : String(count);
}
