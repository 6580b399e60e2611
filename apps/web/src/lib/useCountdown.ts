import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown (e.g. 60 s before another SMS code may be asked for). */
export function useCountdown() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setTimeout(() => setSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [seconds]);
  const start = useCallback((from: number) => setSeconds(Math.max(0, Math.floor(from))), []);
  return { seconds, running: seconds > 0, start };
}
