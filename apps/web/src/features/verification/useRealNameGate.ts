import { Calls } from '@metal/shared';
import i18next from 'i18next';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api';
import { Dialog, useDialogsClosedOnLeave } from '../../lib/dialog';
import { Paths } from '../../lib/navigation';
import { useSession } from '../../lib/session';

/**
 * SPEC §6: real-name purchase, inquiry quoting and opening a shop need real-person verification.
 * `guard(action)` asks `verify/status` and runs the action only for a verified person; anyone else
 * is asked whether to verify now ('not now' / 'verify' → face_verify), a visitor goes to login. The
 * server refuses such calls with codeFlag 8 all the same. Resolves whether the action ran.
 */
export function useRealNameGate() {
  const navigate = useNavigate();
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
        const status = await callApi(Calls.verificationStatus, {});
        if (!status.verified) {
          // The labels live in the verification namespace, which loads with this dialog, not with the caller.
          await import('./locale');
          const verify = await Dialog.confirm({
            title: i18next.t('verification:gate.title'),
            content: i18next.t('verification:gate.content'),
            cancelText: i18next.t('verification:gate.cancel'),
            confirmText: i18next.t('verification:gate.confirm'),
          });
          if (verify) navigate(Paths.faceVerify);
          return false;
        }
      } catch {
        // callApi has shown the failure already.
        return false;
      } finally {
        running.current = false;
        setChecking(false);
      }
      await action();
      return true;
    },
    [loggedIn, navigate],
  );

  return { guard, checking };
}
