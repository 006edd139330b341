import type { Key } from 'react';
import { useWideScreen } from '../../components/use-wide-screen';

/** Class name of a key column's header and cells (what the browser tests look for). */
export const KEY_COLUMN_CLASS = 'console-key-column';
/** Key of the row actions column. */
export const ACTIONS_COLUMN_KEY = '$actions';

/** What {@link pinKeyColumns} reads and sets on a column. */
interface PinnableColumn {
  readonly key?: Key;
  readonly fixed?: 'left' | 'right' | boolean;
  readonly className?: string;
}

/**
 * A table's columns with its key columns (identity, state, amount: `keyColumns` in
 * resources/define.ts) kept in sight however wide the table is: the identity, when it leads the
 * table, pinned on the left; the other key columns moved to the right end and pinned there
 * beside the pinned actions column; the rest scroll between them. Without `pin` (a phone, where
 * pinned columns would fill the width) nothing is pinned and the whole table scrolls. Key
 * columns carry {@link KEY_COLUMN_CLASS} either way.
 */
export function pinKeyColumns<C extends PinnableColumn>(args: { columns: readonly C[]; keys: readonly string[]; pin: boolean }): C[] {
  const { keys, pin } = args;
  const isKey = (column: C) => keys.includes(String(column.key));
  const mark = (column: C, fixed: PinnableColumn['fixed']): C => ({
    ...column,
    fixed,
    ...(isKey(column) ? { className: [column.className, KEY_COLUMN_CLASS].filter(Boolean).join(' ') } : {}),
  });
  if (!pin) return args.columns.map((column) => mark(column, undefined));
  const [first, ...rest] = args.columns;
  if (first === undefined) return [];
  const lead = isKey(first) && first.key !== ACTIONS_COLUMN_KEY ? [mark(first, 'left')] : [mark(first, undefined)];
  const actions = rest.filter((column) => column.key === ACTIONS_COLUMN_KEY).map((column) => mark(column, 'right'));
  const middle = rest.filter((column) => column.key !== ACTIONS_COLUMN_KEY && !isKey(column)).map((column) => mark(column, undefined));
  const right = rest.filter((column) => column.key !== ACTIONS_COLUMN_KEY && isKey(column)).map((column) => mark(column, 'right'));
  return [...lead, ...middle, ...right, ...actions];
}

/** True where pinned columns leave room to scroll the others (antd's `md`, 768 px, and wider). */
export function usePinsColumns(): boolean {
  return useWideScreen();
}
