import { useEffect } from 'react';

/**
 * Calls `tick` every `ms` milliseconds while `ms` is a number (a screen's reload while its work
 * runs: a send, an import, the header's approvals); null stops it. `tick` should be stable (a
 * `reload` of useRemote is).
 */
export function useEvery(ms: number | null, tick: () => void): void {
  useEffect(() => {
    if (ms === null) return undefined;
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [ms, tick]);
}
