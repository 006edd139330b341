import { startTransition, useEffect, useState } from 'react';

/**
 * False in a component's first drawing, true from a background render (a transition) right after
 * it: a screen draws what the eye reads first (its title and filters) in one drawing and the rest
 * (its toolbar and table) in the next, two shorter blocks of a phone's main thread instead of one
 * (Lighthouse's mobile run counts every block over 50 ms as blocking time).
 */
export function useAfterFirstDrawing(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => startTransition(() => setAfter(true)), []);
  return after;
}
