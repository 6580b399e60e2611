import type { CallContract, Permission } from '@metal/shared';
import { useProfile } from '../accounts/api';

/** Whether `permissions` (undefined while unknown: then everything) allow what needs `needed` (nothing: every member). */
export function allows(permissions: readonly Permission[] | undefined, needed: Permission | undefined): boolean {
  return !needed || !permissions || permissions.includes(needed);
}

/**
 * Whether the logged-in user may do what needs `permission` in their company (user/info's permissions,
 * staff): the app hides entries the server would refuse. While the profile is unknown (loading, or a
 * visitor, whom login catches first) it answers true, so nothing flickers away for owners.
 */
export function useCan(permission: Permission | undefined): boolean {
  return allows(usePermissions(), permission);
}

/**
 * Whether the logged-in user may make `call`: the permission its contract names (`CallContract.permission`),
 * so a page hides the button of a call the server would refuse from the call itself, with no table of its own.
 */
export function useCanCall(call: Pick<CallContract, 'permission'>): boolean {
  return useCan(call.permission);
}

/**
 * Whether the profile is known and lets the user make `call`: for what a page asks the server on its own
 * (not at a tap), which must wait for the answer rather than be refused while the profile loads.
 */
export function useKnownToCanCall(call: Pick<CallContract, 'permission'>): boolean {
  const permissions = usePermissions();
  return permissions !== undefined && allows(permissions, call.permission);
}

/** The permissions of the logged-in user, or undefined while they are not known. */
export function usePermissions(): readonly Permission[] | undefined {
  const data = useProfile().data;
  return data && data.userId !== 0 ? data.permissions : undefined;
}
