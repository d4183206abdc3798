import { useEffect, useState } from 'react';

/** Milliseconds until `deadline` (ISO 8601), ticking every second; 0 once it has passed. */
export function useCountdown(deadline: string | undefined): number {
  const target = deadline ? Date.parse(deadline) : Number.NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target)) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? 0 : Math.max(0, target - now);
}
