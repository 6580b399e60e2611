import type { Permission } from '@metal/shared';
import { useProfile } from '../accounts/api';

/**
 * Whether the logged-in user may do what needs `permission` in their company (user/info's permissions,
 * staff): the app hides entries the server would refuse. While the profile is unknown (loading, or a
 * visitor, whom login catches first) it answers true, so nothing flickers away for owners.
 */
export function useCan(permission: Permission): boolean {
  const profile = useProfile();
  const data = profile.data;
  if (!data || data.userId === 0) return true;
  return data.permissions.includes(permission);
}

/** The permissions of the logged-in user, or undefined while they are not known. */
export function usePermissions(): readonly Permission[] | undefined {
  const data = useProfile().data;
  return data && data.userId !== 0 ? data.permissions : undefined;
}
