// @vitest-environment jsdom
/**
 * A list's rows drawn a few at a time (src/screens/generic/rows-in-steps.tsx): all of a page in
 * the end, another page from its first step, and the same rows in a new array (an answer asked
 * again, or a data hook that hands a new array each time) left as drawn.
 */
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { useRowsInSteps } from '../../src/screens/generic/rows-in-steps';

const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ id: from + index }));
const idOf = (row: { id: number }) => row.id;

describe('rows in steps', () => {
  it('draws a page two rows at a time until all are drawn, and another page from its first step', async () => {
    const seen: number[] = [];
    const { result, rerender } = renderHook(
      ({ rows }) => {
        const steps = useRowsInSteps(rows, idOf);
        seen.push(steps.shown?.length ?? 0);
        return steps;
      },
      { initialProps: { rows: page(1, 12) } },
    );
    expect(seen[0]).toBe(2);
    await waitFor(() => expect(result.current.drawing).toBe(false));
    expect(result.current.shown).toHaveLength(12);
    expect([...new Set(seen)]).toEqual([2, 4, 6, 8, 10, 12]);

    seen.length = 0;
    rerender({ rows: page(100, 7) });
    await waitFor(() => expect(result.current.shown?.map(idOf)).toEqual(page(100, 7).map(idOf)));
    expect([...new Set(seen)]).toEqual([2, 4, 6, 7]);
  });

  it('keeps the same rows as drawn when they come again in a new array, every render', async () => {
    const { result, rerender } = renderHook(({ rows }) => useRowsInSteps(rows(), idOf), { initialProps: { rows: () => page(1, 12) } });
    await waitFor(() => expect(result.current.drawing).toBe(false));
    rerender({ rows: () => page(1, 12) });
    expect(result.current.drawing).toBe(false);
    expect(result.current.shown).toHaveLength(12);
  });
});
