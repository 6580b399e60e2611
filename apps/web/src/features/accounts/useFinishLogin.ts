import { useNavigate } from 'react-router';
import { rootPath } from '../../lib/navigation';

/** After login: back to where the user came from, or to the me tab when login was opened directly. */
export function useFinishLogin(): () => void {
  const navigate = useNavigate();
  return () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(rootPath('me'), { replace: true });
  };
}
