import { childrenByParent, treeOrder } from '@dp/ordering';
import type { PageNode } from './types';

/** Full path of every page: the slugs from the root, joined with "/". */
export function pagePaths(pages: PageNode[]): Map<string, string> {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const paths = new Map<string, string>();
  const pathOf = (page: PageNode): string => {
    const known = paths.get(page.id);
    if (known !== undefined) return known;
    const parent = page.parent ? byId.get(page.parent) : undefined;
    const path = parent ? `${pathOf(parent)}/${page.slug}` : page.slug;
    paths.set(page.id, path);
    return path;
  };
  pages.forEach(pathOf);
  return paths;
}

/** The page and everything below it. */
export function subtreeIds(pages: PageNode[], rootId: string): Set<string> {
  const children = childrenByParent(pages);
  const out = new Set<string>();
  const walk = (id: string) => {
    out.add(id);
    for (const child of children.get(id) ?? []) walk(child.id);
  };
  walk(rootId);
  return out;
}

/** The first page in reading order: what a space's root path shows. */
export function firstDocument(pages: PageNode[]): PageNode | undefined {
  return treeOrder(pages).find((p) => p.type === 'document');
}
