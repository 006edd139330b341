/**
 * What a domain of the browser declares about itself (one `<domain>.manifest.ts(x)` per folder of
 * `src/views/`, plus the file centre's): its hand-made screens, and what it adds to the generic
 * screens of any resource (detail tabs, list toolbar items, form section drawings). The central
 * registries (the router's screens, the slots the generic screens read) are derived from the
 * list of manifests in `manifests.ts`; nothing registers itself by being imported.
 *
 * A manifest holds plain data and loaders: a screen's code, and a slot's component (`lazySlot`),
 * are fetched when first shown, so listing a manifest costs the first screen nothing.
 */
import type { ComponentType, ReactNode } from 'react';
import type { FormInstance } from 'antd';
import type { PermissionRef } from '../../resources/catalog/types';
import type { ApiRecord, Translate } from '../fields/field-kind';
import type { ListQuery } from './generic/list-query';

/** A screen module loaded on demand: its default export is the screen component. */
export type ScreenLoader = () => Promise<{ default: ComponentType }>;

/** What a detail tab draws from. */
export interface DetailTabArgs {
  /** Name of the resource whose detail it is (a view's own name for views of one table). */
  readonly resource: string;
  readonly record: ApiRecord;
  readonly t: Translate;
}

/** A tab a domain adds to a resource's detail. */
export interface DetailTab {
  /** Unique within the resource's tabs. */
  readonly key: string;
  /** i18n key of the tab's title. */
  readonly title: string;
  readonly render: (args: DetailTabArgs) => ReactNode;
  /** Permission the tab needs; without it the tab is not offered. */
  readonly requires?: PermissionRef;
  /**
   * Whether the record shown has the tab (default: every record): a tab of one kind on a detail
   * that shows records of several kinds (a menu entry's list of its activity kinds).
   */
  readonly shownFor?: (record: ApiRecord) => boolean;
}

/**
 * A task a domain offers on a resource's detail, one click away (the member's "Issue coupons",
 * "Adjust points"): it opens another resource's add form filled with values taken from the record
 * (`?values=`, resource-routes.ts `prefillLocation`); the save is that form's, with its checks.
 */
export interface DetailAction {
  /** Unique within the resource's actions. */
  readonly key: string;
  /** i18n key of the button's text. */
  readonly title: string;
  /** API name of the resource whose add form opens. */
  readonly opens: string;
  /** The values the form starts with, from the record shown (`{ lines: [{ member: 7 }] }`). */
  readonly values: (record: ApiRecord) => Readonly<Record<string, unknown>>;
  /** Permission the action needs besides saving the opened form (which it always needs). */
  readonly requires?: PermissionRef;
}

/** What a list toolbar item receives: the list's query and what the user may do with it. */
export interface ListToolbarArgs extends ListQuery {
  /** Reloads the list (after an import, after cards were made). */
  readonly reload: () => void;
  /** The user may export (read) and import (write) this resource. */
  readonly may: { readonly export: boolean; readonly import: boolean };
  readonly t: Translate;
}

/** An item a domain adds to a resource's list toolbar, left of the list tools. */
export interface ListToolbarItem {
  /** Unique within the resource's items. */
  readonly key: string;
  readonly render: (args: ListToolbarArgs) => ReactNode;
  /** Permission the item needs; without it the item is not offered. */
  readonly requires?: PermissionRef;
  /**
   * The item is this list's way to create (an activity entry's "New activity ▾" menu of kinds):
   * the generic New is not shown beside it, so there is one way to create.
   */
  readonly replacesNew?: boolean;
}

/** What a form section drawing receives. */
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

/** A domain's drawing of one declared form section (a rule editor, a preview beside the fields). */
export interface FormSectionRenderer {
  /** The declared section's key. */
  readonly key: string;
  readonly render: (args: FormSectionArgs) => ReactNode;
}

/** Slots by the declared name of the resource they belong to (`*` in toolbar items: every list). */
type ByResource<T> = Readonly<Record<string, readonly T[]>>;

/** One domain of the browser. */
export interface DomainManifest {
  /** The domain's name (its catalogue group, or `files` for the file centre). */
  readonly domain: string;
  /**
   * Hand-made screens (slot overrides: more than CRUD), keyed `group/entry/screen` exactly as the
   * catalogue names them; they win over the generic screen of a declaration naming the same key.
   */
  readonly screens?: Readonly<Record<string, ScreenLoader>>;
  /** Tabs after a resource's own on its detail (a view of one table also gets its table's). */
  readonly detailTabs?: ByResource<DetailTab>;
  /** Items in a resource's list toolbar; under `*`, in every list's. */
  readonly toolbarItems?: ByResource<ListToolbarItem>;
  /** Drawings of declared form sections, by resource. */
  readonly formSections?: ByResource<FormSectionRenderer>;
  /** Tasks on a resource's detail that open another form filled from the record. */
  readonly detailActions?: ByResource<DetailAction>;
}

/** The slots of every resource, derived from manifests. */
export interface ScreenSlots {
  readonly detailTabs: ReadonlyMap<string, readonly DetailTab[]>;
  readonly toolbarItems: ReadonlyMap<string, readonly ListToolbarItem[]>;
  readonly formSections: ReadonlyMap<string, readonly FormSectionRenderer[]>;
  readonly detailActions: ReadonlyMap<string, readonly DetailAction[]>;
}

/** Every manifest's hand-made screens in one record; a key claimed twice is a mistake. */
export function screensOf(manifests: readonly DomainManifest[]): Readonly<Record<string, ScreenLoader>> {
  const screens: Record<string, ScreenLoader> = {};
  for (const manifest of manifests) {
    for (const [key, loader] of Object.entries(manifest.screens ?? {})) {
      if (screens[key]) throw new Error(`screen ${key} is declared twice (${manifest.domain})`);
      screens[key] = loader;
    }
  }
  return screens;
}

function merged<T extends { key: string }>(
  manifests: readonly DomainManifest[],
  part: (manifest: DomainManifest) => ByResource<T> | undefined,
): ReadonlyMap<string, readonly T[]> {
  const byResource = new Map<string, T[]>();
  for (const manifest of manifests) {
    for (const [resource, slots] of Object.entries(part(manifest) ?? {})) {
      const list = byResource.get(resource) ?? [];
      for (const slot of slots) {
        if (list.some((other) => other.key === slot.key))
          throw new Error(`${resource}: slot ${slot.key} is declared twice (${manifest.domain})`);
        list.push(slot);
      }
      byResource.set(resource, list);
    }
  }
  return byResource;
}

/** The slots of every resource, in the order of the manifests and of each manifest's lists. */
export function slotsOf(manifests: readonly DomainManifest[]): ScreenSlots {
  return {
    detailTabs: merged(manifests, (m) => m.detailTabs),
    toolbarItems: merged(manifests, (m) => m.toolbarItems),
    formSections: merged(manifests, (m) => m.formSections),
    detailActions: merged(manifests, (m) => m.detailActions),
  };
}
