import type { FastifyServerOptions } from 'fastify';

/**
 * Names of fields, query parameters and headers whose values are secrets: a session id lets anyone
 * act as its user (the upload call carries it in its URL, as PROTOCOL.md says), and passwords, SMS
 * codes, captcha answers, keys and signed-link signatures are secrets by themselves. Matched without
 * regard to case.
 */
const SECRET_NAMES = [
  'session_id',
  'sessionId',
  'password',
  'oldPassword',
  'newPassword',
  'confirmPassword',
  'passwordHash',
  'code',
  'captcha',
  'captchaCode',
  'captchaKey',
  'idNumber',
  'signature',
  'token',
  'key',
  'secret',
  'accessKeyId',
  'accessKeySecret',
  'authorization',
  'cookie',
];
const SECRET_NAMES_LOWER = new Set(SECRET_NAMES.map((name) => name.toLowerCase()));

export const REDACTED = '[redacted]';

const isSecretName = (name: string) => SECRET_NAMES_LOWER.has(name.toLowerCase());

/** A request URL with the value of every secret query parameter replaced, the rest kept for reading the log. */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as it came; it names no secret we know.
      }
      return equals >= 0 && isSecretName(decoded) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}

/**
 * Drizzle's query errors carry the statement's parameters (a session id being looked up, a password
 * hash being written) in `params` and at the end of their message; the log keeps the statement only.
 */
function withoutQueryParameters(text: string | undefined) {
  return text?.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, `\nparams: ${REDACTED}`);
}

/** An error as pino's standard serializer writes it (type, message, stack, own fields, cause), its query parameters left out. */
function serializeError(
  error: Error,
  depth = 0,
): { type: string; message: string; stack: string; [key: string]: unknown } {
  const serialized: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error.constructor.name,
    message: '',
    stack: '',
  };
  for (const [name, value] of Object.entries(error)) {
    if (name === 'cause') continue;
    serialized[name] = name === 'params' ? REDACTED : value;
  }
  serialized.message = withoutQueryParameters(error.message) ?? '';
  serialized.stack = withoutQueryParameters(error.stack) ?? '';
  if (error.cause instanceof Error && depth < 5) serialized.cause = serializeError(error.cause, depth + 1);
  return serialized;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/** `object` with the value of every secret-named key replaced, or `object` itself when it has none. */
function withoutSecretFields(object: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const name of Object.keys(object)) {
    if (!isSecretName(name)) continue;
    copy ??= { ...object };
    copy[name] = REDACTED;
  }
  return copy ?? object;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * What a log call passes, with every secret field censored at its top and one level down (a logged
 * `{ body: { password } }`), whatever the name's case. Done here rather than with pino's `redact`, whose
 * wildcard paths also ran over every request's child-logger bindings (the request id) at every call,
 * logged or not. Only plain objects are looked into: the request and the error have their serializers.
 */
function censorSecrets(logged: Record<string, unknown>): Record<string, unknown> {
  const top = withoutSecretFields(logged);
  let copy = top === logged ? undefined : top;
  for (const [name, value] of Object.entries(top)) {
    if (!isPlainObject(value)) continue;
    const censored = withoutSecretFields(value);
    if (censored === value) continue;
    copy ??= { ...top };
    copy[name] = censored;
  }
  return copy ?? logged;
}

/**
 * The server's logger: Fastify's request line with secret query parameters redacted (and no headers),
 * errors without their query parameters, and any secret field a log call passes (at the top or one
 * level down) censored.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    formatters: { log: censorSecrets },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      err: (error: Error) => serializeError(error),
    },
  };
}
