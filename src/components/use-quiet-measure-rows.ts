import { useEffect, type RefObject } from 'react';

/**
 * antd's table measures column widths (a scrolling table) with a hidden row that repeats the
 * column titles, the select-all checkbox included. That row is `aria-hidden`, so a focusable
 * control inside it is a WCAG failure (axe-core: aria-hidden-focus). This keeps every control of
 * the measure rows under `ref` disabled and out of the tab order, as the table re-renders.
 */
export function useQuietMeasureRows(ref: RefObject<HTMLElement>): void {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const quiet = () => {
      for (const control of root.querySelectorAll<HTMLElement>('.ant-table-measure-row input, .ant-table-measure-row button')) {
        if (control.getAttribute('tabindex') !== '-1') control.setAttribute('tabindex', '-1');
        if (!control.hasAttribute('disabled')) control.setAttribute('disabled', '');
      }
    };
    quiet();
    const observer = new MutationObserver(quiet);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [ref]);
}
