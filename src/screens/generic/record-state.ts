/**
 * Facts about one record under its declaration: its title, its state, and which state actions,
 * edits and deletions the life cycle allows from that state. Pure; permissions are checked apart.
 */
import type { ResourceDef, StateAction } from '../../../resources/define';
import type { ApiRecord } from '../../fields/field-kind';

/** The text that names a record (delete confirmation, detail header). */
export function recordTitle(resource: ResourceDef, record: ApiRecord): string {
  const title = record[resource.titleField];
  return title === null || title === undefined || title === '' ? String(record.id ?? '') : String(title);
}

/** The record's state, when the resource has a life cycle. */
export function recordStateOf(resource: ResourceDef, record: ApiRecord): string | undefined {
  if (!resource.states) return undefined;
  const state = record[resource.states.field];
  return state === null || state === undefined ? undefined : String(state);
}

/** The state actions allowed from the record's state, in declaration order. */
export function allowedStateActions(resource: ResourceDef, record: ApiRecord): [string, StateAction][] {
  const state = recordStateOf(resource, record);
  // A server action (a background run's end) has no button.
  return Object.entries(resource.states?.actions ?? {}).filter(
    ([, action]) => state !== undefined && !action.server && action.from.includes(state),
  );
}

/** True when the life cycle lets the record be edited. */
export function isEditable(resource: ResourceDef, record: ApiRecord): boolean {
  const allowed = resource.states?.editableIn;
  if (!allowed) return true;
  const state = recordStateOf(resource, record);
  return state !== undefined && allowed.includes(state);
}

/** True when the declaration and the life cycle let the record be deleted. */
export function isDeletable(resource: ResourceDef, record: ApiRecord): boolean {
  if (resource.deletable === false) return false;
  const allowed = resource.states?.deletableIn;
  if (!allowed) return true;
  const state = recordStateOf(resource, record);
  return state !== undefined && allowed.includes(state);
}

/** 创建人 / 修改人 by name: the server's `_titles.createdBy.<id>`, else the id. */
export function personName(record: ApiRecord, name: string): unknown {
  const id = record[name];
  if (id === null || id === undefined) return id;
  const names = (record._titles as Record<string, Record<string, string> | undefined> | undefined)?.[name];
  return names?.[String(id)] ?? id;
}
