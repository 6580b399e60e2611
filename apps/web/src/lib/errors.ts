import { CodeFlag } from '@metal/shared';
import i18next from 'i18next';
import enErrors from '../locales/en-US/errors.json';
import zhErrors from '../locales/zh-CN/errors.json';
import { type ApiError, isApiError } from './api';
import { addFeatureNamespace } from './i18n';
import { retryAfterOf, specificReason, waitText } from './wait';

export { failureToast, retryAfterOf, waitText } from './wait';

// The error language's words travel with it, not in the start-up bundle (the home route's budget).
addFeatureNamespace('errors', { 'zh-CN': zhErrors, 'en-US': enErrors });

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

/** What a page that could not load shows for this failure (ErrorScreen draws it). */
export function describeFailure(error: unknown): Failure {
  if (!isApiError(error)) {
    return {
      kind: 'serverFault',
      title: i18next.t('errors:serverFault.title'),
      text: i18next.t('errors:serverFault.text'),
    };
  }
  const kind = kindOf(error);
  switch (kind) {
    case 'tooManyRequests': {
      const retryAfter = retryAfterOf(error);
      return {
        kind,
        title: specificReason(error) ?? i18next.t('errors:tooManyRequests.title'),
        text: retryAfter ? waitText(retryAfter) : i18next.t('errors:tooManyRequests.text'),
        ...(retryAfter ? { retryAfter } : {}),
      };
    }
    case 'forbidden':
      return {
        kind,
        title: i18next.t('errors:forbidden.title'),
        text: error.mesg || i18next.t('errors:forbidden.text'),
      };
    case 'other':
      return { kind, title: error.mesg || i18next.t('errors:other.title'), text: '' };
    default:
      return { kind, title: i18next.t(`errors:${kind}.title`), text: i18next.t(`errors:${kind}.text`) };
  }
}
