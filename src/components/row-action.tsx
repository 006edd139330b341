import { LoadingOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import './row-action.css';

/** Props of {@link RowAction}. */
export interface RowActionProps {
  readonly children: ReactNode;
  readonly onClick?: () => void;
  /** An action that takes something away (delete, freeze): in the error colour. */
  readonly danger?: boolean;
  readonly disabled?: boolean;
  /** The action is running: a spinner before the label, and further clicks do nothing. */
  readonly busy?: boolean;
  /** The id of a text saying why the action is disabled. */
  readonly describedBy?: string;
}

/**
 * An action in a table row (详情, 编辑, 删除 …): a native button drawn like antd's small link
 * button. A page of a list has twenty rows of two to five actions; antd's Button brings its own
 * components and style hooks to each (about a fifth of a list's first drawing on a phone), this
 * brings none. Outside table rows, antd's Button stays the console's button.
 */
export function RowAction(props: RowActionProps) {
  return (
    <button
      type="button"
      className={props.danger ? 'console-row-action console-row-action-danger' : 'console-row-action'}
      disabled={props.disabled}
      aria-busy={props.busy || undefined}
      aria-describedby={props.describedBy}
      onClick={props.busy ? undefined : props.onClick}
    >
      {props.busy ? <LoadingOutlined /> : null}
      {props.children}
    </button>
  );
}
