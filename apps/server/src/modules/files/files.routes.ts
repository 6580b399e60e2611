import multipart from '@fastify/multipart';
import {
  Calls,
  CodeFlag,
  normalizeLanguage,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_OTHER_TYPE,
  ZCommonParams,
  ZUploadRequest,
} from '@metal/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoggedIn, VISITOR } from '../../platform/actor';
import { AppError, invalid, notLoggedIn } from '../../platform/errors';
import { invalidInputError, refuseUnstorableText } from '../../platform/protocol';
import { isStorageKey } from '../../platform/storage';
import { findFileByKey, requireUploadAllowance, storeUploads, type UploadPart } from './files.service';

/** Per-IP limit on uploads, on top of the per-user hourly count. */
const UPLOAD_LIMIT = { max: 30, timeWindow: '1 minute' };
const YEAR_SECONDS = 365 * 24 * 3600;

/** Reads every part; a file over the size limit or one file too many stops the reading, before anything is stored. */
async function readUpload(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  const parts: UploadPart[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file') parts.push({ name: part.filename, data });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(
        CodeFlag.invalidInput,
        'upload.tooLarge',
        { max: UPLOAD_MAX_FILE_BYTES / 1024 / 1024 },
        { errors: { file: 'upload.tooLarge' } },
      );
    if (code === 'FST_FILES_LIMIT')
      throw new AppError(
        CodeFlag.invalidInput,
        'upload.tooMany',
        { max: UPLOAD_MAX_FILES },
        { errors: { file: 'upload.tooMany' } },
      );
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw invalid('common.invalidInput');
    throw error;
  }
  return { fields, parts };
}

async function serveFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { storage, fileLinks, db, clock } = app.deps;
  const key = (request.params as { '*': string })['*'];
  const query = request.query as Record<string, unknown>;
  const signed = query.signature !== undefined || query.expires !== undefined;
  if (!isStorageKey(key)) return reply.code(404).send({ error: 'NOT_FOUND', message: 'no such file' });
  if (signed) {
    const verdict = fileLinks.check(key, query.expires, query.signature);
    if (verdict !== 'ok')
      return reply
        .code(403)
        .send({ error: 'FORBIDDEN', message: `the link is ${verdict === 'expired' ? 'expired' : 'not valid'}` });
  }
  const file = await findFileByKey(db, key);
  if (!file) return reply.code(404).send({ error: 'NOT_FOUND', message: 'no such file' });
  if (!signed && file.visibility !== 'public')
    return reply.code(403).send({ error: 'FORBIDDEN', message: 'this file needs a signed link' });
  const object = await storage.get(key);
  if (!object) return reply.code(404).send({ error: 'NOT_FOUND', message: 'no such file' });
  const secondsLeft = Math.max(0, Number(query.expires) - Math.floor(clock.now().getTime() / 1000));
  // A chat file may be anything (an HTML page too): it is only ever downloaded, never shown from this origin.
  if (file.type === UPLOAD_OTHER_TYPE)
    reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name || 'file')}`);
  return reply
    .header('content-type', file.type)
    .header('content-length', object.size)
    .header('x-content-type-options', 'nosniff')
    .header(
      'cache-control',
      // Keys are never reused (a new upload gets a new key), so a public file can be cached for good.
      signed ? `private, max-age=${secondsLeft}` : `public, max-age=${YEAR_SECONDS}, immutable`,
    )
    .send(object.body);
}

/**
 * `POST /upload/file.htmls?session_id=…` (PROTOCOL.md: multipart/form-data, field `file`, several
 * files) and `GET /files/<key>`: public files to anyone, private ones with a valid signed link.
 * Multipart parsing is registered for these routes only.
 */
export async function filesRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: {
      fileSize: UPLOAD_MAX_FILE_BYTES,
      files: UPLOAD_MAX_FILES,
      fields: 10,
      fieldSize: 200,
      parts: UPLOAD_MAX_FILES + 10,
      headerPairs: 50,
    },
  });
  const { db, clock, storage, fileLinks } = app.deps;
  app.registeredCalls.push(Calls.uploadFile);

  app.post(`/${Calls.uploadFile.path}.htmls`, { config: { rateLimit: UPLOAD_LIMIT } }, async (request) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const lang = normalizeLanguage(typeof query.lang === 'string' ? query.lang : undefined);
    if (lang) request.lang = lang;
    const common = ZCommonParams.safeParse({
      session_id: query.session_id,
      platform: query.platform,
      openId: query.openId,
      lang: query.lang,
    });
    if (!common.success) throw invalidInputError(common.error.issues);
    refuseUnstorableText(common.data);
    // The session travels in the query, so a visitor is refused before the body is read.
    const actor = common.data.session_id ? await app.resolveSession(common.data.session_id) : VISITOR;
    if (!isLoggedIn(actor)) throw notLoggedIn();
    if (!request.isMultipart()) throw invalid('upload.noFile', 'file');
    await requireUploadAllowance(db, clock, actor.userId);

    const { fields, parts } = await readUpload(request);
    const fieldLang = normalizeLanguage(fields.lang);
    if (fieldLang) request.lang = fieldLang;
    const input = ZUploadRequest.safeParse({ kind: fields.kind ?? query.kind });
    if (!input.success) throw invalidInputError(input.error.issues);
    const data = await storeUploads({ db, storage, links: fileLinks, clock, actor, kind: input.data.kind, parts });
    return { codeFlag: CodeFlag.ok, mesg: '', data };
  });

  // Stored files go out as they are: images are compressed already, and a download keeps its length.
  app.get('/files/*', { compress: false }, (request, reply) => serveFile(app, request, reply));
}
