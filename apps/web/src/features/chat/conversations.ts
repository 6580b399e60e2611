import { Calls, PAGE_SIZE_DEFAULT, type TChatMessage, type TConversationPage } from '@metal/shared';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api';
import { type ChatMessage, toChatMessage } from '../../lib/chat/frames';
import { useSession } from '../../lib/session';
import { chatKeys } from './api';

/** How many messages one relation/history page brings. */
export const HISTORY_PAGE_SIZE = 20;

/** `relation/conversations`, newest first, page by page. */
export function useConversations() {
  const { user } = useSession();
  const userId = user?.userId ?? 0;
  return useInfiniteQuery({
    queryKey: chatKeys.conversations(userId),
    queryFn: ({ pageParam, signal }) =>
      callApi(Calls.chatConversations, { page: pageParam, pageSize: PAGE_SIZE_DEFAULT }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: TConversationPage) => (last.hasMore ? last.page + 1 : undefined),
    enabled: userId > 0,
  });
}

/** The unread count and the conversation list both change when messages arrive or are read. */
export function useRefreshChatCounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'unread'] }),
      queryClient.invalidateQueries({ queryKey: [...chatKeys.all, 'conversations'] }),
    ]);
}

/** `relation/delete_conversation`: hides it for me, then the list and the unread count refresh. */
export function useDeleteConversation() {
  const refresh = useRefreshChatCounts();
  return useMutation({
    mutationFn: (peerId: number) => callApi(Calls.chatDeleteConversation, { userId: peerId }),
    onSuccess: refresh,
  });
}

/** A message on chat_page: as the connection knows it, plus the server's id once history listed it. */
export type ShownMessage = ChatMessage & { id?: number; recalled?: boolean; replaced?: boolean };

export function fromHistory(stored: TChatMessage): ShownMessage | null {
  const message = toChatMessage(stored);
  return message ? { ...message, id: stored.id, recalled: stored.recalled, replaced: stored.replaced } : null;
}

export interface HistoryPage {
  messages: ShownMessage[];
  hasMore: boolean;
}

/** One page of `relation/history`, oldest first: the newest page, the one before `beforeId`, or what came after `afterId`. */
export async function fetchHistory(
  peerId: number,
  bound: { beforeId?: number; afterId?: number } = {},
): Promise<HistoryPage> {
  const answer = await callApi(Calls.chatHistory, { userId: peerId, pageSize: HISTORY_PAGE_SIZE, ...bound });
  const messages = answer.list.flatMap((stored) => {
    const message = fromHistory(stored);
    return message ? [message] : [];
  });
  // Pages before an id (or the newest) come newest first; pages after an id come oldest first.
  if (bound.afterId === undefined) messages.reverse();
  return { messages, hasMore: answer.hasMore };
}

export function markConversationRead(peerId: number, uuid?: string) {
  return callApi(Calls.chatRead, uuid ? { userId: peerId, uuid } : { userId: peerId }, { needLogin: false });
}
