import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/**
 * How answers are compressed: @fastify/compress is registered with these settings, and answers kept
 * in memory (JsonData) are compressed once with them, as @fastify/compress compresses an answer in
 * one go (it streams only answers above its sync threshold, 8 KB on two cores: the encoding is the
 * same, the framing chunked).
 * Answers above 1 KB are compressed (the JSON of quote and listing lists shrinks several times over);
 * brotli at quality 4 costs about what gzip's default level does.
 */
export const ANSWER_COMPRESSION = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as AnswerEncoding[],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};

export type AnswerEncoding = 'br' | 'gzip';

// No cache: its keys would be whatever Accept-Encoding headers clients send, kept for ever.
const negotiator = new Negotiator<AnswerEncoding>({ supportedValues: ANSWER_COMPRESSION.encodings });

/**
 * The encoding @fastify/compress would pick for this request: Accept-Encoding negotiated against
 * ANSWER_COMPRESSION's encodings, `*` and `x-gzip` read as gzip, none with `x-no-compression`.
 */
export function answerEncodingFor(request: FastifyRequest): AnswerEncoding | undefined {
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  return negotiator.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip')) ?? undefined;
}

/** `body` compressed as @fastify/compress compresses an answer of that encoding. */
export function compressAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, ANSWER_COMPRESSION.brotliOptions) : gzipSync(body);
}
