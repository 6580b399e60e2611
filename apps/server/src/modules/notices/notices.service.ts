import type { MessageKey } from '@metal/shared';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { queueNoticePush } from '../push/push.outbox';
import { notices } from './notices.table';

/** Records a notice for a user, in the caller's transaction so it exists exactly when the change does. */
export async function sendNotice(
  tx: Executor,
  clock: Clock,
  notice: {
    userId: number;
    messageKey: MessageKey;
    params?: Record<string, string | number>;
    subject?: string;
    senderId?: number;
  },
) {
  const [row] = await tx
    .insert(notices)
    .values({
      userId: notice.userId,
      messageKey: notice.messageKey,
      params: notice.params ?? {},
      subject: notice.subject ?? '',
      senderId: notice.senderId ?? null,
      createdAt: clock.now(),
    })
    .returning({ id: notices.id });
  // In the same transaction: the notice is pushed exactly when it exists (the push job sends it within a minute).
  if (row) await queueNoticePush(tx, clock, { id: row.id, userId: notice.userId });
}
