import {
  CodeFlag,
  MAX_ALBUM_PICTURES,
  MAX_COMPANY_ALBUMS,
  type TAlbum,
  type TAlbumDetail,
  type TAlbumList,
  type TAlbumPicture,
  type TCompanyAlbums,
} from '@metal/shared';
import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import type { ContextOf } from '../../platform/context';
import { AppError, invalid, notFound } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import { ownedRow } from '../../platform/ownership';
import type { ObjectStorage } from '../../platform/storage';
import { capacityImages } from '../capacities/capacities.table';
import { findCompany, requirePermission } from '../companies/companies.policy';
import { companyFiles, deleteFileRows, imageLinks, removeStoredObjects } from '../files/files.service';
import { files } from '../files/files.table';
import { stockImages } from '../stocks/stocks.table';
import { albumOwnership } from './albums.policy';
import { albumPictures, companyAlbums } from './albums.table';

type Album = typeof companyAlbums.$inferSelect;
type PictureRow = { picture: typeof albumPictures.$inferSelect; file: typeof files.$inferSelect };

const nameTaken = () => new AppError(CodeFlag.conflict, 'album.nameTaken', {}, { errors: { name: 'album.nameTaken' } });

async function picturesOf(db: Executor, albumIds: number[]): Promise<PictureRow[]> {
  if (albumIds.length === 0) return [];
  return db
    .select({ picture: albumPictures, file: files })
    .from(albumPictures)
    .innerJoin(files, eq(files.id, albumPictures.fileId))
    .where(inArray(albumPictures.albumId, albumIds))
    .orderBy(asc(albumPictures.albumId), asc(albumPictures.position), asc(albumPictures.id));
}

function toPicture(row: PictureRow, links: FileLinks): TAlbumPicture {
  return { id: row.picture.id, ...imageLinks(row.file, links), width: row.file.width, height: row.file.height };
}

function toAlbum(album: Album, pictures: TAlbumPicture[]): TAlbum {
  const chosen = pictures.find((p) => p.id === album.coverPictureId);
  return {
    id: album.id,
    name: album.name,
    count: pictures.length,
    cover: chosen ?? pictures[0] ?? null,
    coverPictureId: chosen ? chosen.id : null,
  };
}

/** Albums with their pictures, in the order albums were made. */
async function albumsWithPictures(db: Executor, rootId: number, links: FileLinks) {
  const albums = await db
    .select()
    .from(companyAlbums)
    .where(eq(companyAlbums.rootId, rootId))
    .orderBy(asc(companyAlbums.createdAt), asc(companyAlbums.id));
  const rows = await picturesOf(
    db,
    albums.map((a) => a.id),
  );
  return albums.map((album) => {
    const pictures = rows.filter((row) => row.picture.albumId === album.id).map((row) => toPicture(row, links));
    return { album: toAlbum(album, pictures), pictures };
  });
}

async function detailOf(
  { db, links, actor }: ContextOf<'db' | 'links' | 'actor'>,
  album: Album,
): Promise<TAlbumDetail> {
  const pictures = (await picturesOf(db, [album.id])).map((row) => toPicture(row, links));
  return { album: toAlbum(album, pictures), pictures, editable: actor.permissions.includes('shop') };
}

/** `user_center/album/list` (album_manager): the company's albums, for its owner and employees. */
export async function albumList({
  db,
  links,
  actor,
}: {
  db: Executor;
  links: FileLinks;
  actor: Actor;
}): Promise<TAlbumList> {
  const albums = await albumsWithPictures(db, actor.rootId, links);
  return { albums: albums.map((a) => a.album), editable: actor.permissions.includes('shop') };
}

const lockAlbums = (tx: Executor, rootId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('albums'), ${rootId})`);

async function nameInUse(tx: Executor, rootId: number, name: string, exceptId = 0) {
  const [clash] = await tx
    .select({ id: companyAlbums.id })
    .from(companyAlbums)
    .where(
      and(
        eq(companyAlbums.rootId, rootId),
        sql`lower(${companyAlbums.name}) = lower(${name})`,
        ne(companyAlbums.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(clash);
}

/** `user_center/album/create`: at most MAX_COMPANY_ALBUMS, names unique in the company. */
export async function createAlbum({
  db,
  clock,
  links,
  actor,
  name,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  name: string;
}): Promise<TAlbumList> {
  requirePermission(actor, 'shop');
  const now = clock.now();
  await db.transaction(async (tx) => {
    await lockAlbums(tx, actor.rootId);
    const [existing] = await tx
      .select({ n: count() })
      .from(companyAlbums)
      .where(eq(companyAlbums.rootId, actor.rootId));
    if ((existing?.n ?? 0) >= MAX_COMPANY_ALBUMS)
      throw new AppError(CodeFlag.conflict, 'album.tooMany', { max: MAX_COMPANY_ALBUMS });
    if (await nameInUse(tx, actor.rootId, name)) throw nameTaken();
    await tx.insert(companyAlbums).values({ rootId: actor.rootId, name, createdAt: now, updatedAt: now });
  });
  return albumList({ db, links, actor });
}

/** `user_center/album/rename`. */
export async function renameAlbum({
  db,
  clock,
  links,
  actor,
  id,
  name,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  id: number;
  name: string;
}): Promise<TAlbumList> {
  requirePermission(actor, 'shop');
  await db.transaction(async (tx) => {
    await lockAlbums(tx, actor.rootId);
    await ownedRow({ db: tx, actor }, albumOwnership, { id });
    if (await nameInUse(tx, actor.rootId, name, id)) throw nameTaken();
    await tx.update(companyAlbums).set({ name, updatedAt: clock.now() }).where(eq(companyAlbums.id, id));
  });
  return albumList({ db, links, actor });
}

/** `user_center/album/delete`: the album, its pictures and their files go. */
export async function deleteAlbum({
  db,
  storage,
  log,
  links,
  actor,
  id,
}: {
  db: Database;
  storage: ObjectStorage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  links: FileLinks;
  actor: Actor;
  id: number;
}): Promise<TAlbumList> {
  requirePermission(actor, 'shop');
  const keys = await db.transaction(async (tx) => {
    await ownedRow({ db: tx, actor }, albumOwnership, { id });
    const pictures = await tx
      .select({ fileId: albumPictures.fileId })
      .from(albumPictures)
      .where(eq(albumPictures.albumId, id));
    await tx.delete(companyAlbums).where(eq(companyAlbums.id, id));
    return deleteFileRows(
      tx,
      pictures.map((p) => p.fileId),
    );
  });
  await removeStoredObjects(storage, keys, log);
  return albumList({ db, links, actor });
}

/** `user_center/album/pictures` (album_picture_manager). */
export async function albumDetail({
  db,
  links,
  actor,
  id,
}: {
  db: Executor;
  links: FileLinks;
  actor: Actor;
  id: number;
}): Promise<TAlbumDetail> {
  return detailOf({ db, links, actor }, await ownedRow({ db, actor }, albumOwnership, { id, lock: false }));
}

/**
 * `user_center/album/add_pictures`: uploaded images of the company (kind image) not yet in an album,
 * added at the end in the order given; an album holds at most MAX_ALBUM_PICTURES.
 */
export async function addPictures({
  db,
  clock,
  links,
  actor,
  id,
  fileIds,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  id: number;
  fileIds: number[];
}): Promise<TAlbumDetail> {
  requirePermission(actor, 'shop');
  const now = clock.now();
  const album = await db.transaction(async (tx) => {
    // Company-wide, so one file cannot go into two of the company's albums at once.
    await lockAlbums(tx, actor.rootId);
    const album = await ownedRow({ db: tx, actor }, albumOwnership, { id });
    const usable = await companyFiles(tx, actor.rootId, 'image', fileIds);
    if (usable.length !== fileIds.length || (await filesInUse(tx, fileIds)))
      throw invalid('album.filesInvalid', 'fileIds');
    const [stats] = await tx
      .select({ n: count(), last: max(albumPictures.position) })
      .from(albumPictures)
      .where(eq(albumPictures.albumId, id));
    if ((stats?.n ?? 0) + fileIds.length > MAX_ALBUM_PICTURES)
      throw new AppError(CodeFlag.conflict, 'album.full', { max: MAX_ALBUM_PICTURES });
    const start = (stats?.last ?? -1) + 1;
    await tx
      .insert(albumPictures)
      .values(fileIds.map((fileId, index) => ({ albumId: id, fileId, position: start + index, createdAt: now })));
    await tx.update(companyAlbums).set({ updatedAt: now }).where(eq(companyAlbums.id, id));
    return album;
  });
  return detailOf({ db, links, actor }, album);
}

/**
 * Whether any of the files is already an album picture or a listing's picture. Removing an album picture
 * deletes its file, so a file a stock or capacity listing shows must never become one.
 */
async function filesInUse(tx: Executor, fileIds: number[]): Promise<boolean> {
  const uses = await Promise.all(
    [albumPictures, stockImages, capacityImages].map((table) =>
      tx.select({ fileId: table.fileId }).from(table).where(inArray(table.fileId, fileIds)).limit(1),
    ),
  );
  return uses.some((rows) => rows.length > 0);
}

/** Pictures of the album by id, all of them or refused. */
async function albumPicturesById(tx: Executor, albumId: number, pictureIds: number[]) {
  const pictures = await tx
    .select()
    .from(albumPictures)
    .where(and(eq(albumPictures.albumId, albumId), inArray(albumPictures.id, pictureIds)));
  if (pictures.length !== pictureIds.length) throw invalid('album.picturesInvalid', 'pictureIds');
  return pictures;
}

/** `user_center/album/remove_pictures`: the pictures and their files go; a removed cover falls back to the first picture. */
export async function removePictures({
  db,
  clock,
  storage,
  log,
  links,
  actor,
  id,
  pictureIds,
}: {
  db: Database;
  clock: Clock;
  storage: ObjectStorage;
  log: Pick<FastifyBaseLogger, 'warn'>;
  links: FileLinks;
  actor: Actor;
  id: number;
  pictureIds: number[];
}): Promise<TAlbumDetail> {
  requirePermission(actor, 'shop');
  const { album, keys } = await db.transaction(async (tx) => {
    const album = await ownedRow({ db: tx, actor }, albumOwnership, { id });
    const pictures = await albumPicturesById(tx, id, pictureIds);
    await tx.delete(albumPictures).where(inArray(albumPictures.id, pictureIds));
    const coverGone = album.coverPictureId !== null && pictureIds.includes(album.coverPictureId);
    const [updated] = await tx
      .update(companyAlbums)
      .set({ updatedAt: clock.now(), ...(coverGone ? { coverPictureId: null } : {}) })
      .where(eq(companyAlbums.id, id))
      .returning();
    const keys = await deleteFileRows(
      tx,
      pictures.map((p) => p.fileId),
    );
    return { album: updated!, keys };
  });
  await removeStoredObjects(storage, keys, log);
  return detailOf({ db, links, actor }, album);
}

/** `user_center/album/order_pictures`: every picture of the album, in the new order. */
export async function orderPictures({
  db,
  clock,
  links,
  actor,
  id,
  pictureIds,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  id: number;
  pictureIds: number[];
}): Promise<TAlbumDetail> {
  requirePermission(actor, 'shop');
  const album = await db.transaction(async (tx) => {
    const album = await ownedRow({ db: tx, actor }, albumOwnership, { id });
    const current = await tx.select({ id: albumPictures.id }).from(albumPictures).where(eq(albumPictures.albumId, id));
    const given = new Set(pictureIds);
    // Pictures added or removed elsewhere since the list was shown: apply nothing rather than a partial order.
    if (current.length !== given.size || current.some((p) => !given.has(p.id)))
      throw new AppError(CodeFlag.conflict, 'album.changed');
    for (const [position, pictureId] of pictureIds.entries())
      await tx.update(albumPictures).set({ position }).where(eq(albumPictures.id, pictureId));
    await tx.update(companyAlbums).set({ updatedAt: clock.now() }).where(eq(companyAlbums.id, id));
    return album;
  });
  return detailOf({ db, links, actor }, album);
}

/** `user_center/album/set_cover`. */
export async function setCover({
  db,
  clock,
  links,
  actor,
  id,
  pictureId,
}: {
  db: Database;
  clock: Clock;
  links: FileLinks;
  actor: Actor;
  id: number;
  pictureId: number;
}): Promise<TAlbumDetail> {
  requirePermission(actor, 'shop');
  const album = await db.transaction(async (tx) => {
    await ownedRow({ db: tx, actor }, albumOwnership, { id });
    await albumPicturesById(tx, id, [pictureId]);
    const [updated] = await tx
      .update(companyAlbums)
      .set({ coverPictureId: pictureId, updatedAt: clock.now() })
      .where(eq(companyAlbums.id, id))
      .returning();
    return updated!;
  });
  return detailOf({ db, links, actor }, album);
}

/** `company/albums` (shop_album): a company's albums that have pictures, for anyone. */
export async function companyAlbumsOf({
  db,
  links,
  rootId,
}: {
  db: Executor;
  links: FileLinks;
  rootId: number;
}): Promise<TCompanyAlbums> {
  const company = await findCompany(db, rootId);
  if (!company) throw notFound();
  const albums = await albumsWithPictures(db, rootId, links);
  return {
    rootId,
    companyName: company.name,
    albums: albums.filter((a) => a.pictures.length > 0).map((a) => ({ ...a.album, pictures: a.pictures })),
  };
}
