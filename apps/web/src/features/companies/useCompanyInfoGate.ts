import { Calls, CodeFlag } from '@metal/shared';
import i18next from 'i18next';
import { useCallback } from 'react';
import { callApi, isApiError } from '../../lib/api';
import { Dialog } from '../../lib/dialog';
import { useGate } from '../../lib/gate';
import { Paths } from '../../lib/navigation';
import { useMessage } from '../../lib/validation';

/**
 * SPEC §5's company-info gate for actions that need complete company info (posting stock, quoting,
 * opening a shop): `guard(action)` asks `hav_com_info` and runs the action only when it passes. When
 * the server answers codeFlag 7 it shows SPEC's dialog ('your company info is incomplete, go complete
 * it now?' with 'not now' / 'complete now' → user_center) instead of an error toast.
 */
export function useCompanyInfoGate() {
  const message = useMessage();
  const check = useCallback(async () => {
    try {
      await callApi(Calls.hasCompanyInfo, {}, { quietCodeFlags: [CodeFlag.companyInfoIncomplete] });
      return null;
    } catch (error) {
      if (!isApiError(error) || error.codeFlag !== CodeFlag.companyInfoIncomplete) throw error;
      return {
        async ask() {
          // The labels live in the companies namespace, which loads with this dialog, not with the caller.
          await import('./locale');
          return Dialog.confirm({
            content: message('companyInfo.incomplete'),
            cancelText: i18next.t('companies:gate.notNow'),
            confirmText: i18next.t('companies:gate.completeNow'),
          });
        },
        fixAt: Paths.userCenter,
      };
    }
  }, [message]);
  return useGate(check);
}
