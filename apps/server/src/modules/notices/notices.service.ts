import type { MessageKey } from '@metal/shared';
import type { Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
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
  await tx.insert(notices).values({
    userId: notice.userId,
    messageKey: notice.messageKey,
    params: notice.params ?? {},
    subject: notice.subject ?? '',
    senderId: notice.senderId ?? null,
    createdAt: clock.now(),
  });
}
