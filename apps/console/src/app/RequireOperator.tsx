import { Spin } from 'antd';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useWhoami } from '../features/accounts/api';
import type { LoginState } from '../features/accounts/pages/LoginPage';
import { Paths } from '../lib/navigation';
import { useSession } from '../lib/session';

/**
 * The console's pages need an operator's session: without one, the login (which brings the operator
 * back here). The stored session is checked with the server once the console opens.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const whoami = useWhoami();

  if (!session) {
    const state: LoginState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={Paths.login} replace state={state} />;
  }
  if (whoami.isPending)
    return (
      <div style={{ display: 'grid', placeItems: 'center', height: '100%' }}>
        <Spin size="large" />
      </div>
    );
  return children;
}
