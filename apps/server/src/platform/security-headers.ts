import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response. The middleware is made once, here: @fastify/helmet
 * made a new one (parsing the whole policy again) at every request, which cost more than the rest
 * of a cached call.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const setHeaders = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
