import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response. They depend only on the options (no per-request
 * nonces), so helmet runs once, here, against a recording response, and every request is given the
 * headers it set: running helmet's chain of middleware at every request cost more than the rest of a
 * call answered from memory.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = helmetHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers helmet sets with these options (lower-case names). */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once; they may depend on the request');
  return headers;
}
