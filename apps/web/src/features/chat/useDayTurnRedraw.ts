import { shanghaiDayStart } from '@metal/shared';
import { useEffect, useReducer } from 'react';

const DAY_MS = 86_400_000;

/**
 * Draws the page again as each Shanghai day begins, so an open conversation's time lines move on with the
 * calendar ("23:58" reads "昨天 23:58" from midnight) without waiting for a message to redraw them. Each
 * wait is measured from the clock when it starts, so a timer that fires early (a clock set back) waits again.
 */
export function useDayTurnRedraw() {
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const waitForMidnight = () => {
      const untilMidnight = shanghaiDayStart(new Date()).getTime() + DAY_MS - Date.now();
      timer = setTimeout(() => {
        redraw();
        waitForMidnight();
      }, untilMidnight);
    };
    waitForMidnight();
    return () => clearTimeout(timer);
  }, []);
}
