/**
 * Builds a tree from flat records that name their parent by id (category, area). Pure, shared by
 * the tree table of the list and the parent picker of the form.
 */

/** A record with its children. `children` is left out on leaves so antd shows no expander. */
export type TreeRow<T> = T & { children?: TreeRow<T>[] };

type Keyed = Readonly<Record<string, unknown>>;

/**
 * Nests `records` under their parents (`record[parentField]` = a parent's `id`). Records whose
 * parent is not among them become roots, so one page of a filtered list still shows every row.
 * A cycle in the data is cut where it closes instead of looping.
 */
export function buildTree<T extends Keyed>(records: readonly T[], parentField: string): TreeRow<T>[] {
  const nodes = new Map<string, TreeRow<T>>();
  for (const record of records) nodes.set(String(record.id), { ...record });
  const roots: TreeRow<T>[] = [];
  for (const node of nodes.values()) {
    const parentId = node[parentField];
    const parent = parentId === null || parentId === undefined ? undefined : nodes.get(String(parentId));
    if (!parent || parent === node || isAncestor({ nodes, parentField, ancestor: node, of: parent })) {
      roots.push(node);
      continue;
    }
    (parent.children ??= []).push(node);
  }
  return roots;
}

function isAncestor<T extends Keyed>(args: {
  nodes: Map<string, TreeRow<T>>;
  parentField: string;
  ancestor: TreeRow<T>;
  of: TreeRow<T>;
}): boolean {
  let current: TreeRow<T> | undefined = args.of;
  const seen = new Set<TreeRow<T>>();
  while (current && !seen.has(current)) {
    if (current === args.ancestor) return true;
    seen.add(current);
    const parentId: unknown = current[args.parentField];
    current = parentId === null || parentId === undefined ? undefined : args.nodes.get(String(parentId));
  }
  return false;
}

/** The ids of a node and all its descendants (a node may not move under itself). */
export function subtreeIds<T extends Keyed>(roots: readonly TreeRow<T>[], id: string | number): Set<string> {
  const ids = new Set<string>();
  const collect = (node: TreeRow<T>): void => {
    ids.add(String(node.id));
    node.children?.forEach(collect);
  };
  const find = (nodes: readonly TreeRow<T>[]): boolean =>
    nodes.some((node) => {
      if (String(node.id) === String(id)) {
        collect(node);
        return true;
      }
      return find(node.children ?? []);
    });
  find(roots);
  return ids;
}
