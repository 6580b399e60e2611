import { CodeFlag, type Language, TRANSPORT_MESSAGES, type TTooManyRequestsData } from '@metal/shared';
import { type ApiError, isApiError } from '@metal/shared/client';
import i18next from 'i18next';

/**
 * The app's one error language: what a user sees for each codeFlag (PROTOCOL.md), as a screen
 * (ErrorScreen) where a page could not load, or as a toast after an action. Pages handle the
 * codeFlags that are part of their flow (a taken name, a locked card) themselves and pass every other
 * failure here, so one kind of failure reads the same on every page.
 */
export type FailureKind =
  | 'notLoggedIn'
  | 'forbidden'
  | 'notFound'
  | 'tooManyRequests'
  | 'serverFault'
  | 'offline'
  | 'other';

export interface Failure {
  kind: FailureKind;
  title: string;
  /** The second line: what to do about it (the wait, the server's reason, "check your connection"). */
  text: string;
  /** codeFlag 6: whole seconds until the server takes the call again (the envelope's `data.retryAfter`). */
  retryAfter?: number;
}

const KIND_OF_CODE_FLAG: Partial<Record<number, FailureKind>> = {
  [CodeFlag.notLoggedIn]: 'notLoggedIn',
  [CodeFlag.forbidden]: 'forbidden',
  [CodeFlag.notFound]: 'notFound',
  [CodeFlag.tooManyRequests]: 'tooManyRequests',
  [CodeFlag.serverFault]: 'serverFault',
};

function kindOf(error: ApiError): FailureKind {
  // No envelope: an HTTP status means the server (or a proxy before it) answered something else,
  // which is a fault on the server's side; none means the phone never reached it.
  if (error.isNetwork) {
    const status = (error.data as { status?: unknown } | undefined)?.status;
    return typeof status === 'number' ? 'serverFault' : 'offline';
  }
  return KIND_OF_CODE_FLAG[error.codeFlag] ?? 'other';
}

/** The wait a codeFlag 6 envelope carries, if it carries one. */
export function retryAfterOf(error: unknown): number | undefined {
  if (!isApiError(error) || error.codeFlag !== CodeFlag.tooManyRequests) return undefined;
  // Read by hand rather than with ZTooManyRequestsData: this module is in the start-up bundle, zod is not.
  const retryAfter = (error.data as Partial<TTooManyRequestsData> | undefined)?.retryAfter;
  return typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : undefined;
}

/**
 * "Try again in N minutes": seconds under a minute, minutes under two hours, hours beyond, each
 * rounded up so the user never comes back too early.
 */
export function waitText(seconds: number): string {
  if (seconds < 60) return i18next.t('common:failure.wait.seconds', { count: Math.max(1, Math.ceil(seconds)) });
  if (seconds < 2 * 3600) return i18next.t('common:failure.wait.minutes', { count: Math.ceil(seconds / 60) });
  return i18next.t('common:failure.wait.hours', { count: Math.ceil(seconds / 3600) });
}

const language = () => (i18next.language === 'en-US' ? 'en-US' : 'zh-CN') satisfies Language;

/** The server's mesg when it is more than the rate limiter's generic "too frequent, try later". */
function specificReason(error: ApiError): string | undefined {
  const generic = TRANSPORT_MESSAGES['common.tooManyRequests'];
  if (!error.mesg || error.mesg === generic['zh-CN'] || error.mesg === generic['en-US']) return undefined;
  return error.mesg;
}

/** What a page that could not load shows for this failure (ErrorScreen draws it). */
export function describeFailure(error: unknown): Failure {
  if (!isApiError(error)) {
    return {
      kind: 'serverFault',
      title: i18next.t('common:failure.serverFault.title'),
      text: i18next.t('common:failure.serverFault.text'),
    };
  }
  const kind = kindOf(error);
  switch (kind) {
    case 'tooManyRequests': {
      const retryAfter = retryAfterOf(error);
      return {
        kind,
        title: specificReason(error) ?? i18next.t('common:failure.tooManyRequests.title'),
        text: retryAfter ? waitText(retryAfter) : i18next.t('common:failure.tooManyRequests.text'),
        ...(retryAfter ? { retryAfter } : {}),
      };
    }
    case 'forbidden':
      return {
        kind,
        title: i18next.t('common:failure.forbidden.title'),
        text: error.mesg || i18next.t('common:failure.forbidden.text'),
      };
    case 'other':
      return { kind, title: error.mesg || i18next.t('common:failure.other.title'), text: '' };
    default:
      return { kind, title: i18next.t(`common:failure.${kind}.title`), text: i18next.t(`common:failure.${kind}.text`) };
  }
}

/** The toast after an action the server refused: its mesg, and for codeFlag 6 when to try again. */
export function failureToast(error: ApiError): string {
  if (error.codeFlag === CodeFlag.tooManyRequests) {
    const retryAfter = retryAfterOf(error);
    const reason = specificReason(error);
    if (!retryAfter) return error.mesg || i18next.t('common:failure.tooManyRequests.title');
    // A message that already names its wait ("请30秒后再试") is complete as it is.
    if (reason?.includes(String(retryAfter))) return reason;
    return i18next.t('common:failure.joined', {
      reason: (reason ?? i18next.t('common:failure.tooManyRequests.title')).replace(/[。.！!]$/, ''),
      wait: waitText(retryAfter),
    });
  }
  return error.mesg || TRANSPORT_MESSAGES['common.serverFault'][language()];
}
