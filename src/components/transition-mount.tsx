import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** Props of {@link TransitionMount}. */
export interface TransitionMountProps {
  /** What stands in for the children until their first render is done (drawn at once). */
  readonly fallback: ReactNode;
  /** The large subtree drawn in a transition. */
  readonly children: ReactNode;
}

/**
 * Draws `fallback` first and its children in a React transition right after. A subtree that
 * appears when a query answers (the shell once the session is confirmed) would otherwise render
 * in one synchronous block, hundreds of milliseconds on a shop's tablet during which no tap is
 * answered; in a transition React renders it in slices and stays responsive.
 */
export function TransitionMount(props: TransitionMountProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return <>{ready ? props.children : props.fallback}</>;
}
