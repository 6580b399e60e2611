import { randomUUID } from 'node:crypto';
import {
  CodeFlag,
  IMAGE_MAX_EDGE,
  secondsUntil,
  THUMBNAIL_EDGE,
  type TImageLinks,
  type TUploadedFile,
  UPLOAD_MAX_FILES_PER_HOUR,
  UPLOAD_MAX_IMAGE_PIXELS,
  UPLOAD_MAX_VOICE_BYTES,
  UPLOAD_OTHER_TYPE,
  type UploadAudioType,
  type UploadImageType,
  type UploadKind,
  type UploadStoredType,
} from '@metal/shared';
import { and, asc, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp, { type Sharp } from 'sharp';
import type { Database, Executor } from '../../db/client';
import type { Actor } from '../../platform/actor';
import type { Clock } from '../../platform/clock';
import { AppError, invalid, tooManyRequests } from '../../platform/errors';
import type { FileLinks } from '../../platform/file-links';
import type { ObjectStorage } from '../../platform/storage';
import { files } from './files.table';

export type StoredFile = typeof files.$inferSelect;

/** A file as it arrived: the name on the uploader's device and its bytes. */
export interface UploadPart {
  name: string;
  data: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The image type a file's first bytes say it is (JPEG, PNG or WebP), whatever its name claims. */
export function sniffImageType(data: Buffer): UploadImageType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/**
 * The recording type a file's first bytes say it is: WebM (an EBML header; Chrome's MediaRecorder),
 * Ogg (Firefox), MP4 (an `ftyp` box; Safari) or raw AAC in ADTS frames.
 */
export function sniffAudioType(data: Buffer): UploadAudioType | null {
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return 'audio/webm';
  if (data.length >= 4 && data.toString('latin1', 0, 4) === 'OggS') return 'audio/ogg';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp') return 'audio/mp4';
  if (data.length >= 7 && data[0] === 0xff && ((data[1] ?? 0) & 0xf6) === 0xf0) return 'audio/aac';
  return null;
}

const EXTENSIONS: Record<UploadStoredType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  [UPLOAD_OTHER_TYPE]: 'bin',
};

function encode(pipeline: Sharp, type: UploadImageType): Sharp {
  if (type === 'image/jpeg') return pipeline.jpeg({ quality: 82, mozjpeg: true });
  if (type === 'image/png') return pipeline.png({ compressionLevel: 9 });
  return pipeline.webp({ quality: 82 });
}

export interface ProcessedImage {
  type: UploadImageType;
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an image in its own format: turned upright by its EXIF orientation, scaled to
 * fit IMAGE_MAX_EDGE, and written without any metadata (sharp writes none unless asked), so camera
 * details and GPS positions never leave the uploader's phone. A thumbnail is made from the result.
 */
export async function processImage(data: Buffer, type: UploadImageType): Promise<ProcessedImage> {
  try {
    const upright = sharp(data, { limitInputPixels: UPLOAD_MAX_IMAGE_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width: IMAGE_MAX_EDGE, height: IMAGE_MAX_EDGE, fit: 'inside', withoutEnlargement: true });
    const main = await encode(upright, type).toBuffer({ resolveWithObject: true });
    const thumb = await encode(
      sharp(main.data).resize({
        width: THUMBNAIL_EDGE,
        height: THUMBNAIL_EDGE,
        fit: 'inside',
        withoutEnlargement: true,
      }),
      type,
    ).toBuffer();
    return { type, main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw invalid('upload.tooManyPixels', 'file');
    throw invalid('upload.unreadable', 'file');
  }
}

/** Names are shown only; control characters go, and a long one is shortened. */
const cleanName = (name: string) =>
  Array.from(name.replace(/\p{Cc}/gu, '').trim())
    .slice(-100)
    .join('');

/** A stored file's links: public addresses, or signed links for private files. */
export function imageLinks(file: Pick<StoredFile, 'visibility' | 'key' | 'thumbKey'>, links: FileLinks): TImageLinks {
  const link = (key: string) => (file.visibility === 'public' ? links.publicUrl(key) : links.signedUrl(key));
  return { url: link(file.key), thumbUrl: link(file.thumbKey) };
}

export function toUploadedFile(file: StoredFile, links: FileLinks): TUploadedFile {
  if (!isImageKind(file.kind)) {
    const url = file.visibility === 'public' ? links.publicUrl(file.key) : links.signedUrl(file.key);
    return { id: file.id, url, name: file.name, size: file.size, type: file.type };
  }
  return {
    id: file.id,
    ...imageLinks(file, links),
    name: file.name,
    size: file.size,
    type: file.type,
    width: file.width,
    height: file.height,
  };
}

/** Images and licences are pictures, re-encoded with a thumbnail; chat files and recordings are kept as sent. */
const isImageKind = (kind: UploadKind) => kind === 'image' || kind === 'licence' || kind === 'transferSlip';

/** A chat file or a recording, checked and stored byte for byte (no thumbnail: its key stands in for one). */
interface KeptFile {
  type: UploadStoredType;
  data: Buffer;
}

/** Recordings must be recordings by their content, and short; any other chat file is kept as a download. */
function keptFiles(kind: UploadKind, parts: UploadPart[]): KeptFile[] {
  if (kind === 'chatFile') return parts.map((part) => ({ type: UPLOAD_OTHER_TYPE, data: part.data }));
  return parts.map((part) => {
    const type = sniffAudioType(part.data);
    if (!type) throw invalid('upload.notAudio', 'file');
    if (part.data.length > UPLOAD_MAX_VOICE_BYTES)
      throw new AppError(
        CodeFlag.invalidInput,
        'upload.voiceTooLarge',
        { max: UPLOAD_MAX_VOICE_BYTES / 1024 / 1024 },
        { errors: { file: 'upload.voiceTooLarge' } },
      );
    return { type, data: part.data };
  });
}

const FOLDERS: Record<UploadKind, string> = {
  image: 'images',
  licence: 'licences',
  chatFile: 'chat-files',
  voice: 'voices',
  transferSlip: 'transfer-slips',
};

const hourBefore = (now: Date) => new Date(now.getTime() - 3600_000);

async function uploadsInLastHour(db: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(and(eq(files.ownerId, userId), gt(files.createdAt, hourBefore(now))));
  return row?.n ?? 0;
}

/** Over the hour's cap: the wait is until the oldest upload of the hour leaves it and frees a place. */
async function hourlyCap(db: Executor, userId: number, now: Date): Promise<AppError> {
  const [oldest] = await db
    .select({ createdAt: files.createdAt })
    .from(files)
    .where(and(eq(files.ownerId, userId), gt(files.createdAt, hourBefore(now))))
    .orderBy(asc(files.createdAt))
    .limit(1);
  const freed = oldest ? new Date(oldest.createdAt.getTime() + 3600_000) : now;
  return tooManyRequests('upload.hourlyCap', secondsUntil(freed, now), { max: UPLOAD_MAX_FILES_PER_HOUR });
}

/** Refuses a user who has used up the hour's uploads before their files are even read. */
export async function requireUploadAllowance(db: Database, clock: Clock, userId: number): Promise<void> {
  const now = clock.now();
  if ((await uploadsInLastHour(db, userId, now)) >= UPLOAD_MAX_FILES_PER_HOUR) throw await hourlyCap(db, userId, now);
}

/**
 * `upload/file`: images and licences must be images by their content, and all are decoded and
 * re-encoded before any is stored; voice recordings must be recordings by their content; chat files
 * are kept as sent. Files are stored together or not at all. Licences are private, the rest public.
 */
export async function storeUploads({
  db,
  storage,
  links,
  clock,
  actor,
  kind,
  parts,
}: {
  db: Database;
  storage: ObjectStorage;
  links: FileLinks;
  clock: Clock;
  actor: Actor;
  kind: UploadKind;
  parts: UploadPart[];
}): Promise<TUploadedFile[]> {
  if (parts.length === 0) throw invalid('upload.noFile', 'file');
  const images: ProcessedImage[] = [];
  let kept: KeptFile[] = [];
  if (isImageKind(kind)) {
    const types = parts.map((part) => sniffImageType(part.data));
    if (types.some((type) => type === null)) throw invalid('upload.notImage', 'file');
    // One at a time: a full upload is nine large photos, and decoding them all at once would hold every bitmap in memory.
    for (const [index, part] of parts.entries()) images.push(await processImage(part.data, types[index]!));
  } else {
    kept = keptFiles(kind, parts);
  }

  const now = clock.now();
  const folder = `${FOLDERS[kind]}/${actor.rootId}/${now.toISOString().slice(0, 7)}`;
  const visibility: StoredFile['visibility'] = kind === 'licence' || kind === 'transferSlip' ? 'private' : 'public';
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      // One upload at a time per user, so the hourly count cannot be raced past.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('files.upload'), ${actor.userId})`);
      if ((await uploadsInLastHour(tx, actor.userId, now)) + parts.length > UPLOAD_MAX_FILES_PER_HOUR)
        throw await hourlyCap(tx, actor.userId, now);
      const rows: (typeof files.$inferInsert)[] = [];
      const common = (index: number) => ({
        ownerId: actor.userId,
        rootId: actor.rootId,
        kind,
        visibility,
        name: cleanName(parts[index]!.name),
        createdAt: now,
      });
      for (const [index, image] of images.entries()) {
        const name = randomUUID().replaceAll('-', '');
        const extension = EXTENSIONS[image.type];
        const key = `${folder}/${name}.${extension}`;
        const thumbKey = `${folder}/${name}.thumb.${extension}`;
        await storage.put(key, image.main, image.type);
        stored.push(key);
        await storage.put(thumbKey, image.thumb, image.type);
        stored.push(thumbKey);
        rows.push({
          ...common(index),
          type: image.type,
          size: image.main.length,
          width: image.width,
          height: image.height,
          key,
          thumbKey,
        });
      }
      for (const [index, file] of kept.entries()) {
        const key = `${folder}/${randomUUID().replaceAll('-', '')}.${EXTENSIONS[file.type]}`;
        await storage.put(key, file.data, file.type);
        stored.push(key);
        rows.push({
          ...common(index),
          type: file.type,
          size: file.data.length,
          width: 0,
          height: 0,
          key,
          thumbKey: key,
        });
      }
      const inserted = await tx.insert(files).values(rows).returning();
      return inserted.map((file) => toUploadedFile(file, links));
    });
  } catch (error) {
    await Promise.allSettled(stored.map((key) => storage.delete(key)));
    throw error;
  }
}

/** The stored file behind a public or signed address (its key or its thumbnail's), or null. */
export async function findFileByKey(db: Database, key: string): Promise<StoredFile | null> {
  const [file] = await db.select().from(files).where(sql`${files.key} = ${key} or ${files.thumbKey} = ${key}`).limit(1);
  return file ?? null;
}

/** Files of a company and a kind among `ids` (others' files, or files of another kind, are simply not there). */
export async function companyFiles(tx: Executor, rootId: number, kind: UploadKind, ids: number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(files)
    .where(and(eq(files.rootId, rootId), eq(files.kind, kind), inArray(files.id, ids)));
}

const PUBLIC_FILE_URL = /^(?:https?:\/\/[^/]+)?\/files\/([^?#]+)$/;

/**
 * The ids, in the order given, of public files the company uploaded, named by their `/files/<key>`
 * addresses (optionally only of one kind); null when any address is not one, or is given twice.
 */
export async function companyPublicFileIds(
  tx: Executor,
  rootId: number,
  urls: string[],
  kind?: UploadKind,
): Promise<number[] | null> {
  if (urls.length === 0) return [];
  const keys = urls.map((url) => PUBLIC_FILE_URL.exec(url)?.[1] ?? '');
  if (keys.some((key) => key === '') || new Set(keys).size !== keys.length) return null;
  const found = await tx
    .select({ id: files.id, key: files.key })
    .from(files)
    .where(
      and(
        eq(files.rootId, rootId),
        eq(files.visibility, 'public'),
        inArray(files.key, keys),
        kind ? eq(files.kind, kind) : undefined,
      ),
    );
  const idOf = new Map(found.map((file) => [file.key, file.id]));
  const ids = keys.map((key) => idOf.get(key));
  return ids.every((id) => id !== undefined) ? ids : null;
}

/** Deletes file rows in the caller's transaction; answers the storage keys to remove once it commits. */
export async function deleteFileRows(tx: Executor, ids: number[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const removed = await tx.delete(files).where(inArray(files.id, ids)).returning();
  return removed.flatMap((file) => [file.key, file.thumbKey]);
}

/**
 * Removes objects whose rows are gone. A storage failure here leaves an unreferenced object, which is
 * harmless (nothing links to it), so it does not undo the change the user asked for.
 */
export async function removeStoredObjects(
  storage: ObjectStorage,
  keys: string[],
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const [index, result] of results.entries())
    if (result.status === 'rejected') log.warn({ err: result.reason, key: keys[index] }, 'stored file not removed');
}
