import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Paths } from '../../../lib/navigation';
import { useSession } from '../../../lib/session';

/** SPEC §6: contacts are a logged-in user's; a visitor goes to login/login. */
export function LoginFirst({ children }: { children: ReactNode }) {
  const { loggedIn } = useSession();
  return loggedIn ? children : <Navigate to={Paths.login} replace />;
}
