import { useEffect, useState } from 'react';

/** Date.now(), refreshed every `intervalMs` (a waiting time that keeps counting on screen). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
