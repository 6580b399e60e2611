import { Calls } from '@metal/shared';
import i18next from 'i18next';
import { useCallback } from 'react';
import { callApi } from '../../lib/api';
import { Dialog } from '../../lib/dialog';
import { useGate } from '../../lib/gate';
import { Paths } from '../../lib/navigation';

/**
 * SPEC §6: real-name purchase, inquiry quoting and opening a shop need real-person verification.
 * `guard(action)` asks `verify/status` and runs the action only for a verified person; anyone else
 * is asked whether to verify now ('not now' / 'verify' → face_verify). The server refuses such calls
 * with codeFlag 8 all the same.
 */
export function useRealNameGate() {
  const check = useCallback(async () => {
    const status = await callApi(Calls.verificationStatus, {});
    if (status.verified) return null;
    return {
      async ask() {
        // The labels live in the verification namespace, which loads with this dialog, not with the caller.
        await import('./locale');
        return Dialog.confirm({
          title: i18next.t('verification:gate.title'),
          content: i18next.t('verification:gate.content'),
          cancelText: i18next.t('verification:gate.cancel'),
          confirmText: i18next.t('verification:gate.confirm'),
        });
      },
      fixAt: Paths.faceVerify,
    };
  }, []);
  return useGate(check);
}
