import type { PageNode } from './types';

/**
 * The pages that differ between two trees (issue 26's rollback): added, removed, or changed in any field (title,
 * document, place, settings). What consumers of a new live revision re-read (search, links), as for a merge.
 */
export function changedPages(before: readonly PageNode[], after: readonly PageNode[]): string[] {
  const was = new Map(before.map((page) => [page.id, JSON.stringify(page)]));
  const changed = new Set<string>();
  for (const page of after) if (was.get(page.id) !== JSON.stringify(page)) changed.add(page.id);
  const now = new Set(after.map((page) => page.id));
  for (const page of before) if (!now.has(page.id)) changed.add(page.id);
  return [...changed];
}
