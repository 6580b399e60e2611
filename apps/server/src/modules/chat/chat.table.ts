import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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

/**
 * A product link (type 7) without a `proCard` key, as the server stored them before issue 16. The
 * server writes info with JSON.stringify, so the key reads `"proCard":` exactly (inside a string a
 * quote is escaped). Written out as constants, so the planner can match chat_messages_without_card_idx.
 */
export const withoutProductCard = (t: { type: AnyPgColumn; info: AnyPgColumn }) =>
  sql`${t.type} = 7 and ${t.info} not like '%"proCard":%'`;

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
    // Product links stored before proCard existed, for chat.product-cards.ts to fill: few, and soon none.
    index('chat_messages_without_card_idx').on(t.id).where(withoutProductCard(t)),
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

/**
 * Transfer requests (actions 5 and 9): staff member `fromUserId` asks colleague `toUserId` to take over
 * the conversation with the outside user `peerId`. One pending request per conversation; a new one
 * replaces it, so an answer to the replaced one is refused.
 */
export const chatTransfers = pgTable(
  'chat_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    peerId: integer('peer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['requested', 'accepted', 'replaced'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_transfers_pending_key').on(t.fromUserId, t.peerId).where(sql`${t.status} = 'requested'`),
    index('chat_transfers_to_idx').on(t.toUserId, t.status),
  ],
);

/**
 * Who serves an outside user now that a staff member handed them over (transfer accepted, or switch
 * of contact, actions 6/9/10): the peer's messages to `formerUserId` go to `currentUserId`, who may
 * also read the former conversation up to `upToMessageId`. A later hand-over moves every row of the
 * peer that pointed at the one handing over, so chains collapse to the newest contact.
 */
export const chatHandovers = pgTable(
  'chat_handovers',
  {
    peerId: integer('peer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formerUserId: integer('former_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    currentUserId: integer('current_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The last message of the former conversation when it was handed over (0: none). */
    upToMessageId: bigint('up_to_message_id', { mode: 'number' }).notNull(),
    reason: text('reason', { enum: ['transfer', 'switch'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.peerId, t.formerUserId] }),
    index('chat_handovers_current_idx').on(t.currentUserId, t.peerId),
  ],
);

/**
 * Action 8: `userId` marked the peer of `chatId` not interested; the conversation leaves the user's
 * list until a message newer than `untilId` (the action's own message) arrives.
 */
export const chatNotInterested = pgTable(
  'chat_not_interested',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: text('chat_id').notNull(),
    untilId: bigint('until_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId] })],
);
