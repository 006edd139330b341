/**
 * A declared action on one row of a query view (resources/query-view.ts `actions`): a link
 * button shown to whoever holds one of its grants (on the rows its `when` names), asking first, then `POST <path>?id=<key>`;
 * the list reloads once it is done. The server's route checks the grant again.
 */
import { useCan } from '@refinedev/core';
import { Button, Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { apiPost } from '../../../providers/http';
import type { PermissionRef } from '../../../resources/catalog/types';
import type { QueryViewDef } from '../../../resources/query-view';
import { useAction } from '../../components/use-action';
import type { Translate } from '../../fields/field-kind';
import type { ViewRow } from './query-view-api';

/** Its children when the user holds one of the grants (each asked in turn), else nothing. */
function Granted(props: { readonly grants: readonly PermissionRef[]; readonly children: ReactNode }) {
  const [first, ...rest] = props.grants;
  const { data } = useCan({ resource: first?.resourceId ?? '', action: first?.action ?? '', params: { resourceId: first?.resourceId } });
  if (!first) return null;
  if (data?.can === true) return <>{props.children}</>;
  return rest.length > 0 ? <Granted grants={rest}>{props.children}</Granted> : null;
}

export function RowAction(props: {
  readonly t: Translate;
  readonly view: QueryViewDef;
  readonly name: string;
  readonly row: ViewRow;
  readonly onDone: () => void;
}) {
  const { t, view, name, row } = props;
  const action = view.actions?.[name];
  const run = useAction();
  if (!action) return null;
  if (action.when && !action.when.values.includes(String(row[action.when.column]))) return null;
  const key = `res.${view.name}.action.${name}`;
  return (
    <Granted grants={action.access}>
      <Popconfirm
        title={t(`${key}.confirm`)}
        onConfirm={async () => {
          if (await run(() => apiPost(action.path, { params: { id: row[view.key] } }), t(`${key}.done`))) props.onDone();
        }}
      >
        <Button type="link" size="small" data-testid={`row-action-${name}`}>
          {t(key)}
        </Button>
      </Popconfirm>
    </Granted>
  );
}
