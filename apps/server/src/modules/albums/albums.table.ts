import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table';
import { files } from '../files/files.table';

/** SPEC §3 company albums (album_manager), shown on the shop (shop_album). */
export const companyAlbums = pgTable(
  'company_albums',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The picture shown for the album; the first picture when none is chosen (or the chosen one is removed). */
    coverPictureId: bigint('cover_picture_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_albums_name_key').on(t.rootId, sql`lower(${t.name})`),
    index('company_albums_root_idx').on(t.rootId, t.createdAt),
  ],
);

/** A picture of an album: an uploaded public image of the company, in the owner's order. */
export const albumPictures = pgTable(
  'album_pictures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    albumId: bigint('album_id', { mode: 'number' })
      .notNull()
      .references(() => companyAlbums.id, { onDelete: 'cascade' }),
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => files.id),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('album_pictures_file_key').on(t.fileId),
    index('album_pictures_album_idx').on(t.albumId, t.position),
  ],
);
