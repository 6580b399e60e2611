import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * A friendship is mutual and kept as two rows, one per side, so each side has its own remark and a
 * user's friends are one index range.
 */
export const friendships = pgTable(
  'friendships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    friendId: integer('friend_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What `userId` calls `friendId`; empty shows the nickname. */
    remark: text('remark').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.friendId] })],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** chatIdOf(from, to): one pending request per pair, whichever side asked. */
    pairKey: text('pair_key').notNull(),
    message: text('message').notNull().default(''),
    /** The remark the requester gives the other side once they accept. */
    remark: text('remark').notNull().default(''),
    status: text('status', { enum: ['pending', 'accepted', 'refused'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friend_requests_pending_pair_key').on(t.pairKey).where(sql`${t.status} = 'pending'`),
    index('friend_requests_to_idx').on(t.toUserId, t.id),
  ],
);

/** A user's own grouping of their friends (my_group); names are unique per user, ignoring case. */
export const contactGroups = pgTable(
  'contact_groups',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('contact_groups_user_name_key').on(t.userId, sql`lower(${t.name})`)],
);

export const contactGroupMembers = pgTable(
  'contact_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => contactGroups.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.memberId] }), index('contact_group_members_member_idx').on(t.memberId)],
);
