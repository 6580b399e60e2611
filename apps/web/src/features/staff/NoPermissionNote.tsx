import type { CallContract } from '@metal/shared';
import Button from 'antd-mobile/es/components/button';
import LockOutline from 'antd-mobile-icons/es/LockOutline';
import type { ReactNode } from 'react';
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

/**
 * `children` (a form's submit, say) when the user may make `call`, and otherwise the note saying why not:
 * for pages reached without their entry (an old link, the back button) by someone who may not do what
 * they are for.
 */
export function IfCanCall({ call, children }: { call: Pick<CallContract, 'permission'>; children: ReactNode }) {
  const can = useCanCall(call);
  return can ? children : <NoPermissionNote call={call} />;
}

/** A form page's submit button for `call`, or the note saying which permission it needs (IfCanCall). */
export function SubmitIfAllowed({
  call,
  loading,
  disabled,
  onSubmit,
  testId,
  children,
}: {
  call: Pick<CallContract, 'permission'>;
  loading: boolean;
  disabled?: boolean;
  onSubmit: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <IfCanCall call={call}>
      <Button
        block
        color="primary"
        shape="rounded"
        size="large"
        disabled={disabled}
        loading={loading}
        onClick={onSubmit}
        data-testid={testId}
      >
        {children}
      </Button>
    </IfCanCall>
  );
}
