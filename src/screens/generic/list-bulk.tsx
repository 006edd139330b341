/**
 * Bulk actions of the generic list: with rows selected, each state action this user may take and
 * delete apply to the selected records the life cycle allows (the others are left alone and
 * counted). Actions that ask a reason per record are not offered in bulk. One confirmation, then
 * one call per record; the result says how many succeeded and how many failed.
 */
import { Button } from 'antd';
import type { HookAPI } from 'antd/es/modal/useModal';
import { App } from 'antd';
import type { RecordCommands } from './record-commands';
import { useState } from 'react';
import type { ResourceDef } from '../../../resources/define';
import { runStateAction } from '../../../providers/data';
import type { ApiRecord } from '../../fields/field-kind';
import { allowedStateActions, isDeletable } from './record-state';
import type { ResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

interface BulkAction {
  readonly key: string;
  readonly label: string;
  readonly danger: boolean;
  /** The selected records this action applies to. */
  readonly applies: (record: ApiRecord) => boolean;
  readonly run: (record: ApiRecord) => Promise<unknown>;
}

/**
 * The state actions offered in bulk: those this user may take, asking no reason, and with a button
 * at all (a server action, such as a member's activation by their channel, has no route: in bulk
 * it was a button no selection could enable).
 */
function bulkStateActions(resource: ResourceDef, permissions: ResourcePermissions): string[] {
  return Object.entries(resource.states?.actions ?? {})
    .filter(([name, action]) => permissions.actions[name] && !action.reason && !action.server)
    .map(([name]) => name);
}

/** True when the list has something to do with selected rows (so it offers selection). */
export function bulkAvailable(resource: ResourceDef, permissions: ResourcePermissions): boolean {
  const deletable = permissions.delete && resource.deletable !== false;
  return deletable || bulkStateActions(resource, permissions).length > 0;
}

/** Props of {@link BulkActions}. */
export interface BulkActionsProps {
  readonly resource: ResourceDef;
  readonly permissions: ResourcePermissions;
  readonly selected: readonly ApiRecord[];
  readonly modal: HookAPI;
  /** Delete, from the list's `useRecordCommands()`. */
  readonly commands: RecordCommands;
  /** After a bulk run: clear the selection and reload. */
  readonly onDone: () => Promise<void>;
}

/** The bulk buttons, shown while rows are selected. */
export function BulkActions(props: BulkActionsProps) {
  const { resource, permissions, selected } = props;
  const t = useTranslate();
  const { message } = App.useApp();
  const [busy, setBusy] = useState<string>();
  if (selected.length === 0) return null;

  const versionOf = (record: ApiRecord) => (typeof record.version === 'number' ? record.version : undefined);
  const actions: BulkAction[] = bulkStateActions(resource, permissions).map((name) => ({
    key: name,
    label: t(`res.${resource.name}.action.${name}`),
    danger: resource.states?.actions[name].danger === true,
    applies: (record) => allowedStateActions(resource, record).some(([allowed]) => allowed === name),
    run: (record) =>
      runStateAction({ resource: resource.name, action: name, id: record.id as string | number, version: versionOf(record) }),
  }));
  if (permissions.delete && resource.deletable !== false) {
    actions.push({
      key: '$delete',
      label: t('screens.delete'),
      danger: true,
      applies: (record) => isDeletable(resource, record),
      run: (record) => props.commands.remove({ resource: resource.name, id: record.id as string | number, version: versionOf(record) }),
    });
  }

  const start = (action: BulkAction) => {
    const targets = selected.filter(action.applies);
    void props.modal.confirm({
      title: t('screens.bulk.confirm', { action: action.label, count: targets.length }),
      content: targets.length < selected.length ? t('screens.bulk.skipped', { count: selected.length - targets.length }) : undefined,
      okButtonProps: { danger: action.danger },
      onOk: async () => {
        setBusy(action.key);
        let failed = 0;
        for (const record of targets) {
          try {
            await action.run(record);
          } catch {
            failed += 1;
          }
        }
        setBusy(undefined);
        const done = targets.length - failed;
        if (failed === 0) void message.success(t('screens.bulk.done', { count: done }));
        else void message.warning(t('screens.bulk.partly', { count: done, failed }));
        await props.onDone();
      },
    });
  };

  return (
    <>
      {actions.map((action) => {
        const count = selected.filter(action.applies).length;
        return (
          <Button
            key={action.key}
            danger={action.danger}
            disabled={count === 0}
            loading={busy === action.key}
            onClick={() => start(action)}
          >
            {t('screens.bulk.button', { action: action.label, count })}
          </Button>
        );
      })}
    </>
  );
}
