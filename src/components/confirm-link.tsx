import { App } from 'antd';
import type { ReactNode } from 'react';
import { RowAction } from './row-action';

/** Props of {@link ConfirmLink}. */
export interface ConfirmLinkProps {
  /** The question asked before acting. */
  readonly title: ReactNode;
  /** A second line under the question (consequences). */
  readonly description?: ReactNode;
  /** The action; the OK button shows a spinner until its promise settles. */
  readonly onConfirm: () => Promise<unknown>;
  readonly danger?: boolean;
  readonly children: ReactNode;
}

/**
 * A table-row action that asks first, in a confirmation dialog (as the generic lists' row actions
 * do, record-actions.tsx): the dialog holds the focus and gives it back to the link.
 */
export function ConfirmLink(props: ConfirmLinkProps) {
  const { modal } = App.useApp();
  return (
    <RowAction
      danger={props.danger}
      onClick={() =>
        void modal.confirm({
          title: props.title,
          content: props.description,
          okButtonProps: { danger: props.danger },
          onOk: () => props.onConfirm().catch(() => undefined),
        })
      }
    >
      {props.children}
    </RowAction>
  );
}
