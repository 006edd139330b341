import type { ReactNode } from 'react';
import { classes, useAntdScope } from './antd-scope';

/** antd's tag colours that are classes of their own (preset and status colours). */
const NAMED_COLOURS = new Set([
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
  'success',
  'processing',
  'error',
  'default',
  'warning',
]);

/**
 * A tag as antd's Tag draws it (a span with its classes, a named colour as a class, any other
 * colour as its background), for values shown in table cells: a page of a list shows one or two
 * in each of its twenty rows, and antd's Tag runs its style hooks and two style components for
 * each. Not closable, not clickable: where a tag does more, antd's Tag is used.
 */
export function LightTag(props: { readonly color?: string; readonly children?: ReactNode }) {
  const { prefix, hash } = useAntdScope();
  const tag = prefix('tag');
  const named = props.color !== undefined && NAMED_COLOURS.has(props.color);
  const colour = props.color === undefined ? undefined : named ? `${tag}-${props.color}` : `${tag}-has-color`;
  return (
    <span className={classes(tag, colour, hash)} style={props.color !== undefined && !named ? { backgroundColor: props.color } : undefined}>
      {props.children}
    </span>
  );
}
