import { posix } from 'node:path';
import { rewriteLinks } from '../revision/markdown';
import { pageFiles, type ImportedPage, type LayoutPage } from './layout';
import { dirOf, normalizePath } from './repository-paths';

/**
 * A repository's pages as the space's new page tree (docs/adr/0106): a page whose file has the path an existing
 * page's file has (where an export put it) keeps that page's id, so that comments, links and history follow it; a
 * group keeps the id of the existing top-level group of its slug. A file moved in git keeps its page too: one that
 * matched no path takes the page left over whose body is the same, else the one left over with its title (when
 * only one of each has it). Anything else is new, and an existing page the repository no longer has is gone. Links
 * written as relative paths become `/pages/<id>`, `/files/<id>` and `/reusable-contents/<id>` again, in the pages and
 * in the include files.
 * Pure: the caller makes the change request from the tree.
 */
export interface ImportedNode {
  id: string;
  /** Not the id of a page the space had. */
  created: boolean;
  parent: string | null;
  type: 'document' | 'group';
  title: string;
  slug: string;
  markdown?: string;
}

export interface ImportResult {
  pages: ImportedNode[];
  /** The markdown of each include file (by path), its links rewritten like the pages'. */
  includes: Map<string, string>;
  /** Ids of the space's pages the repository no longer holds. */
  removed: string[];
  /** Each page's file (path in the synced directory) to its page's id. */
  paths: Map<string, string>;
}

/**
 * `.gitbook.yaml`'s redirects as former paths of pages (which the published site sends readers on from): each
 * source path (relative to the space's root) to the page of the file it names; one naming no page is dropped.
 */
export function redirectedPaths(redirects: Readonly<Record<string, string>>, paths: ReadonlyMap<string, string>): Array<{ path: string; pageId: string }> {
  return Object.entries(redirects).flatMap(([from, to]) => {
    const pageId = paths.get(to);
    const path = from.replace(/^\/+|\/+$/g, '').replace(/\.md$/i, '');
    return pageId && path ? [{ path, pageId }] : [];
  });
}

export function importSpace(input: {
  existing: readonly LayoutPage[];
  imported: readonly ImportedPage[];
  /** Asset paths of the repository (`.gitbook/assets/...`) to the ids of the space's files they are. */
  assets: ReadonlyMap<string, string>;
  /** Include files (`.gitbook/includes/...`, docs/adr/0109): their ids and their markdown as written. */
  includes?: ReadonlyMap<string, { id: string; markdown: string }>;
  newId: () => string;
}): ImportResult {
  const existingPaths = pageFiles(input.existing);
  const byPath = new Map([...existingPaths].map(([id, path]) => [path, id]));
  const groupsBySlug = new Map(input.existing.filter((p) => p.type === 'group' && p.parent === null).map((g) => [g.slug, g.id]));
  const used = new Set<string>();
  const nodes: ImportedNode[] = [];
  const pathToId = new Map<string, string>();
  const claim = (candidate: string | undefined) => (candidate && !used.has(candidate) ? (used.add(candidate), candidate) : undefined);

  // The readme is README.md at the top of the layout whatever the repository calls it: matched as such.
  const readme = input.imported.find((p) => p.kind === 'document');
  const chosen = new Map<ImportedPage, string>();
  const byLocation = (list: readonly ImportedPage[], top: boolean) => {
    for (const page of list) {
      const known = page.kind === 'group' ? (top ? groupsBySlug.get(page.slug) : undefined) : byPath.get(page === readme ? 'README.md' : (page.path ?? ''));
      const id = claim(known);
      if (id) chosen.set(page, id);
      byLocation(page.children, false);
    }
  };
  byLocation(input.imported, true);
  // A file git moved keeps its page: the same body elsewhere, else the one page left with its title.
  const unmatched = () => flatten(input.imported).filter((p) => p.kind === 'document' && !chosen.has(p));
  const left = () => input.existing.filter((p) => p.type === 'document' && !used.has(p.id));
  const pairUp = (key: (page: { title: string; markdown?: string }) => string | undefined) => {
    const group = <T extends { title: string; markdown?: string }>(list: readonly T[]) => {
      const by = new Map<string, T[]>();
      for (const item of list) {
        const k = key(item);
        if (k === undefined) continue;
        const same = by.get(k);
        if (same) same.push(item);
        else by.set(k, [item]);
      }
      return by;
    };
    const candidates = group(left());
    for (const [k, pages] of group(unmatched())) {
      const found = candidates.get(k);
      if (pages.length === 1 && found?.length === 1) chosen.set(pages[0], claim(found[0].id)!);
    }
  };
  // Its links are written one way in the space, another in the repository: the body is compared without them.
  pairUp((page) => (page.markdown === undefined ? undefined : rewriteLinks(page.markdown, () => '').trim()));
  pairUp((page) => page.title);
  const place = (list: readonly ImportedPage[], parent: string | null) => {
    for (const page of list) {
      const known = chosen.get(page);
      const id = known ?? input.newId();
      nodes.push({ id, created: known === undefined, parent, type: page.kind, title: page.title, slug: page.slug, ...(page.kind === 'document' ? { markdown: page.markdown ?? '' } : {}) });
      if (page.path) pathToId.set(page.path, id);
      place(page.children, id);
    }
  };
  place(input.imported, null);

  // Links are relative to the file they are written in.
  const withIds = (markdown: string, own: string) =>
    rewriteLinks(markdown, (href) => {
      if (/^[a-z][a-z0-9+.-]*:|^\/|^#/i.test(href)) return undefined;
      const [pathPart, anchor] = href.split('#', 2);
      let target: string;
      try {
        target = normalizePath(posix.join(dirOf(own), decodeURI(pathPart)));
      } catch {
        return undefined;
      }
      const page = pathToId.get(target);
      if (page) return `/pages/${page}${anchor ? `#${anchor}` : ''}`;
      const file = input.assets.get(target);
      if (file) return `/files/${file}`;
      const include = input.includes?.get(target);
      return include ? `/reusable-contents/${include.id}` : undefined;
    });
  const flat = flatten(input.imported);
  for (const [index, node] of nodes.entries()) {
    const own = flat[index].path;
    if (node.markdown !== undefined && own) node.markdown = withIds(node.markdown, own);
  }
  const includes = new Map([...(input.includes ?? [])].map(([path, include]) => [path, withIds(include.markdown, path)]));
  return { pages: nodes, includes, removed: input.existing.filter((p) => !used.has(p.id)).map((p) => p.id), paths: pathToId };
}

const flatten = (list: readonly ImportedPage[]): ImportedPage[] => list.flatMap((p) => [p, ...flatten(p.children)]);
