import { useCallback, useEffect, useRef, useState } from 'react';

/** State of a remote read: the last data, whether a load is running, the last error. */
export interface RemoteState<T> {
  /** The last successfully loaded value; kept while a reload runs so lists do not flash empty. */
  readonly data: T | undefined;
  readonly loading: boolean;
  readonly error: Error | undefined;
  /** Runs the load again (after a change the screen made). */
  readonly reload: () => void;
}

/**
 * Loads a value when `key` changes (and on `reload()`), ignoring answers of superseded loads so a
 * slow earlier search never overwrites a later one. `enabled: false` skips loading and clears data.
 */
export function useRemote<T>(load: () => Promise<T>, key: string, options: { readonly enabled?: boolean } = {}): RemoteState<T> {
  const enabled = options.enabled ?? true;
  const [data, setData] = useState<T>();
  const [loading, setLoading] = useState(enabled);
  const [error, setError] = useState<Error>();
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;
  const seq = useRef(0);

  useEffect(() => {
    const mine = ++seq.current;
    if (!enabled) {
      setData(undefined);
      setLoading(false);
      return;
    }
    setLoading(true);
    loadRef.current().then(
      (value) => {
        if (mine !== seq.current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (reason: unknown) => {
        if (mine !== seq.current) return;
        setError(reason instanceof Error ? reason : new Error(String(reason)));
        setLoading(false);
      },
    );
  }, [key, enabled, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { data, loading, error, reload };
}
