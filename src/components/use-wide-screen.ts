import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (its `screenMD` token): the side menu, pinned columns and two-column forms start here. */
export const MD_MIN_WIDTH = 768;

let wide: MediaQueryList | undefined;

function wideQuery(): MediaQueryList {
  wide ??= window.matchMedia(`(min-width: ${MD_MIN_WIDTH}px)`);
  return wide;
}

function subscribe(changed: () => void): () => void {
  const query = wideQuery();
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const isWide = () => wideQuery().matches;

/**
 * Whether the window is at least `md` wide, right from the first render and again whenever that
 * changes. antd's `Grid.useBreakpoint` answers only after an effect, and twice: a whole shell or
 * list using it rendered twice more while the first screen drew.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
