import { App, Button, Space, Tooltip } from 'antd';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ResourceDef, StateAction } from '../../../resources/define';
import { RowAction } from '../../components/row-action';
import { runStateAction } from '../../../providers/data';
import type { ApiRecord } from '../../fields/field-kind';
import { alreadyReported, errorText } from './call-errors';
import { ReasonDialog } from './reason-dialog';
import { approvalBlock } from './record-approval';
import { allowedStateActions, isDeletable, isEditable, recordTitle } from './record-state';
import type { RecordCommands } from './record-commands';
import { copyLocation, type GenericView } from './resource-routes';
import type { ResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/** How one action's button is drawn. */
interface ButtonExtra {
  readonly danger?: boolean;
  readonly onClick?: () => void;
  readonly primary?: boolean;
  readonly disabled?: boolean;
  /** The id of the text saying why it is disabled. */
  readonly describedBy?: string;
}

/** Props of {@link RecordActions}. */
export interface RecordActionsProps {
  readonly resource: ResourceDef;
  readonly record: ApiRecord;
  readonly permissions: ResourcePermissions;
  /** Delete and refresh, from the screen's one `useRecordCommands()` (not one per row). */
  readonly commands: RecordCommands;
  /** Links in a table row, or buttons in a detail header. */
  readonly variant: 'link' | 'button';
  /** Offer the detail view (rows do, the detail page itself does not). */
  readonly withDetail?: boolean;
  /** Opens another view of this record (given too, for routes that carry its fields). */
  readonly onOpen: (view: GenericView, id: string | number, record?: ApiRecord) => void;
  /** Called after the record was deleted. */
  readonly onDeleted?: () => void;
}

/**
 * The actions on one record that this user may do now: detail, edit (while the state allows),
 * the state actions allowed from the record's state (confirmed first when declared; a dialog
 * asks the reason of an action that takes one; the action that applies a record's value disabled,
 * with the reason, for a user who made its amounts when a second person must approve it), and delete
 * (confirmed, naming the record). Lists and details refresh through refine's invalidation, of
 * the whole resource: a detail read earlier under the url's id ("7", where the row says 7) is not
 * shown again from the cache with the state it had before the action.
 */
export function RecordActions(props: RecordActionsProps) {
  const { resource, record, permissions, commands } = props;
  const t = useTranslate();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [busy, setBusy] = useState<string>();
  // The state action whose reason dialog is open.
  const [asking, setAsking] = useState<string>();
  const id = record.id as string | number;
  const title = recordTitle(resource, record);
  const version = typeof record.version === 'number' ? record.version : undefined;
  const link = props.variant === 'link';

  const run = async (key: string, task: () => Promise<unknown>, done: string): Promise<boolean> => {
    setBusy(key);
    try {
      await task();
      void message.success(t(done));
      return true;
    } catch (error) {
      if (!alreadyReported(error)) void message.error(errorText(error));
      return false;
    } finally {
      setBusy(undefined);
    }
  };

  const refreshResource = () => commands.refresh(resource.name);

  const runAction = (name: string) =>
    run(
      name,
      async () => {
        await runStateAction({ resource: resource.name, action: name, id, version });
        await refreshResource();
      },
      'screens.done',
    );

  // The reason dialog reports success and errors itself (a 400 on `reason` shows on the field).
  const runWithReason = async (name: string, reason: string) => {
    await runStateAction({ resource: resource.name, action: name, id, version, reason });
    await refreshResource();
  };

  const runDelete = async () => {
    const ok = await run('$delete', () => commands.remove({ resource: resource.name, id, version }), 'screens.deleted');
    if (ok) props.onDeleted?.();
  };

  // A row's actions are light buttons (RowAction); a detail's are antd's.
  const button = (key: string, label: string, extra: ButtonExtra = {}): ReactNode =>
    link ? (
      <RowAction
        key={key}
        danger={extra.danger}
        disabled={extra.disabled}
        describedBy={extra.describedBy}
        busy={busy === key}
        onClick={extra.onClick}
      >
        {label}
      </RowAction>
    ) : (
      <Button
        key={key}
        type={extra.primary ? 'primary' : 'default'}
        danger={extra.danger}
        disabled={extra.disabled}
        aria-describedby={extra.describedBy}
        loading={busy === key}
        onClick={extra.onClick}
      >
        {label}
      </Button>
    );

  // Asked in a dialog, which holds the focus and gives it back to the button when it closes; its
  // OK button spins until the action has run.
  const confirmed = (key: string, question: string, onConfirm: () => Promise<unknown>, label: string, danger?: boolean): ReactNode =>
    button(key, label, {
      danger,
      onClick: () =>
        void modal.confirm({
          title: question,
          okButtonProps: { danger: key === '$delete' },
          onOk: () => onConfirm(),
        }),
    });

  const stateButton = ([name, action]: [string, StateAction]): ReactNode => {
    const label = t(`res.${resource.name}.action.${name}`);
    // The value approval rule: a maker may not apply value above the threshold (record-approval.tsx).
    const blocked = approvalBlock(record, name);
    if (blocked) {
      const reasonId = `${name}-blocked-${String(id)}`;
      return (
        <Tooltip key={name} title={t(blocked)}>
          <span>
            {button(name, label, { disabled: true, describedBy: reasonId })}
            <span id={reasonId} hidden>
              {t(blocked)}
            </span>
          </span>
        </Tooltip>
      );
    }
    if (action.reason) return button(name, label, { danger: action.danger, onClick: () => setAsking(name) });
    if (!action.confirm) return button(name, label, { danger: action.danger, onClick: () => void runAction(name) });
    return confirmed(name, t(`res.${resource.name}.action.${name}.confirm`, { title }), () => runAction(name), label, action.danger);
  };

  const items: ReactNode[] = [];
  if (props.withDetail && permissions.show)
    items.push(button('$dtl', t('screens.detail'), { onClick: () => props.onOpen('dtl', id, record) }));
  if (permissions.edit && isEditable(resource, record)) {
    items.push(button('$edit', t('screens.edit'), { onClick: () => props.onOpen('edit', id, record), primary: true }));
  }
  for (const entry of allowedStateActions(resource, record)) if (permissions.actions[entry[0]]) items.push(stateButton(entry));
  // A copy is a new record: offered in any state to whoever may create.
  if (resource.copyable && permissions.create) {
    items.push(button('$copy', t('screens.copy'), { onClick: () => navigate(copyLocation(resource, id)) }));
  }
  if (permissions.delete && isDeletable(resource, record)) {
    items.push(confirmed('$delete', t('screens.confirmDeleteNamed', { title }), runDelete, t('screens.delete'), true));
  }
  if (items.length === 0) return null;
  const asked = asking !== undefined ? resource.states?.actions[asking] : undefined;
  return (
    <>
      {link ? (
        <span className="console-row-actions">{items}</span>
      ) : (
        <Space size={8} wrap>
          {items}
        </Space>
      )}
      {asking !== undefined && asked ? (
        <ReasonDialog
          title={`${t(`res.${resource.name}.action.${asking}`)} · ${title}`}
          question={asked.confirm ? t(`res.${resource.name}.action.${asking}.confirm`, { title }) : undefined}
          required={asked.reason === 'required'}
          onSubmit={(reason) => runWithReason(asking, reason)}
          onClose={() => setAsking(undefined)}
        />
      ) : null}
    </>
  );
}
