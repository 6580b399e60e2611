import { ChatActionType, ChatContentType, type TChatMessage } from '@metal/shared';
import type { FastifyInstance } from 'fastify';
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
 * Pushes a stored chat message to a receiver who has no chat connection open (one who has sees it
 * in the app). The socket knows its own instance's connections only: with several instances, a
 * receiver connected elsewhere is pushed too (the notification then duplicates what the app shows).
 * Storing succeeded already, so a failure here is logged and never reaches the sender.
 */
export async function pushChatMessage(app: FastifyInstance, message: TChatMessage) {
  if (isSilent(message)) return;
  const { db, clock, pushDispatcher } = app.deps;
  try {
    if ((await queueChatPush(db, clock, message)) > 0) void pushDispatcher.nudge();
  } catch (error) {
    app.log.error({ err: error, messageId: message.id }, 'chat push not queued');
  }
}
