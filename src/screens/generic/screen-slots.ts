/**
 * Slots, not copies: modules add to the generic screens of a resource instead of copying them.
 *
 * ```ts
 * registerDetailTab('member', { key: 'coupons', title: 'coupon.tab', requires: { resourceId: '券/券查询', action: '查看' },
 *   render: ({ record }) => <MemberCoupons memberId={record.id} /> });
 * registerListAction('gadget', { key: 'print', render: (list) => <PrintButton query={list.request} /> });
 * ```
 *
 * `registerFormSection('promotion', { key: 'rule', render: ({ fields }) => <RuleEditor>{fields}</RuleEditor> })`
 * draws one declared form section its own way (still inside the generic form, its save and rules).
 *
 * A detail with registered tabs shows its declared sections as the first tab and the modules'
 * tabs after it; a list shows registered actions in its toolbar beside New. `requires` hides a
 * slot from users without that permission (asked of refine's access control provider, so the
 * same rules as every other button); the server checks the calls anyway. Register at module load
 * (a view module's top level), before the screens render.
 */
import type { FormInstance } from 'antd';
import type { ReactNode } from 'react';
import type { PermissionRef } from '../../../resources/catalog/types';
import type { ApiRecord, Translate } from '../../fields/field-kind';
import { usePermitted } from '../../components/use-permitted';
import type { ListToolbarArgs } from './list-slots';

/** What a detail tab draws from. */
export interface DetailTabArgs {
  /** Name of the resource whose detail it is (a view's own name for views of one table). */
  readonly resource: string;
  readonly record: ApiRecord;
  readonly t: Translate;
}

/** A tab a module adds to a resource's detail. */
export interface DetailTab {
  /** Unique within the resource's tabs. */
  readonly key: string;
  /** i18n key of the tab's title. */
  readonly title: string;
  readonly render: (args: DetailTabArgs) => ReactNode;
  /** Permission the tab needs; without it the tab is not offered. */
  readonly requires?: PermissionRef;
}

/** An action a module adds to a resource's list toolbar. */
export interface ListAction {
  /** Unique within the resource's actions. */
  readonly key: string;
  readonly render: (args: ListToolbarArgs) => ReactNode;
  /** Permission the action needs; without it the action is not offered. */
  readonly requires?: PermissionRef;
}

/** What a form section renderer draws from. */
export interface FormSectionArgs {
  /** Name of the resource whose form it is. */
  readonly resource: string;
  /** The section's declared fields as the generic form would draw them (to wrap or rearrange). */
  readonly fields: ReactNode;
  /** The form's antd instance (read or set values). */
  readonly form: FormInstance;
  /** Editing a stored record (false when adding). */
  readonly editing: boolean;
  readonly record?: ApiRecord;
  readonly t: Translate;
}

/** A module's drawing of one declared form section (a rule editor, a preview beside the fields). */
export interface FormSectionRenderer {
  /** The declared section's key. */
  readonly key: string;
  readonly render: (args: FormSectionArgs) => ReactNode;
}

const formSections = new Map<string, FormSectionRenderer[]>();
const detailTabs = new Map<string, DetailTab[]>();
const listActions = new Map<string, ListAction[]>();

function register<T extends { key: string }>(registry: Map<string, T[]>, resource: string, slot: T): void {
  // Registering a key again replaces it (a module reloaded in development).
  const others = (registry.get(resource) ?? []).filter((entry) => entry.key !== slot.key);
  registry.set(resource, [...others, slot]);
}

/** Adds a tab to the detail of `resource` (by its declared name). */
export function registerDetailTab(resource: string, tab: DetailTab): void {
  register(detailTabs, resource, tab);
}

/** Adds an action to the list toolbar of `resource` (by its declared name). */
export function registerListAction(resource: string, action: ListAction): void {
  register(listActions, resource, action);
}

/** Draws the section `key` of the form of `resource` with `render` instead of the plain field grid. */
export function registerFormSection(resource: string, renderer: FormSectionRenderer): void {
  register(formSections, resource, renderer);
}

/** A resource as the slots know it: its name, and the table it is a view of. */
export interface SlotOwner {
  readonly name: string;
  readonly viewOf?: string;
}

// A view of one table (standard-member of member) inherits the slots of the table's resource.
function slotsOf<T>(registry: Map<string, T[]>, owner: SlotOwner): readonly T[] {
  return [...(owner.viewOf !== undefined ? (registry.get(owner.viewOf) ?? []) : []), ...(registry.get(owner.name) ?? [])];
}

/** The tabs registered for a resource (and the resource it is a view of), in registration order. */
export function detailTabsOf(owner: SlotOwner): readonly DetailTab[] {
  return slotsOf(detailTabs, owner);
}

/** The toolbar actions registered for a resource (and the resource it is a view of). */
export function listActionsOf(owner: SlotOwner): readonly ListAction[] {
  return slotsOf(listActions, owner);
}

/** The renderer registered for a form section, if any. */
export function formSectionOf(owner: SlotOwner, key: string): FormSectionRenderer | undefined {
  return slotsOf(formSections, owner).find((renderer) => renderer.key === key);
}

/** Removes a resource's registrations (tests). */
export function clearScreenSlots(resource: string): void {
  formSections.delete(resource);
  detailTabs.delete(resource);
  listActions.delete(resource);
}

/** The slots this user may see (see {@link usePermitted}). */
export const usePermittedSlots = usePermitted;
