import { Platform } from '@metal/shared';
import { createApiClient } from '@metal/shared/client';
import { currentToast, hideLoading, showFail, showLoading, withdrawToast } from './feedback';
import { getLanguage } from './language';
import { redirectToLogin } from './navigation';
import { takePrefetchedCall } from './prefetchedCall';
import { clearSession, getSessionId } from './session';
import { failureToast } from './wait';

export {
  ApiError,
  type CallOptions,
  encodeForm,
  isApiError,
  isEnvelope,
  NETWORK_CODE_FLAG,
} from '@metal/shared/client';

/**
 * The web app's side of the shared protocol client: its stored session and UI language, and SPEC §8's
 * reactions (codeFlag 1: forget the session and go to login/login; others: a fail toast in the app's
 * error language, lib/errors.ts).
 */
const client = createApiClient({
  platform: Platform.web,
  getSessionId,
  getLanguage,
  onNotLoggedIn(needLogin) {
    clearSession();
    if (needLogin) redirectToLogin();
  },
  // The server's words, and for a rate limit when to try again (lib/wait).
  onFail: (mesg, failure) => {
    showFail(failureToast(failure) || mesg);
    toastOfFailure.set(failure, currentToast());
  },
  showLoading,
  hideLoading,
  takePrefetched: takePrefetchedCall,
});

/** The fail toast each failure put up, so a screen that shows the failure itself can take the toast back. */
const toastOfFailure = new WeakMap<object, number>();

/**
 * A page whose error screen shows `failure` (components/ErrorScreen) takes back the toast that told of
 * it, so the user is not told twice; a failure a page keeps its content through (a refresh) keeps its toast.
 */
export function withdrawFailToast(failure: unknown): void {
  if (typeof failure !== 'object' || failure === null) return;
  const toast = toastOfFailure.get(failure);
  if (toast === undefined) return;
  toastOfFailure.delete(failure);
  withdrawToast(toast);
}

export const callApi = client.call;
export const clearApiCache = client.clearCache;
/** What SPEC §8 asks of an answer that did not come through callApi (an upload): data, or the app's reaction and an ApiError. */
export const settleEnvelope = client.settle;
