import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The security headers of a protocol call's JSON answer (`POST /<path>.htmls`): OWASP's REST Security
 * Cheat Sheet set ("Security Headers": a CSP of `frame-ancestors 'none'`, HSTS, `nosniff`,
 * `X-Frame-Options: DENY`) plus `Cross-Origin-Resource-Policy`, which keeps another site's no-cors
 * request from reading an answer into its process. Helmet's other headers govern what a document
 * may do (load scripts, open popups, prefetch DNS, run in an agent cluster, filter XSS, offer a
 * download dialog in old IE, Flash policy files): a JSON answer is never rendered as a page, and
 * sending all twelve on every call cost more than answering a call served from memory.
 */
export const API_ANSWER_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'cross-origin-resource-policy': 'same-origin',
};

/** Whether a request reached a protocol call (`/<path>.htmls`), whose answer is JSON. */
function isProtocolCall(routeUrl: string | undefined): boolean {
  return routeUrl?.endsWith('.htmls') === true;
}

/**
 * Security headers on every response: helmet's full set (with `options`) on pages, files and
 * everything else a browser may render, API_ANSWER_HEADERS on protocol calls. Helmet's headers depend
 * only on the options (no per-request nonces), so helmet runs once, here, against a recording
 * response, and every request is given the headers it set: running helmet's chain of middleware at
 * every request cost more than the rest of a call answered from memory.
 */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const documentHeaders = helmetHeaders(options);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isProtocolCall(request.routeOptions.url) ? API_ANSWER_HEADERS : documentHeaders);
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
