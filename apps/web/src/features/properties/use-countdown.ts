import { useEffect, useState } from "react";
import { secondsLeft } from "../../lib/countdown";

/** Seconds left until `untilSeconds` (epoch seconds), ticking once a second; null when there is nothing to count. */
export function useCountdown(untilSeconds: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (untilSeconds === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [untilSeconds]);
  return untilSeconds === null ? null : secondsLeft(untilSeconds, now);
}
