import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDialogsClosedOnLeave } from './dialog';
import { Paths } from './navigation';
import { useSession } from './session';

/**
 * What stands between a user and an action: null when it may go ahead, or the question to ask (a
 * dialog resolving whether the user agreed) and the page that fixes it. Throws when the check itself
 * failed (callApi has said why).
 */
export type GateCheck = () => Promise<null | { ask: () => Promise<boolean>; fixAt: string }>;

/**
 * An action that needs something first (SPEC §5's company-info gate, §6's real-person verification):
 * `guard(action)` runs the check and the action only when it passes; otherwise it asks and, on yes,
 * goes where the user can put it right. A visitor goes to login. Resolves whether the action ran.
 */
export function useGate(check: GateCheck) {
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const [checking, setChecking] = useState(false);
  // A second tap while the first check runs must not open a second dialog or run the action twice.
  const running = useRef(false);
  useDialogsClosedOnLeave();

  const guard = useCallback(
    async (action: () => void | Promise<void>): Promise<boolean> => {
      if (!loggedIn) {
        navigate(Paths.login);
        return false;
      }
      if (running.current) return false;
      running.current = true;
      setChecking(true);
      try {
        const blocked = await check();
        if (blocked) {
          if (await blocked.ask()) navigate(blocked.fixAt);
          return false;
        }
      } catch {
        return false;
      } finally {
        running.current = false;
        setChecking(false);
      }
      await action();
      return true;
    },
    [loggedIn, navigate, check],
  );

  return { guard, checking };
}
