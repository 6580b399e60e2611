import { CodeFlag, type CodeFlagValue, type MessageKey } from '@metal/shared';

/**
 * A failure the caller should see: its codeFlag, a message key (localized by the central handler),
 * message parameters, field errors for invalid input, and optional `data` the client needs to react
 * (for example `needCaptcha`).
 */
export class AppError extends Error {
  constructor(
    readonly codeFlag: Exclude<CodeFlagValue, 0>,
    readonly messageKey: MessageKey,
    readonly params: Record<string, string | number> = {},
    readonly extra: { errors?: Record<string, MessageKey>; data?: unknown } = {},
  ) {
    super(messageKey);
    this.name = 'AppError';
  }
}

/**
 * codeFlag 6 with the wait the client shows ("try again in N minutes"): `data.retryAfter` in whole
 * seconds (ZTooManyRequestsData), beside any other data the caller needs.
 */
export const tooManyRequests = (
  messageKey: MessageKey,
  retryAfterSeconds: number,
  params: Record<string, string | number> = {},
  data: Record<string, unknown> = {},
) =>
  new AppError(CodeFlag.tooManyRequests, messageKey, params, {
    data: { ...data, retryAfter: Math.max(1, Math.ceil(retryAfterSeconds)) },
  });

export const notLoggedIn = () => new AppError(CodeFlag.notLoggedIn, 'common.notLoggedIn');
export const forbidden = () => new AppError(CodeFlag.forbidden, 'common.forbidden');
export const notFound = () => new AppError(CodeFlag.notFound, 'common.notFound');
export const invalid = (messageKey: MessageKey, field?: string) =>
  new AppError(CodeFlag.invalidInput, messageKey, {}, field ? { errors: { [field]: messageKey } } : {});
