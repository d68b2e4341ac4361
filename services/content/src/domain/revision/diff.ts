import type { PageNode, RevisionContent } from './types';

/**
 * Ids of the pages added, removed or changed (any attribute, document or position) between two contents. A page
 * that is the very same object in both, at the same place among its siblings, is unchanged without being
 * serialized: revisions share the objects of the pages they did not change (docs/adr/0117).
 */
export function changedPageIds(before: RevisionContent, after: RevisionContent): string[] {
  const placed = (content: RevisionContent) => {
    const map = new Map<string, { page: PageNode; position: number }>();
    const index = new Map<string | null, number>();
    for (const page of content.pages) {
      const position = index.get(page.parent) ?? 0;
      index.set(page.parent, position + 1);
      map.set(page.id, { page, position });
    }
    return map;
  };
  const [a, b] = [placed(before), placed(after)];
  const changed = new Set<string>();
  for (const [id, was] of a) {
    const now = b.get(id);
    if (!now || now.position !== was.position || (now.page !== was.page && JSON.stringify(now.page) !== JSON.stringify(was.page))) changed.add(id);
  }
  for (const id of b.keys()) if (!a.has(id)) changed.add(id);
  return [...changed];
}

/** The reusable contents added, removed or changed (title or document) from `before` to `after` (docs/adr/0109). */
export function changedReusableContentIds(before: Pick<RevisionContent, 'reusableContents'>, after: Pick<RevisionContent, 'reusableContents'>): string[] {
  const key = (content: Pick<RevisionContent, 'reusableContents'>) => new Map(content.reusableContents.map((r) => [r.id, `${r.title}\u0000${r.documentHash ?? ''}`]));
  const [a, b] = [key(before), key(after)];
  return [...new Set([...a.keys(), ...b.keys()])].filter((id) => a.get(id) !== b.get(id));
}
