import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';

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

/** A table-row link that asks for confirmation (antd Popconfirm) before running its action. */
export function ConfirmLink(props: ConfirmLinkProps) {
  return (
    <Popconfirm
      title={props.title}
      description={props.description}
      okButtonProps={{ danger: props.danger }}
      onConfirm={() => props.onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={props.danger}>
        {props.children}
      </Button>
    </Popconfirm>
  );
}
