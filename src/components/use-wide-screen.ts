import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (its `screenMD` token): the side menu, pinned columns and two-column forms start here. */
export const MD_MIN_WIDTH = 768;

let wide: MediaQueryList | undefined;
/**
 * The query's answer, kept by its own listener (added first, so it is current when a subscriber
 * hears of a change): React asks for it at every render of every user and again before each
 * commit, and each `matches` read brought the page's style up to date, some milliseconds of a
 * phone's first list.
 */
let wideNow = true;

function wideQuery(): MediaQueryList {
  if (!wide) {
    wide = window.matchMedia(`(min-width: ${MD_MIN_WIDTH}px)`);
    wideNow = wide.matches;
    wide.addEventListener('change', (event) => {
      wideNow = event.matches;
    });
  }
  return wide;
}

function subscribe(changed: () => void): () => void {
  const query = wideQuery();
  query.addEventListener('change', changed);
  return () => query.removeEventListener('change', changed);
}

const isWide = (): boolean => {
  wideQuery();
  return wideNow;
};

/**
 * Whether the window is at least `md` wide, right from the first render and again whenever that
 * changes. antd's `Grid.useBreakpoint` answers only after an effect, and twice: a whole shell or
 * list using it rendered twice more while the first screen drew.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, isWide, () => true);
}
