import { useSyncExternalStore } from 'react';

/** antd's `md` breakpoint (its `screenMD` token): the side menu, pinned columns and two-column forms start here. */
export const MD_MIN_WIDTH = 768;

/**
 * Up to antd's `sm` breakpoint (its `screenSM` token, 576 px) antd's pager hides its page-size
 * chooser and its go-to box (`@media (max-width: 576px)`): a list there does not draw them.
 */
export const PAGER_OPTIONS_MIN_WIDTH = 577;

/** A media query's answer for `useSyncExternalStore`, kept by its own listener. */
interface KeptQuery {
  readonly subscribe: (changed: () => void) => () => void;
  readonly matches: () => boolean;
}

/**
 * The answer of "at least `minWidth` px wide", kept by the query's own listener (added first, so
 * it is current when a subscriber hears of a change): React asks for it at every render of every
 * user and again before each commit, and each `matches` read brought the page's style up to date,
 * some milliseconds of a phone's first list. The query is made at first use.
 */
function keptMinWidth(minWidth: number): KeptQuery {
  let query: MediaQueryList | undefined;
  let now = true;
  const made = (): MediaQueryList => {
    if (!query) {
      query = window.matchMedia(`(min-width: ${minWidth}px)`);
      now = query.matches;
      query.addEventListener('change', (event) => {
        now = event.matches;
      });
    }
    return query;
  };
  return {
    subscribe: (changed) => {
      const list = made();
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    matches: () => {
      made();
      return now;
    },
  };
}

const wide = keptMinWidth(MD_MIN_WIDTH);
const pagerOptions = keptMinWidth(PAGER_OPTIONS_MIN_WIDTH);

/**
 * Whether the window is at least `md` wide, right from the first render and again whenever that
 * changes. antd's `Grid.useBreakpoint` answers only after an effect, and twice: a whole shell or
 * list using it rendered twice more while the first screen drew.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(wide.subscribe, wide.matches, () => true);
}

/**
 * Whether antd's pager shows its page-size chooser and go-to box at this width (wider than
 * 576 px). A phone's list drew both (a select with its popup's machinery, an input) for nothing.
 */
export function usePagerOptionsShown(): boolean {
  return useSyncExternalStore(pagerOptions.subscribe, pagerOptions.matches, () => true);
}
