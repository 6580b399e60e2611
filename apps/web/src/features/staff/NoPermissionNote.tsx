import type { CallContract } from '@metal/shared';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import { useMessage } from '../../lib/validation';
import { useCanCall } from './useCan';

/**
 * Where a page's main action is missing because the user's roles lack the permission `call` needs
 * (staff), it says so in the server's own words, so an employee knows whom to ask rather than
 * looking for a button. Nothing while the user may make the call.
 */
export function NoPermissionNote({ call }: { call: Pick<CallContract, 'permission'> }) {
  const message = useMessage();
  const can = useCanCall(call);
  if (can || !call.permission) return null;
  return (
    <p className="mm-no-permission" data-testid={`no-permission-${call.permission}`}>
      <LockOutline />
      <span>{message(`noPermission.${call.permission}`)}</span>
    </p>
  );
}
