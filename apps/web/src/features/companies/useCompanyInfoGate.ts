import { Calls, CodeFlag } from '@metal/shared';
import i18next from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi, isApiError } from '../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../lib/dialog';
import { Paths } from '../../lib/navigation';
import { useSession } from '../../lib/session';
import { useMessage } from '../../lib/validation';

/**
 * SPEC §5's company-info gate for actions that need complete company info (posting stock, quoting,
 * opening a shop): `guard(action)` asks `hav_com_info` and runs the action only when it passes. When
 * the server answers codeFlag 7 it shows SPEC's dialog ('your company info is incomplete, go complete
 * it now?' with 'not now' / 'complete now' → user_center) instead of an error toast; a visitor goes
 * to login. Other failures have already been shown by callApi. Resolves whether the action ran.
 */
export function useCompanyInfoGate() {
  const navigate = useNavigate();
  const message = useMessage();
  const { loggedIn } = useSession();
  const [checking, setChecking] = useState(false);
  // A second tap while the first check runs must not open a second dialog or run the action twice.
  const running = useRef(false);
  useDialogsClosedOnLeave();

  const guard = useCallback(
    async (action: () => void | Promise<void>): Promise<boolean> => {
      if (!loggedIn) {
        navigate(Paths.login);
        return false;
      }
      if (running.current) return false;
      running.current = true;
      setChecking(true);
      try {
        await callApi(Calls.hasCompanyInfo, {}, { quietCodeFlags: [CodeFlag.companyInfoIncomplete] });
      } catch (error) {
        if (isApiError(error) && error.codeFlag === CodeFlag.companyInfoIncomplete) {
          // The labels live in the companies namespace, which loads with this dialog, not with the caller.
          await import('./locale');
          const complete = await Dialog.confirm({
            content: message('companyInfo.incomplete'),
            cancelText: i18next.t('companies:gate.notNow'),
            confirmText: i18next.t('companies:gate.completeNow'),
          });
          if (complete) navigate(Paths.userCenter);
        }
        return false;
      } finally {
        running.current = false;
        setChecking(false);
      }
      await action();
      return true;
    },
    [loggedIn, navigate, message],
  );

  return { guard, checking };
}
