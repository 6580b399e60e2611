import {
  type CallContract,
  CodeFlag,
  DEFAULT_LANGUAGE,
  findUnstorableText,
  isMessageKey,
  type Language,
  languageFromAcceptHeader,
  normalizeLanguage,
  Platform,
  type PlatformValue,
  translate,
  ZCommonParams,
} from '@metal/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Actor, VISITOR } from './actor';
import { ANSWER_COMPRESSION, type AnswerEncoding, answerEncodingFor, compressAnswer } from './compression';
import { answerAfterOwnEvents } from './delivery';
import { AppError, forbidden, notLoggedIn, tooManyRequests } from './errors';

/** What a call's handler receives. */
export interface CallContext<C extends CallContract> {
  input: z.output<C['request']>;
  actor: Actor;
  lang: Language;
  platform: PlatformValue;
  ip: string;
  /** The raw session id the call came with ('' for visitors): a login hands out a new one. */
  request: FastifyRequest;
}

/**
 * A call's data already written as JSON, for answers kept in memory: the envelope is written around
 * it, so a kept answer is not serialised again at every call. The text must be `JSON.stringify` of
 * what the handler would otherwise answer, so the bytes sent are the same either way.
 */
export class JsonData {
  /** The whole success envelope as sent, encoded once. */
  readonly envelope: Buffer;
  readonly #compressed = new Map<AnswerEncoding, Buffer>();
  constructor(readonly json: string) {
    this.envelope = Buffer.from(`{"codeFlag":${CodeFlag.ok},"mesg":"","data":${json}}`);
  }

  /** The envelope compressed as `encoding`, once: compressing a quotes answer costs more than serving it. */
  compressedAs(encoding: AnswerEncoding): Buffer {
    let compressed = this.#compressed.get(encoding);
    if (!compressed) {
      compressed = compressAnswer(this.envelope, encoding);
      this.#compressed.set(encoding, compressed);
    }
    return compressed;
  }
}

export type CallHandler<C extends CallContract> = (
  ctx: CallContext<C>,
) => Promise<z.input<C['response']> | JsonData> | z.input<C['response']> | JsonData;

export interface CallOptions {
  /**
   * This call's own per-IP limit, in place of the global one: @fastify/rate-limit gives a route with its
   * own limit that limit alone, counted apart from the global count.
   */
  rateLimit?: { max: number; timeWindow: string };
  /** A larger body than the server's default, for calls that carry files as text. */
  bodyLimit?: number;
}

/** Resolves a raw session id to its actor; the accounts module provides it. */
export type SessionResolver = (sessionId: string) => Promise<Actor>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Contracts of every registered call, in registration order (for the OpenAPI document). */
    registeredCalls: CallContract[];
    resolveSession: SessionResolver;
  }
  interface FastifyRequest {
    lang: Language;
  }
}

/** The request's form or JSON body when it is an object of fields (read, never changed). */
function bodyFields(request: FastifyRequest): Readonly<Record<string, unknown>> | undefined {
  const body = request.body;
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
}

/** Turns zod issues into the envelope's field errors (first message per field, as message keys). */
function fieldErrors(issues: z.core.$ZodIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (errors[field]) continue;
    errors[field] = isMessageKey(issue.message)
      ? issue.message
      : issue.code === 'invalid_type' && issue.input === undefined
        ? 'common.required'
        : 'common.invalidInput';
  }
  return errors;
}

/**
 * Refuses text PostgreSQL cannot store (NUL, unpaired surrogates) in any field of any call, after the
 * call's own schema has parsed it (so text inside JSON-text fields is seen decoded).
 */
export function refuseUnstorableText(parsed: unknown) {
  const path = findUnstorableText(parsed);
  if (!path) return;
  throw invalidInputError([
    { code: 'custom', path, message: 'common.unstorableCharacters', input: undefined } as z.core.$ZodIssue,
  ]);
}

export function invalidInputError(issues: z.core.$ZodIssue[]): AppError {
  const errors = fieldErrors(issues);
  const first = Object.values(errors)[0] ?? 'common.invalidInput';
  return new AppError(
    CodeFlag.invalidInput,
    isMessageKey(first) ? first : 'common.invalidInput',
    {},
    {
      errors: errors as Record<string, never>,
    },
  );
}

/** Registers `POST /<path>.htmls` for a contract: parse → authorize → handler → envelope. */
export function registerCall<C extends CallContract>(
  app: FastifyInstance,
  contract: C,
  handler: CallHandler<C>,
  options: CallOptions = {},
) {
  app.registeredCalls.push(contract);
  app.post(
    `/${contract.path}.htmls`,
    {
      config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
      // No client compresses a call's small form, and the request-decompression hook cost every call.
      decompress: false,
      ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    },
    async (request, reply) => {
      // The common fields are read here; the call's own schema sees the rest. A rest copy, not a copy
      // whose keys are then deleted: deleting turns an object into a slow dictionary at every call.
      const { session_id, platform, openId, lang, ...fields } = bodyFields(request) ?? {};
      // The body's lang outranks Accept-Language (read at onRequest) for every message from here on.
      const bodyLanguage = typeof lang === 'string' ? normalizeLanguage(lang) : undefined;
      if (bodyLanguage) request.lang = bodyLanguage;
      const common = ZCommonParams.safeParse({
        session_id: session_id ?? (request.query as Record<string, unknown> | undefined)?.session_id,
        platform,
        openId,
        lang,
      });
      if (!common.success) throw invalidInputError(common.error.issues);
      refuseUnstorableText(common.data);

      const sessionId = common.data.session_id ?? '';
      const actor = sessionId ? await app.resolveSession(sessionId) : VISITOR;
      if (contract.auth !== 'visitor' && actor.userId === 0) throw notLoggedIn();
      if (contract.auth === 'operator' && !actor.operatorRole) throw forbidden();
      if (contract.auth === 'admin' && actor.operatorRole !== 'admin') throw forbidden();
      // The company permission the call needs (the owner and the authorized employee hold them all),
      // checked here for every call so that none can forget it.
      if (contract.permission && !actor.permissions.includes(contract.permission)) {
        throw new AppError(
          CodeFlag.forbidden,
          `noPermission.${contract.permission}`,
          {},
          {
            data: { permission: contract.permission },
          },
        );
      }

      const parsed = contract.request.safeParse(fields);
      if (!parsed.success) throw invalidInputError(parsed.error.issues);
      refuseUnstorableText(parsed.data);

      const data = await answerAfterOwnEvents(() =>
        handler({
          input: parsed.data as z.output<C['request']>,
          actor,
          lang: request.lang,
          platform: common.data.platform ?? Platform.other,
          ip: request.ip,
          request,
        }),
      );
      if (data instanceof JsonData) {
        // The same bytes and headers Fastify and @fastify/compress send for the envelope object below;
        // @fastify/compress leaves an answer that already has a Content-Encoding alone.
        reply.type('application/json; charset=utf-8');
        const encoding = data.envelope.length >= ANSWER_COMPRESSION.threshold ? answerEncodingFor(request) : undefined;
        if (!encoding) return reply.send(data.envelope);
        return reply
          .header('vary', 'accept-encoding')
          .header('content-encoding', encoding)
          .send(data.compressedAs(encoding));
      }
      return { codeFlag: CodeFlag.ok, mesg: '', data: data ?? null };
    },
  );
}

function envelopeOf(error: AppError, lang: Language) {
  const errors = error.extra.errors
    ? Object.fromEntries(Object.entries(error.extra.errors).map(([field, key]) => [field, translate(key, lang)]))
    : undefined;
  return {
    codeFlag: error.codeFlag,
    mesg: translate(error.messageKey, lang, error.params),
    ...(errors ? { errors } : {}),
    ...(error.extra.data !== undefined ? { data: error.extra.data } : {}),
  };
}

/** The protocol's request decoration and its one central error handler. */
export function installProtocol(app: FastifyInstance) {
  app.decorate('registeredCalls', [] as CallContract[]);
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  // Accept-Language first (a refusal before the body is read speaks it); a call's body `lang` then
  // outranks it (registerCall). The hook finishes at once, so it calls `done` rather than return a
  // promise another turn resolves.
  app.addHook('onRequest', (request, _reply, done) => {
    request.lang = languageFromAcceptHeader(request.headers['accept-language']);
    done();
  });

  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return reply.status(200).send(envelopeOf(error, request.lang));
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      // @fastify/rate-limit has set `retry-after` (seconds left in the window) before refusing; the
      // envelope carries it too, since clients read the envelope, not the headers.
      const retryAfter = Number(reply.getHeader('retry-after'));
      return reply
        .status(200)
        .send(envelopeOf(tooManyRequests('common.tooManyRequests', retryAfter > 0 ? retryAfter : 60), request.lang));
    }
    // Malformed HTTP (bad JSON, unsupported content type, body over the limit) is a transport fault.
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ error: (error as FastifyError).code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error in call');
    return reply.status(200).send(envelopeOf(new AppError(CodeFlag.serverFault, 'common.serverFault'), request.lang));
  });
}
