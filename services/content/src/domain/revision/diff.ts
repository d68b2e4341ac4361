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

/** The reusable contents added, removed or changed (title or document) from `before` to `after` (docs/adr/0109). */
export function changedReusableContentIds(before: Pick<RevisionContent, 'reusableContents'>, after: Pick<RevisionContent, 'reusableContents'>): string[] {
  const key = (content: Pick<RevisionContent, 'reusableContents'>) => new Map(content.reusableContents.map((r) => [r.id, `${r.title}\u0000${r.documentHash ?? ''}`]));
  const [a, b] = [key(before), key(after)];
  return [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id));
}
