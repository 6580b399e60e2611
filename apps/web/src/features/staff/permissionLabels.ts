import { type Permission, translate } from '@metal/shared';
import { useCallback } from 'react';
import { useLanguage } from '../../lib/i18n';

/** A permission in plain words (the shared catalogue's `permission.*`, the same the server's refusals use). */
export function usePermissionLabel(): (permission: Permission) => string {
  const [lang] = useLanguage();
  return useCallback((permission) => translate(`permission.${permission}`, lang), [lang]);
}
