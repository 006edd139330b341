import { Card, Skeleton } from 'antd';
import { useList, type BaseRecord } from '@refinedev/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { ResourceDef } from '../../../resources/define';
import { useDiscardGuard } from '../../components/use-discard-guard';
import type { ApiRecord } from '../../fields/field-kind';
import { RecordDetail } from './record-detail';
import { RecordForm } from './record-form';
import { rememberedListSearch } from './list-url-state';
import { COPY_PARAM, ID_PARAM, prefillOf, screenOfView, viewLocation, type GenericView } from './resource-routes';
import { useResourcePermissions } from './use-resource-permissions';
import { useTranslate } from './use-translate';

/**
 * Leaves a routed view: to the list when there is one (on the page, filters and sort it last
 * showed), otherwise back where the user came from inside the console, or to the home page when
 * the view was the first page opened (a link or a typed address): never out of the console.
 */
function useLeave(resource: ResourceDef): () => void {
  const navigate = useNavigate();
  return () => {
    if (resource.route.screens.list === undefined) return cameFromTheConsole() ? navigate(-1) : navigate('/', { replace: true });
    const list = viewLocation(resource, 'list');
    return navigate({ pathname: list.pathname, search: rememberedListSearch(list.pathname) });
  };
}

/** True when the browser's previous entry is a page of the console (react-router counts them in `idx`). */
function cameFromTheConsole(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number' && state.idx > 0;
}

/**
 * After a save: the saved record's detail in place of the form (Back then goes where the form was
 * opened from), or, for a resource without a detail, where {@link useLeave} goes.
 */
function useShowSaved(resource: ResourceDef): (saved: ApiRecord) => void {
  const navigate = useNavigate();
  const leave = useLeave(resource);
  return (saved) => {
    const id = saved.id;
    if (typeof id !== 'string' && typeof id !== 'number') return leave();
    if (screenOfView(resource, 'dtl') === undefined && resource.route.screens.list === undefined) return leave();
    // The record goes along: a detail route guarded by its `recordQuery` fields needs them.
    navigate(viewLocation(resource, 'dtl', id, saved), { replace: true });
  };
}

/**
 * The routed add / edit screen (`#/<group>/<entry>/<add or edit screen>[?id=7]`): editing when
 * the url names a record, adding otherwise. Saving shows the saved record's detail; cancelling
 * returns to the list, and with changes (or closing the tab) asks before discarding them.
 */
export function RecordFormPage(props: { readonly resource: ResourceDef }) {
  const t = useTranslate();
  const [params] = useSearchParams();
  const leave = useLeave(props.resource);
  const showSaved = useShowSaved(props.resource);
  const id = params.get(ID_PARAM) ?? undefined;
  const copyFrom = id === undefined ? (params.get(COPY_PARAM) ?? undefined) : undefined;
  const title = t(id === undefined ? 'screens.addTitle' : 'screens.editTitle', { name: t(`res.${props.resource.name}`) });
  const [dirty, setDirty] = useState(false);
  const guard = useDiscardGuard(dirty);
  return (
    <Card title={title}>
      <RecordForm
        key={id ?? `copy:${copyFrom ?? ''}`}
        resource={props.resource}
        id={id}
        copyFrom={copyFrom}
        prefill={id === undefined ? prefillOf(params) : undefined}
        columns={2}
        onSaved={(saved) => guard.saved(() => showSaved(saved))}
        onCancel={() => guard(leave)}
        onDirtyChange={setDirty}
      />
    </Card>
  );
}

/**
 * The first query parameter naming a unique, filterable field of the resource
 * (`?number=CT00000007`): a detail linked by its business key rather than its id.
 */
function keyOfQuery(resource: ResourceDef, params: URLSearchParams): { field: string; value: string } | undefined {
  for (const [name, field] of Object.entries(resource.fields)) {
    const value = params.get(name);
    if (field.unique === true && field.filter !== undefined && value) return { field: name, value };
  }
  return undefined;
}

/** Finds the id of the record whose unique field holds `value` (undefined while looking, null when none). */
function useIdByKey(resource: ResourceDef, key: { field: string; value: string } | undefined): string | null | undefined {
  const found = useList<BaseRecord>({
    resource: resource.name,
    filters: key ? [{ field: key.field, operator: 'eq', value: key.value }] : [],
    pagination: { current: 1, pageSize: 20 },
    queryOptions: { enabled: key !== undefined },
    errorNotification: false,
  });
  if (key === undefined) return null;
  if (found.isLoading) return undefined;
  // The field's filter may match more loosely (a prefix); the key is the exact value.
  const record = found.data?.data.find((row) => String(row[key.field]) === key.value);
  return record?.id === undefined ? null : String(record.id);
}

/**
 * The routed detail screen (`#/<group>/<entry>/<dtl screen>?id=7`), or of the record named by a
 * unique field (`?number=CT00000007`).
 */
export function RecordDetailPage(props: { readonly resource: ResourceDef }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const leave = useLeave(props.resource);
  const permissions = useResourcePermissions(props.resource);
  const t = useTranslate();
  const byId = params.get(ID_PARAM);
  const byKey = useIdByKey(props.resource, byId === null ? keyOfQuery(props.resource, params) : undefined);
  const id = byId ?? byKey;
  const open = (view: GenericView, recordId?: string | number, record?: ApiRecord) =>
    navigate(viewLocation(props.resource, view, recordId, record));
  return (
    <Card>
      {id === undefined ? (
        <Skeleton active />
      ) : id === null ? (
        t('screens.notFound')
      ) : (
        <RecordDetail resource={props.resource} id={id} columns={2} permissions={permissions} onOpen={open} onDeleted={leave} />
      )}
    </Card>
  );
}
