import { useEffect, useState } from "react";

/**
 * True only once `active` has stayed true for `delayMs`: the search page's
 * "searching" state appears for stalled searches (spec: 200 ms) and never
 * flickers for the fast ones.
 */
export function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => {
      clearTimeout(timer);
      setElapsed(false);
    };
  }, [active, delayMs]);
  return active && elapsed;
}
