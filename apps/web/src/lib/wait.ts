import { CodeFlag, TRANSPORT_MESSAGES, type TTooManyRequestsData } from '@metal/shared';
import type { ApiError } from '@metal/shared/client';
import i18next from 'i18next';

/**
 * The part of the error language (lib/errors) every call's toast needs at once: when to try again
 * after a rate limit. Kept small and apart, since it is in the start-up bundle and the rest is not.
 */

/** The wait a codeFlag 6 envelope carries (`data.retryAfter`, whole seconds), if it carries one. */
export function retryAfterOf(error: unknown): number | undefined {
  if ((error as Partial<ApiError> | null)?.codeFlag !== CodeFlag.tooManyRequests) return undefined;
  // Read by hand rather than with ZTooManyRequestsData: zod is not in the start-up bundle.
  const retryAfter = ((error as ApiError).data as Partial<TTooManyRequestsData> | undefined)?.retryAfter;
  return typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
}

/**
 * "Try again in N minutes": seconds under a minute, minutes under two hours, hours beyond, each
 * rounded up so the user never comes back too early.
 */
export function waitText(seconds: number): string {
  if (seconds < 60) return i18next.t('common:wait.seconds', { count: Math.max(1, Math.ceil(seconds)) });
  if (seconds < 2 * 3600) return i18next.t('common:wait.minutes', { count: Math.ceil(seconds / 60) });
  return i18next.t('common:wait.hours', { count: Math.ceil(seconds / 3600) });
}

/** The server's mesg when it is more than the rate limiter's generic "too frequent, try later". */
export function specificReason(error: ApiError): string | undefined {
  const generic = TRANSPORT_MESSAGES['common.tooManyRequests'];
  if (!error.mesg || error.mesg === generic['zh-CN'] || error.mesg === generic['en-US']) return undefined;
  return error.mesg;
}

/** The toast after an action the server refused: its mesg, and for codeFlag 6 when to try again. */
export function failureToast(error: ApiError): string {
  if (error.codeFlag !== CodeFlag.tooManyRequests) return error.mesg;
  const retryAfter = retryAfterOf(error);
  const reason = specificReason(error);
  if (!retryAfter) return error.mesg || i18next.t('common:wait.tooFrequent');
  // A message that already names its wait ("请30秒后再试") is complete as it is.
  if (reason?.includes(String(retryAfter))) return reason;
  return i18next.t('common:wait.joined', {
    reason: (reason ?? i18next.t('common:wait.tooFrequent')).replace(/[。.！!]$/, ''),
    wait: waitText(retryAfter),
  });
}
