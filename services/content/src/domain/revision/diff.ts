import type { RevisionContent } from './types';

/** Ids of the pages added, removed or changed (any attribute, document or position) between two contents. */
export function changedPageIds(before: RevisionContent, after: RevisionContent): string[] {
  const key = (content: RevisionContent) => {
    const map = new Map<string, string>();
    const index = new Map<string | null, number>();
    for (const page of content.pages) {
      const position = index.get(page.parent) ?? 0;
      index.set(page.parent, position + 1);
      map.set(page.id, JSON.stringify({ ...page, position }));
    }
    return map;
  };
  const [a, b] = [key(before), key(after)];
  const changed = new Set<string>();
  for (const [id, value] of a) if (b.get(id) !== value) changed.add(id);
  for (const id of b.keys()) if (!a.has(id)) changed.add(id);
  return [...changed];
}
