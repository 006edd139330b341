/**
 * The control of a form item that only carries a path's errors (a node's, the field's): the
 * condition builder's own items draw the value, so this draws nothing.
 */
export function ValueHolder(_props: { readonly value?: unknown }) {
  return null;
}
