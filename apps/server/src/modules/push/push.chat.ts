import { ChatActionType, ChatContentType, type TChatMessage } from '@metal/shared';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { queueChatPush } from './push.outbox';

/** Actions the receiver is not told about by a push: being blocked, and a message taken back. */
const SILENT_ACTIONS = new Set<number>([ChatActionType.addToBlacklist, ChatActionType.recallMessage]);

function isSilent(message: Pick<TChatMessage, 'type' | 'info'>) {
  if (message.type !== ChatContentType.action) return false;
  try {
    const content = JSON.parse(message.info) as { actionType?: unknown };
    return typeof content.actionType === 'number' && SILENT_ACTIONS.has(content.actionType);
  } catch {
    return false;
  }
}

/**
 * Queues the push of a chat message to a receiver who has no chat connection open (one who has sees it
 * in the app), inside the transaction that stores the message: a message stored always has its push
 * queued, even when the instance stops right after the commit. The socket knows its own instance's
 * connections only: with several instances, a receiver connected elsewhere is pushed too (the
 * notification then duplicates what the app shows). Answers how many devices it was queued for, so the
 * caller wakes the dispatcher once the transaction committed.
 */
export async function queueChatMessagePush(tx: Executor, clock: Clock, message: TChatMessage): Promise<number> {
  if (isSilent(message)) return 0;
  return queueChatPush(tx, clock, message);
}
