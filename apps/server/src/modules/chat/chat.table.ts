import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/** SPEC §3 chat messages between two users, stored before the sender is acknowledged (PROTOCOL.md). */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** "<smaller userId>_<larger userId>". */
    chatId: text('chat_id').notNull(),
    /** Made by the sender's client; a resend after reconnecting carries the same one. */
    uuid: text('uuid').notNull(),
    sendUserId: integer('send_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiveUserId: integer('receive_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Content type 1..11 (ChatContentType). */
    type: smallint('type').notNull(),
    /** The content as JSON text, as the sender wrote it. */
    info: text('info').notNull(),
    notice: text('notice').notNull().default(''),
    /** Unix seconds, the server's time of storing (a client's clock may be wrong). */
    sendDate: bigint('send_date', { mode: 'number' }).notNull(),
    /** 2 stored, 4 read (ChatMessageStatus). */
    status: smallint('status').notNull().default(2),
    /** Set when the sender recalled it (action 7); its content is no longer shown to anyone. */
    recalledAt: timestamp('recalled_at', { withTimezone: true }),
    /** What a quote message (type 10/11) quotes, 'order:<id>' or 'inquiry:<id>': a newer quote of it replaces this one. */
    quoteSubject: text('quote_subject'),
    /** Set when a newer quote message of the same subject in this conversation replaced this one. */
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_messages_sender_uuid_key').on(t.sendUserId, t.uuid),
    index('chat_messages_chat_idx').on(t.chatId, t.id),
    index('chat_messages_quote_idx').on(t.chatId, t.quoteSubject).where(sql`${t.quoteSubject} is not null`),
    // The conversation list reads a user's messages both ways: sent ones by the uuid key's prefix, received by this.
    index('chat_messages_receiver_idx').on(t.receiveUserId, t.id),
    index('chat_messages_unread_idx').on(t.receiveUserId, t.sendUserId).where(sql`${t.status} < 4`),
  ],
);

/** One user's view of a conversation: messages up to `hiddenUntilId` are deleted for that user only. */
export const chatConversationStates = pgTable(
  'chat_conversation_states',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').notNull(),
    hiddenUntilId: bigint('hidden_until_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId] })],
);

/** Action 4 (add to blacklist): `blockedUserId` can no longer message `userId` until `userId` unblocks them. */
export const chatBlocks = pgTable(
  'chat_blocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: integer('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] })],
);

/**
 * The phone exchange of a conversation (actions 1-3): requested by one side, then accepted or refused
 * by the other. Phones are revealed to both only once accepted.
 */
export const chatPhoneExchanges = pgTable('chat_phone_exchanges', {
  chatId: text('chat_id').primaryKey(),
  requestedBy: integer('requested_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['requested', 'accepted', 'refused'] }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
