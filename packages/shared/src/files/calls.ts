import { z } from 'zod';
import { contract } from '../contract';
import { ZUploadedFile, ZUploadRequest } from './schemas';

/** The `.htmls` calls of files (see contract.ts). */
export const filesCalls = {
  uploadFile: contract({
    path: 'upload/file',
    auth: 'user',
    feature: 'files',
    summary:
      'Upload files (multipart/form-data, field file, several allowed; session_id in the query) of a kind: image (public) or licence (private, signed links). Type checked by content; images re-encoded without metadata, with a thumbnail',
    request: ZUploadRequest,
    response: z.array(ZUploadedFile),
    multipart: true,
  }),
} as const;
