/**
 * Turns getTree's resources into an antd Tree where every grantable action is a checkable leaf
 * under its resource, and converts between the tree's checked keys and the role's permission
 * list. Pure, so the conversions are tested without rendering.
 */
import type { TreeDataNode } from 'antd';
import type { Permission, PermissionTreeNode } from '../shared/authorization-api';

/** The resource and action an action leaf stands for. */
export interface ActionRef {
  readonly resourceId: string;
  readonly action: string;
}

/** The Tree's data plus the lookups the editor needs. */
export interface PermissionTreeModel {
  readonly treeData: TreeDataNode[];
  /** Action leaf key -> what it grants, in tree order. */
  readonly actions: ReadonlyMap<string, ActionRef>;
  /** Keys of every resource node (for expand all). */
  readonly resourceKeys: readonly string[];
}

/** The key of a resource node. */
export function resourceKey(resourceId: string): string {
  return `resource:${resourceId}`;
}

/** The key of an action leaf. */
export function actionKey(ref: ActionRef): string {
  return `action:${ref.resourceId}:${ref.action}`;
}

/** Builds the tree model from getTree's answer. */
export function buildPermissionTree(nodes: readonly PermissionTreeNode[]): PermissionTreeModel {
  const actions = new Map<string, ActionRef>();
  const resourceKeys: string[] = [];
  const toNode = (node: PermissionTreeNode): TreeDataNode => {
    const key = resourceKey(node.resourceId);
    resourceKeys.push(key);
    const leaves = node.actions.map((entry): TreeDataNode => {
      const ref = { resourceId: node.resourceId, action: entry.action };
      const leafKey = actionKey(ref);
      actions.set(leafKey, ref);
      return { key: leafKey, title: entry.name, isLeaf: true };
    });
    const children = [...leaves, ...(node.children ?? []).map(toNode)];
    // A resource with nothing to grant below it has no meaning as a checkbox.
    return { key, title: node.name, children, ...(children.length === 0 ? { checkable: false, isLeaf: true } : {}) };
  };
  const treeData = nodes.map(toNode);
  return { treeData, actions, resourceKeys };
}

/** The action leaves a role's permissions check; grants the tree does not offer are ignored. */
export function checkedKeysOf(permissions: readonly Permission[], model: PermissionTreeModel): string[] {
  const keys = permissions.flatMap((permission) =>
    permission.actions.map((action) => actionKey({ resourceId: permission.resourceId, action })),
  );
  return keys.filter((key) => model.actions.has(key));
}

/** The permission list of checked keys (resource keys and unknown keys are ignored), in tree order. */
export function permissionsOf(checkedKeys: readonly string[], model: PermissionTreeModel): Permission[] {
  const checked = new Set(checkedKeys);
  const byResource = new Map<string, string[]>();
  for (const [key, ref] of model.actions) {
    if (!checked.has(key)) continue;
    const list = byResource.get(ref.resourceId) ?? [];
    list.push(ref.action);
    byResource.set(ref.resourceId, list);
  }
  return [...byResource].map(([resourceId, actions]) => ({ resourceId, actions }));
}

/** True when two key lists check the same action leaves. */
export function sameChecks(a: readonly string[], b: readonly string[], model: PermissionTreeModel): boolean {
  const left = new Set(a.filter((key) => model.actions.has(key)));
  const right = b.filter((key) => model.actions.has(key));
  return left.size === new Set(right).size && right.every((key) => left.has(key));
}

/** Class of a tree node a search hides (display: none; it stays in the tree, so its checks hold). */
export const HIDDEN_NODE_CLASS = 'console-tree-hidden';

/**
 * The tree as a search shows it: a node whose title contains the keyword (case-insensitive) is
 * shown with everything below it, and its ancestors are shown and opened; the others are hidden
 * but kept, so the checks of hidden actions survive a check made while searching. An empty
 * keyword shows everything.
 */
export function searchPermissionTree(
  treeData: readonly TreeDataNode[],
  keyword: string,
): { readonly treeData: TreeDataNode[]; readonly expandedKeys: string[] } {
  const wanted = keyword.trim().toLowerCase();
  if (!wanted) return { treeData: [...treeData], expandedKeys: [] };
  const expandedKeys: string[] = [];
  const titleOf = (node: TreeDataNode): string => (typeof node.title === 'string' ? node.title : String(node.key));
  const visit = (node: TreeDataNode, shownByAncestor: boolean): { node: TreeDataNode; shown: boolean } => {
    const matches = shownByAncestor || titleOf(node).toLowerCase().includes(wanted);
    const children = (node.children ?? []).map((child) => visit(child, matches));
    const shown = matches || children.some((child) => child.shown);
    if (shown && children.some((child) => child.shown)) expandedKeys.push(String(node.key));
    return {
      node: {
        ...node,
        className: shown ? undefined : HIDDEN_NODE_CLASS,
        ...(node.children ? { children: children.map((c) => c.node) } : {}),
      },
      shown,
    };
  };
  return { treeData: treeData.map((node) => visit(node, false).node), expandedKeys };
}

/**
 * Keys of the resource nodes with no screen in this console yet: a node is built when
 * `isBuilt(resourceId)` says so or any node below it is built.
 */
export function unbuiltResourceKeys(nodes: readonly PermissionTreeNode[], isBuilt: (resourceId: string) => boolean): Set<string> {
  const unbuilt = new Set<string>();
  const visit = (node: PermissionTreeNode): boolean => {
    const childBuilt = node.children.map(visit).some(Boolean);
    const built = childBuilt || isBuilt(node.resourceId);
    if (!built) unbuilt.add(resourceKey(node.resourceId));
    return built;
  };
  nodes.forEach(visit);
  return unbuilt;
}
