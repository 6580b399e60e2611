import { Platform } from '@metal/shared';
import { createApiClient } from '@metal/shared/client';
import { showError } from './feedback';
import { getLanguage } from './i18n';
import { redirectToLogin } from './navigation';
import { clearSession, getSessionId } from './session';

export { ApiError, type CallOptions, isApiError } from '@metal/shared/client';

/**
 * The console's side of the shared protocol client: the operator's session and the console's
 * language; codeFlag 1 forgets the session and opens the console's login, other failures show the
 * server's localized mesg as an antd error message.
 */
const client = createApiClient({
  platform: Platform.web,
  getSessionId,
  getLanguage,
  onNotLoggedIn(needLogin) {
    clearSession();
    if (needLogin) redirectToLogin();
  },
  // The console shows the server's words; the failure's other details (a wait time) are the web app's concern.
  onFail: (mesg) => showError(mesg),
});

export const callApi = client.call;
export const clearApiCache = client.clearCache;
