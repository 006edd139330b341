import { startTransition, useEffect, useMemo, useState, type ComponentProps, type ReactElement, type ReactNode } from 'react';

/**
 * Rows a list draws with its answer. Its drawing shares one task with the list's own drawing of the
 * answer (the pager, the totals, the toolbar's counts); more rows made that task the longest
 * of a phone's first list (Lighthouse counts it as blocking time). The rest follow within a few
 * frames.
 */
export const FIRST_ROWS = 2;

/**
 * Rows each later step adds. A row of a declared list is a dozen cells with their links, tags and
 * checkbox; each step is a background render (a transition) of its own, so a tap or a keystroke is
 * answered between steps, and a step of two rows keeps its drawing and the browser's frame after it
 * each under the 50 ms a tap may wait on a phone (Lighthouse's mobile run, bench/lighthouse.bench.ts,
 * counts every longer task as blocking time; steps of five were 25-45 ms of script, then a frame).
 */
export const ROWS_PER_STEP = 2;

/**
 * A page's rows drawn a few at a time: the first {@link FIRST_ROWS} with the answer, each next
 * {@link ROWS_PER_STEP} in a background render of its own once the previous one is on screen. Another page (other rows,
 * told by `keyOf`) starts again at the first step in the very render that brings it; the same
 * rows in a new array (an answer asked again) stay as drawn. `drawing` is true until the last row
 * is drawn.
 */
export function useRowsInSteps<T>(
  rows: readonly T[] | undefined,
  keyOf: (row: T) => unknown,
): { readonly shown: readonly T[] | undefined; readonly drawing: boolean } {
  const page = rows === undefined ? undefined : rows.map((row) => String(keyOf(row))).join('\u0001');
  const [drawn, setDrawn] = useState({ page, count: FIRST_ROWS });
  const count = drawn.page === page ? drawn.count : FIRST_ROWS;
  const drawing = rows !== undefined && count < rows.length;
  useEffect(() => {
    if (drawing) startTransition(() => setDrawn({ page, count: count + ROWS_PER_STEP }));
  }, [drawing, page, count]);
  const shown = useMemo(() => (rows !== undefined && count < rows.length ? rows.slice(0, count) : rows), [rows, count]);
  return { shown, drawing };
}

const keyOfElement = (row: ReactElement) => row.key;

/**
 * The body of a list's table (antd's `components.body.wrapper`), drawing the table's rows in steps
 * ({@link useRowsInSteps}). Stepping here, below the table, a step draws its new rows only: the
 * list screen, the table and the rows already drawn are not drawn again. The body is `aria-busy`
 * until the last row (the browser tests' `waitLoaded` waits for it); while it is, what the table
 * shows under the rows (totals, a tree's count, the pager) waits in place unseen (shell.css), as it
 * would otherwise move down at each step (a layout shift). A placeholder (the empty state, the
 * first answer's spinner) is drawn as it comes.
 */
export function SteppedBody(props: ComponentProps<'tbody'>) {
  const { children, ...body } = props;
  // rc-table hands the body its measuring row (or nothing) and its rows (or one placeholder).
  const [measure, rows] = Array.isArray(children) ? (children as [ReactNode, ReactNode]) : [null, children];
  const elements = Array.isArray(rows) ? (rows as ReactElement[]) : undefined;
  const steps = useRowsInSteps(elements, keyOfElement);
  return (
    <tbody {...body} aria-busy={steps.drawing || undefined}>
      {measure}
      {steps.shown ?? rows}
    </tbody>
  );
}

/** antd's `components` of a list's table: the body that draws its rows in steps. */
export const STEPPED_TABLE_COMPONENTS = { body: { wrapper: SteppedBody } } as const;
