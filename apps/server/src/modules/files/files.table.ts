import { UPLOAD_KINDS, UPLOAD_STORED_TYPES } from '@metal/shared';
import { bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';

/**
 * Every stored file (`upload/file`): who uploaded it for which company, what it is for, whether it is
 * public, and where it is in object storage. Images are stored re-encoded, without metadata, with a
 * thumbnail beside them.
 */
export const files = pgTable(
  'files',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The uploader's company (their rootId): only that company may use the file in its albums or licences. */
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    /** Public files are served to anyone at /files/<key>; private ones only through signed links. */
    visibility: text('visibility', { enum: ['public', 'private'] }).notNull(),
    type: text('type', { enum: UPLOAD_STORED_TYPES }).notNull(),
    /** The name the file had on the uploader's device (shown, never used to decide anything). */
    name: text('name').notNull().default(''),
    /** Bytes stored (after re-encoding). */
    size: integer('size').notNull(),
    /** Pixels of an image; 0 for chat files and recordings. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    key: text('key').notNull(),
    /** An image's thumbnail; a chat file or recording has none and repeats its key here. */
    thumbKey: text('thumb_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('files_key_key').on(t.key),
    uniqueIndex('files_thumb_key_key').on(t.thumbKey),
    index('files_owner_idx').on(t.ownerId, t.createdAt),
    index('files_root_idx').on(t.rootId),
  ],
);
