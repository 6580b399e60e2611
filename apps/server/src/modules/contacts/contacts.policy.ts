import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { friendships } from './contacts.table';

/** `userId`'s side of a friendship with `friendId` (their remark for them), if they are friends. */
export async function friendshipOf(db: Executor, userId: number, friendId: number) {
  if (userId <= 0) return undefined;
  const [row] = await db
    .select({ remark: friendships.remark, createdAt: friendships.createdAt })
    .from(friendships)
    .where(and(eq(friendships.userId, userId), eq(friendships.friendId, friendId)));
  return row;
}
