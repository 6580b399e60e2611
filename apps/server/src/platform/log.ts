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

/**
 * The server's logger: Fastify's request line with secret query parameters redacted, errors without
 * their query parameters, and any secret field a log call passes (at the top or one level down) censored.
 */
export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  const paths = SECRET_NAMES.flatMap((name) => [name, `*.${name}`]);
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: [...paths, 'req.headers.authorization', 'req.headers.cookie'], censor: REDACTED },
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
