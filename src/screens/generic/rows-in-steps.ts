import { startTransition, useEffect, useMemo, useState } from 'react';

/**
 * Rows a list draws in one step. A row of a declared list is a dozen table cells with their
 * links, tags and checkbox; drawing a page of 20 at once was the longest single block of a
 * phone's main thread when a list opened (about 280 of its 690 ms of blocking time in
 * Lighthouse's mobile run, bench/lighthouse.bench.ts). Five rows keep a step under the 50 ms a
 * tap may wait on such a device, and still fill the top of a screen at once.
 */
export const ROWS_PER_STEP = 5;

/**
 * A page's rows drawn a few at a time: the first {@link ROWS_PER_STEP} with the answer, each next
 * step in a background render (a transition) of its own once the previous one is on screen, so a
 * tap or a keystroke is answered between steps. Another page (other rows, told by `keyOf`, the
 * record ids) starts again at the first step; the same rows in a new array (an answer asked
 * again) stay as drawn. `drawing` is true until the last row is drawn (the list is `aria-busy`
 * meanwhile). A tree's rows are its roots, each drawn with its children.
 */
export function useRowsInSteps<T>(
  rows: readonly T[] | undefined,
  keyOf: (row: T) => unknown,
  step: number = ROWS_PER_STEP,
): { readonly shown: readonly T[] | undefined; readonly drawing: boolean } {
  const page = rows === undefined ? undefined : rows.map((row) => String(keyOf(row))).join('\u0001');
  const [drawn, setDrawn] = useState({ page, count: step });
  // Another page is drawn from its first step in this very render (no frame draws it whole).
  const count = drawn.page === page ? drawn.count : step;
  const drawing = rows !== undefined && count < rows.length;
  useEffect(() => {
    if (drawing) startTransition(() => setDrawn({ page, count: count + step }));
  }, [drawing, page, count, step]);
  const shown = useMemo(() => (rows !== undefined && count < rows.length ? rows.slice(0, count) : rows), [rows, count]);
  return { shown, drawing };
}
