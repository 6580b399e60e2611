import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/**
 * Holds the conversation until the transaction ends, so its messages commit in the order of their ids:
 * a client catching up "after id N" (relation/history) can then never skip a message with a smaller id
 * that was still being written when it read. Every insert into chat_messages takes it first.
 */
export async function lockConversation(tx: Executor, chatId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('chat.conversation'), hashtext(${chatId}))`);
}
