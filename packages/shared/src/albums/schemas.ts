import { z } from 'zod';
import { ALBUM_NAME_MAX, MAX_ALBUM_PICTURES } from '../constants';
import { formInt, jsonText } from '../schemas/common';

const positiveId = (message = 'common.invalidInput') =>
  formInt(message).pipe(z.number().int().positive({ error: message }));

const idList = (message: string) =>
  jsonText(
    z
      .array(z.number({ error: message }).int({ error: message }).positive({ error: message }), { error: message })
      .min(1, { error: message })
      .max(MAX_ALBUM_PICTURES, { error: message })
      .refine((ids) => new Set(ids).size === ids.length, { error: message }),
  );

export const albumName = () =>
  z
    .string({ error: 'album.nameInvalid' })
    .trim()
    .min(1, { error: 'album.nameInvalid' })
    .max(ALBUM_NAME_MAX, { error: 'album.nameInvalid' });

export const ZAlbumCreateRequest = z.object({ name: albumName() });
export const ZAlbumRenameRequest = z.object({ id: positiveId(), name: albumName() });
export const ZAlbumIdRequest = z.object({ id: positiveId() });
/** Uploaded images (kind `image`) added at the end of the album. */
export const ZAlbumAddPicturesRequest = z.object({ id: positiveId(), fileIds: idList('album.filesInvalid') });
/** Pictures of the album to remove, or all of them in their new order. */
export const ZAlbumPictureIdsRequest = z.object({ id: positiveId(), pictureIds: idList('album.picturesInvalid') });
export const ZAlbumCoverRequest = z.object({ id: positiveId(), pictureId: positiveId('album.picturesInvalid') });
export const ZCompanyAlbumsRequest = z.object({ rootId: positiveId() });

export const ZAlbumPicture = z.object({
  id: z.number(),
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number(),
  height: z.number(),
});
export type TAlbumPicture = z.infer<typeof ZAlbumPicture>;

export const ZAlbum = z.object({
  id: z.number(),
  name: z.string(),
  count: z.number(),
  /** The chosen cover, or the first picture; null for an empty album. */
  cover: ZAlbumPicture.nullable(),
  coverPictureId: z.number().nullable(),
});
export type TAlbum = z.infer<typeof ZAlbum>;

/** album_manager: the company's albums; only the owner edits them. */
export const ZAlbumList = z.object({ albums: z.array(ZAlbum), editable: z.boolean() });
export type TAlbumList = z.infer<typeof ZAlbumList>;

/** album_picture_manager: one album and its pictures in order. */
export const ZAlbumDetail = z.object({ album: ZAlbum, pictures: z.array(ZAlbumPicture), editable: z.boolean() });
export type TAlbumDetail = z.infer<typeof ZAlbumDetail>;

/** shop_album: a company's albums that have pictures, each with its pictures, for anyone. */
export const ZCompanyAlbums = z.object({
  rootId: z.number(),
  companyName: z.string(),
  albums: z.array(ZAlbum.extend({ pictures: z.array(ZAlbumPicture) })),
});
export type TCompanyAlbums = z.infer<typeof ZCompanyAlbums>;
