import { z } from 'zod';
import { UPLOAD_KINDS, UPLOAD_STORED_TYPES } from '../constants';

/**
 * `upload/file`: the fields beside the files (multipart/form-data, field `file`, several allowed).
 * `kind` may also travel in the query string.
 */
export const ZUploadRequest = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: 'upload.kind' }),
});
export type TUploadRequest = z.input<typeof ZUploadRequest>;

/**
 * One stored file, as PROTOCOL.md's upload answer lists it (`url, name, size, type`), with its `id`
 * (what later calls refer to) and, for images, a thumbnail and the stored size in pixels. A private
 * file's links are signed and expire.
 */
export const ZUploadedFile = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  size: z.number(),
  type: z.enum(UPLOAD_STORED_TYPES),
  thumbUrl: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
});
export type TUploadedFile = z.infer<typeof ZUploadedFile>;

/** An image and its thumbnail: public addresses, or signed links that expire for private files. */
export const ZImageLinks = z.object({ url: z.string(), thumbUrl: z.string() });
export type TImageLinks = z.infer<typeof ZImageLinks>;
