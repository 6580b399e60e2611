import {
  Calls,
  CHAT_RECALL_WINDOW_SECONDS,
  ChatActionType,
  ChatContentType,
  ChatMessageStatus,
  CodeFlag,
} from '@metal/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect } from 'react';
import { callApi } from '../../lib/api';
import { addFeatureNamespace } from '../../lib/i18n';
import enActions from '../../locales/en-US/chatActions.json';
import zhActions from '../../locales/zh-CN/chatActions.json';
import { chatKeys } from './api';
import type { ShownMessage } from './conversations';

declare module '../../lib/i18n' {
  interface FeatureResources {
    chatActions: typeof zhActions;
  }
}

/** The action notices and the chat menu bring their words with chat_page, not in the start-up bundle. */
addFeatureNamespace('chatActions', { 'zh-CN': zhActions, 'en-US': enActions });

export interface ChatAction {
  actionType: number;
  actionInfo: unknown;
}

/** An action message's (content type 9) action; null for other types and malformed content. */
export function actionOf(message: Pick<ShownMessage, 'type' | 'info'>): ChatAction | null {
  if (message.type !== ChatContentType.action) return null;
  try {
    const content = JSON.parse(message.info) as { actionType?: unknown; actionInfo?: unknown } | null;
    return typeof content?.actionType === 'number'
      ? { actionType: content.actionType, actionInfo: content.actionInfo }
      : null;
  } catch {
    return null;
  }
}

/** A number field of an action's info object (peerId, contactUserId, …), or 0. */
export function infoId(action: ChatAction, field: string): number {
  const info = action.actionInfo as Record<string, unknown> | null | undefined;
  const value = info && typeof info === 'object' ? info[field] : undefined;
  return typeof value === 'number' ? value : 0;
}

/**
 * What chat_page shows: a recall (action 7) marks the message it names as recalled at once (history
 * marks it on reload) and is not a line of its own; an action the server refused (status failed) is
 * gone, its reason was shown as a toast.
 */
export function shownMessages(messages: readonly ShownMessage[]): ShownMessage[] {
  const recalled = new Set<string>();
  for (const message of messages) {
    const action = actionOf(message);
    if (action?.actionType === ChatActionType.recallMessage && message.status !== ChatMessageStatus.failed) {
      if (typeof action.actionInfo === 'string') recalled.add(`${message.sendUserId}:${action.actionInfo}`);
    }
  }
  return messages.flatMap((message) => {
    if (message.type === ChatContentType.action) {
      const action = actionOf(message);
      if (action?.actionType === ChatActionType.recallMessage || message.status === ChatMessageStatus.failed) return [];
    }
    return recalled.has(`${message.sendUserId}:${message.uuid}`) ? [{ ...message, recalled: true }] : [message];
  });
}

/** Action messages and recalled messages are centered notice lines, not bubbles of one side. */
export const isNoticeLine = (message: ShownMessage) =>
  message.recalled === true || message.type === ChatContentType.action;

/** The sender may still recall it (SPEC §9: within 2 minutes of storing). */
export const recallable = (message: ShownMessage, nowSeconds = Date.now() / 1000) =>
  nowSeconds - message.sendDate <= CHAT_RECALL_WINDOW_SECONDS;

/** What chat_page's parts need to act in the conversation: who is who, and sending an action in it. */
export interface ChatActionsValue {
  me: number;
  peerId: number;
  /** Sends an action to the peer in this conversation and shows it at once. */
  sendAction: (actionType: number, actionInfo?: unknown) => void;
}
export const ChatActionsContext = createContext<ChatActionsValue | null>(null);

export function useChatActions(): ChatActionsValue {
  const value = useContext(ChatActionsContext);
  if (!value) throw new Error('useChatActions outside chat_page');
  return value;
}

const keys = {
  state: (peerId: number) => [...chatKeys.all, 'peerState', peerId] as const,
  phone: (peerId: number) => [...chatKeys.all, 'peerPhone', peerId] as const,
  colleagues: () => [...chatKeys.all, 'colleagues'] as const,
};

/** `relation/peer_state`: blacklist, phone exchange, colleague, pending transfers to me. */
export function usePeerState(peerId: number) {
  return useQuery({
    queryKey: keys.state(peerId),
    queryFn: ({ signal }) => callApi(Calls.chatPeerState, { userId: peerId }, { signal }),
    enabled: peerId > 0,
  });
}

/** The peer's phone, asked only once phones were exchanged (`relation/peer_phone`). */
export function usePeerPhone(peerId: number, exchanged: boolean) {
  return useQuery({
    queryKey: keys.phone(peerId),
    queryFn: ({ signal }) =>
      callApi(Calls.chatPeerPhone, { userId: peerId }, { signal, quietCodeFlags: [CodeFlag.forbidden] }),
    enabled: peerId > 0 && exchanged,
    staleTime: 10 * 60_000,
  });
}

/** `relation/colleagues`: the other users of my company. */
export function useColleagues(enabled = true) {
  return useQuery({
    queryKey: keys.colleagues(),
    queryFn: ({ signal }) => callApi(Calls.chatColleagues, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The peer state changes with every action either side sends or the server acknowledges (a phone
 * request answered, a blacklist, a transfer accepted): it is asked again when they change.
 */
export function usePeerStateFollows(peerId: number, messages: readonly ShownMessage[]) {
  const queryClient = useQueryClient();
  const signature = messages
    .filter((message) => message.type === ChatContentType.action)
    .map((message) => `${message.uuid}:${message.status}`)
    .join(',');
  useEffect(() => {
    if (signature === '') return;
    void queryClient.invalidateQueries({ queryKey: keys.state(peerId) });
    void queryClient.invalidateQueries({ queryKey: keys.phone(peerId) });
  }, [signature, peerId, queryClient]);
  return () => queryClient.invalidateQueries({ queryKey: keys.state(peerId) });
}
