import { ACTION_TITLES, CATALOG, findEntry, isMaintainAction } from '../../../resources/catalog/index';
import type { Action, PermissionRef } from '../../../resources/catalog/types';
import { permissionTree, type PermissionNode } from '../../../resources/access';
import { pick, type Locale } from '../../../resources/messages/bilingual';
import type { PermissionTreeNode } from '../../../resources/contract/authorization.types';

/**
 * The server's view of the permission catalogue: which resource/action pairs may be granted,
 * where each resource's screens live (pageUrl), and the tree the role screen edits. Everything
 * is derived from `resources/catalog`, so a new entry needs no change here.
 */

function flatten(nodes: readonly PermissionNode[]): PermissionNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)]);
}

let grantable: ReadonlyMap<string, ReadonlySet<string>> | null = null;

/** resourceId -> the actions the tree offers on it; folders (no actions) are absent. */
export function grantableActions(): ReadonlyMap<string, ReadonlySet<string>> {
  if (grantable) return grantable;
  const map = new Map<string, Set<string>>();
  for (const node of flatten(permissionTree())) {
    if (node.actions.length === 0) continue;
    const actions = map.get(node.resourceId) ?? new Set<string>();
    for (const action of node.actions) actions.add(action);
    map.set(node.resourceId, actions);
  }
  grantable = map;
  return map;
}

/** Every grantable resource/action pair: what an all-powerful role holds. */
export function allPermissionRefs(): PermissionRef[] {
  return [...grantableActions()].flatMap(([resourceId, actions]) =>
    [...actions].map((action) => ({ resourceId, action: action as Action })),
  );
}

/** The pairs a read-only role holds: every action that does not change data. */
export function viewPermissionRefs(): PermissionRef[] {
  return allPermissionRefs().filter((ref) => !isMaintainAction(ref.action));
}

/** Every grantable pair whose resource lies in one of the given menu groups. */
export function groupPermissionRefs(groups: readonly string[]): PermissionRef[] {
  const roots = CATALOG.filter((group) => groups.includes(group.group)).map((group) => `${group.resourceRoot}/`);
  return allPermissionRefs().filter((ref) => roots.some((root) => ref.resourceId.startsWith(root)));
}

/** A node of getTree's answer: names and action labels in the request's language (the contract's shape). */
export type LocalizedPermissionNode = PermissionTreeNode;

function localize(node: PermissionNode, locale: Locale): LocalizedPermissionNode {
  return {
    resourceId: node.resourceId,
    name: pick(node.name, locale),
    actions: node.actions.map((action) => ({ action, name: pick(ACTION_TITLES[action], locale) })),
    children: node.children.map((child) => localize(child, locale)),
  };
}

/** The whole permission tree in one language. */
export function localizedPermissionTree(locale: Locale): LocalizedPermissionNode[] {
  return permissionTree().map((node) => localize(node, locale));
}

/** The resource of a settings entry (`setting/user`, `setting/role`), read from the catalogue. */
export function settingResource(entry: 'user' | 'role'): string {
  const decl = findEntry('setting', entry);
  // The settings screens are part of the specification; a catalogue without them is broken.
  if (!decl) throw new Error(`The catalogue has no setting/${entry} entry`);
  return decl.resourceId;
}
