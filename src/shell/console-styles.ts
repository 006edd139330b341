/**
 * The console's part of antd's styles written at build time (src/shell/antd-static-styles.ts,
 * vite.config.ts): index.html links the part of the pages outside the shell and names the
 * console's file on that link; this loads it beside the console's code. Once it is there, antd's
 * style hooks are told to read the map of what the files hold again (the console's file ends
 * with the map of both), so the console's components take their styles from it instead of
 * computing and inserting them as they first draw. Without the link (the dev server, the unit
 * tests) or when the file does not load, antd computes the styles at run time, as it always can.
 */
import { reset as rereadStyleMap } from '@ant-design/cssinjs/es/util/cacheMapUtil';

let loading: Promise<void> | undefined;

/** Resolves once the console's styles are in the page (or are known not to come). */
export function consoleStyles(): Promise<void> {
  loading ??= new Promise<void>((resolve) => {
    const outside = document.querySelector<HTMLLinkElement>('link[data-antd-console]');
    const href = outside?.dataset.antdConsole;
    if (!outside || !href) {
      resolve();
      return;
    }
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.addEventListener('load', () => {
      // Read again on the next style looked up: the console's map, later in the page, wins. The
      // console draws whatever happens here (at worst computing styles the file holds).
      try {
        rereadStyleMap();
      } finally {
        resolve();
      }
    });
    link.addEventListener('error', () => resolve());
    // Right after the outside part, so the app's own CSS still comes after antd's.
    outside.after(link);
  });
  return loading;
}
