/**
 * Slots, not copies: domains add to the generic screens of a resource instead of copying them,
 * by declaring it in their manifest (src/screens/manifest.ts):
 *
 * ```ts
 * detailTabs: { member: [{ key: 'coupons', title: 'coupon.tab', requires: { resourceId: '券/券查询', action: '数据查看' },
 *   render: ({ record }) => <MemberCoupons memberId={record.id} /> }] },
 * toolbarItems: { gadget: [{ key: 'print', render: (list) => <PrintButton query={list.request} /> }] },
 * formSections: { promotion: [{ key: 'rule', render: ({ fields }) => <RuleEditor>{fields}</RuleEditor> }] },
 * ```
 *
 * A detail with tabs shows its declared sections as the first tab and the domains' tabs after
 * it; a list shows its toolbar items beside New (those declared for every list, `*`, first). A
 * form section drawing draws one declared section its own way, still inside the generic form,
 * its save and rules. `requires` hides a slot from users without that permission (asked of
 * refine's access control provider, so the same rules as every other button); the server checks
 * the calls anyway.
 *
 * The generic screens read the slots of the manifests that hold slots of their resource
 * (`manifests.ts`: loaded with the screen, or here when a screen draws a resource's slots first)
 * unless {@link ScreenSlotsContext} provides others: a component test provides the slots of its
 * own manifests.
 */
import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { usePermitted } from '../../components/use-permitted';
import { loadedSlots, loadManifests, slotDomainsOf, slotsLoadedFor, subscribeManifests } from '../manifests';
import type { ApiRecord } from '../../fields/field-kind';
import type { DetailAction, DetailTab, FormSectionRenderer, ListToolbarItem, ScreenSlots } from '../manifest';

/** Slots a test provides instead of the manifests' (null: the manifests'). */
export const ScreenSlotsContext = createContext<ScreenSlots | null>(null);

/** A resource as the slots know it: its name, and the table it is a view of. */
export interface SlotOwner {
  readonly name: string;
  readonly viewOf?: string;
}

/** The slots of the manifests holding the owner's: loads them if need be, and draws again when they come. */
function useSlots(owner: SlotOwner): ScreenSlots {
  const provided = useContext(ScreenSlotsContext);
  const slots = useSyncExternalStore(subscribeManifests, loadedSlots, loadedSlots);
  const { name, viewOf } = owner;
  const missing = provided === null && !slotsLoadedFor({ name, viewOf });
  useEffect(() => {
    if (missing) loadManifests(slotDomainsOf({ name, viewOf })).catch((error: unknown) => console.error(error));
  }, [missing, name, viewOf]);
  return provided ?? slots;
}

// A view of one table (standard-member of member) inherits the slots of the table's resource.
function ownedBy<T>(registry: ReadonlyMap<string, readonly T[]>, owner: SlotOwner): readonly T[] {
  return [...(owner.viewOf !== undefined ? (registry.get(owner.viewOf) ?? []) : []), ...(registry.get(owner.name) ?? [])];
}

/** The detail tabs of a resource (and of the resource it is a view of), in manifest order. */
export function useDetailTabs(owner: SlotOwner): readonly DetailTab[] {
  return usePermitted(ownedBy(useSlots(owner).detailTabs, owner));
}

/** The detail tabs the record shown has (a tab may apply to some records only: `DetailTab.shownFor`). */
export function tabsOfRecord(tabs: readonly DetailTab[], record: ApiRecord): readonly DetailTab[] {
  return tabs.filter((tab) => tab.shownFor?.(record) ?? true);
}

/** The toolbar items of a resource's list that this user may see: every list's first. */
export function useToolbarItems(owner: SlotOwner): readonly ListToolbarItem[] {
  const slots = useSlots(owner).toolbarItems;
  return usePermitted([...(slots.get('*') ?? []), ...ownedBy(slots, owner)]);
}

/** The drawings of a resource's form sections: the one of a section key, if a manifest declares one. */
export function useFormSections(owner: SlotOwner): (key: string) => FormSectionRenderer | undefined {
  const renderers = ownedBy(useSlots(owner).formSections, owner);
  return (key) => renderers.find((renderer) => renderer.key === key);
}

/** The tasks a resource's detail offers (domains' `detailActions`) that this user may take. */
export function useDetailActions(owner: SlotOwner): readonly DetailAction[] {
  return usePermitted(ownedBy(useSlots(owner).detailActions, owner));
}
