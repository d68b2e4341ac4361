/**
 * The navigation of a space's pages (docs/adr/0040): its page tree in order, groups as headings holding their
 * pages, nested pages under their parent, hidden pages (and what is under them) left out. Pure.
 */
import type { PublishedTreePage } from '@dp/contracts';
import { childrenByParent, treeOrder } from '@dp/ordering';

/** A page of a revision, as content describes it to the publisher (content's published-tree contract). */
export type TreePage = PublishedTreePage;

export interface NavNode {
  kind: 'page' | 'group';
  id: string;
  title: string;
  emoji?: string;
  icon?: string;
  /** The page's path in its space; '' for the first page (served at the site space's URL). */
  path: string;
  children: NavNode[];
}

/** The first document in reading order: what a site space's URL shows. */
export function firstDocument(pages: readonly TreePage[]): TreePage | undefined {
  return treeOrder(pages).find((p) => p.type === 'document');
}

/** The path a page is linked at: the first document is linked at '' (its site space's URL). */
export const linkedPath = (page: Pick<TreePage, 'id' | 'path'>, home: Pick<TreePage, 'id'> | undefined) => (home && page.id === home.id ? '' : page.path);

export function buildNavTree(pages: readonly TreePage[], home = firstDocument(pages)): NavNode[] {
  const children = childrenByParent(pages);
  const build = (parent: string | null): NavNode[] =>
    (children.get(parent) ?? [])
      .filter((page) => !page.hidden)
      .map((page) => ({
        kind: page.type === 'group' ? 'group' : 'page',
        id: page.id,
        title: page.title,
        ...(page.emoji ? { emoji: page.emoji } : {}),
        ...(page.icon ? { icon: page.icon } : {}),
        path: linkedPath(page, home),
        children: build(page.id),
      }));
  return build(null);
}

/** A revision's pages, indexed once (a revision never changes): by path, the first page, the navigation. */
export interface PageIndex {
  pages: readonly TreePage[];
  byId: Map<string, TreePage>;
  byPath: Map<string, TreePage>;
  home: TreePage | undefined;
  nav: NavNode[];
  /** Nodes in `nav` (whether a page shows the whole tree, page-view.ts's navOf). */
  navSize: number;
}

const countNodes = (nodes: NavNode[]): number => nodes.reduce((sum, node) => sum + 1 + countNodes(node.children), 0);

export function indexPages(pages: readonly TreePage[]): PageIndex {
  const ordered = treeOrder(pages);
  const byPath = new Map<string, TreePage>();
  for (const page of ordered) if (!byPath.has(page.path)) byPath.set(page.path, page);
  const home = ordered.find((p) => p.type === 'document');
  const nav = buildNavTree(pages, home);
  return { pages, byId: new Map(pages.map((p) => [p.id, p])), byPath, home, nav, navSize: countNodes(nav) };
}

/** The document page at `path` ('' is the first page); groups have no page of their own. */
export function findPage(index: PageIndex, path: string): TreePage | undefined {
  const page = path === '' ? index.home : index.byPath.get(path);
  return page?.type === 'document' ? page : undefined;
}

/** A node of the navigation by its id (a page or a group), searched without recursion. */
export function findNavNode(nav: NavNode[], id: string): NavNode | undefined {
  const stack = [...nav];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.id === id) return node;
    stack.push(...node.children);
  }
  return undefined;
}
