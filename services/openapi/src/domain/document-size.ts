/** How big a parsed document is once written out as a tree: what storing it, or walking it dereferenced, costs. */
export interface DocumentSize {
  /** Objects, arrays and scalars, each shared or referenced object counted at every place it appears. */
  nodes: number;
  /** About the length of its JSON text (keys, strings and punctuation), counted the same way. */
  bytes: number;
}

/**
 * The size of `value` as a tree, in time linear in its distinct objects: parsed YAML aliases and dereferenced
 * $refs share one object between many places, so the tree can be exponentially larger than the memory it takes,
 * and walking it naively is the very stall this measures. Each object is measured once (memoized); a cycle (a
 * circular $ref) counts once where it closes. Pure, unit-tested.
 */
export function documentSize(value: unknown): DocumentSize {
  const measured = new Map<object, DocumentSize>();
  const open = new Set<object>();
  function size(v: unknown): DocumentSize {
    if (v === null || typeof v !== 'object') return { nodes: 1, bytes: scalarBytes(v) };
    const known = measured.get(v);
    if (known) return known;
    if (open.has(v)) return { nodes: 1, bytes: 2 };
    open.add(v);
    const total = { nodes: 1, bytes: 2 };
    for (const [key, child] of Object.entries(v)) {
      const c = size(child);
      total.nodes += c.nodes;
      total.bytes += c.bytes + (Array.isArray(v) ? 1 : key.length + 4);
    }
    open.delete(v);
    measured.set(v, total);
    return total;
  }
  return size(value);
}

function scalarBytes(v: unknown): number {
  if (typeof v === 'string') return v.length + 2;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v).length;
  return 4; // null, and what JSON writes as null
}
