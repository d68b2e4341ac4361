/**
 * Trees stored as a list of nodes naming their parent (null: the root), siblings in list order: content's
 * page trees, and the same pages as the sites publisher reads them. Pure.
 */
export interface TreeNode {
  id: string;
  parent: string | null;
}

/** Children of each parent (null: root), in sibling order. */
export function childrenByParent<T extends TreeNode>(nodes: readonly T[]): Map<string | null, T[]> {
  const map = new Map<string | null, T[]>();
  for (const node of nodes) {
    const list = map.get(node.parent);
    if (list) list.push(node);
    else map.set(node.parent, [node]);
  }
  return map;
}

/** The nodes in tree (reading) order: each parent before its children, siblings kept in order. */
export function treeOrder<T extends TreeNode>(nodes: readonly T[]): T[] {
  const children = childrenByParent(nodes);
  const out: T[] = [];
  const walk = (parent: string | null) => {
    for (const node of children.get(parent) ?? []) {
      out.push(node);
      walk(node.id);
    }
  };
  walk(null);
  return out;
}
