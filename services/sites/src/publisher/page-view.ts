import type { PublishedPageDocument } from '../clients/content';
import type { RevisionContent } from './content-cache';
import { opensWithTitle, type RewriteUrl } from '@dp/markdown-html';
import { linkedPath, type NavNode, type PageIndex, type TreePage } from './nav-tree';
import type { Branding } from './branding';
import type { NavLink, PageView, TabView } from './page-html';
import { fileUrl, hrefOf, navFragmentUrl, pageUrl, SEARCH_SEGMENT, FEEDBACK_SEGMENT, sectionUrl, siteSpaceUrlIn, type PageAddress } from './site-urls';
import type { VisibleSection, VisibleStructure } from './visible-structure';
import { hreflangLinks, type HreflangLink } from './page-alternates';

/**
 * Everything a page shows, assembled from the visitor's structure, the revision and the page's document
 * (docs/adr/0040): tabs, variants, navigation with the current page marked, the body (rendered with its links
 * to pages and files rewritten to the publisher's URLs, `linkTable`). Pure.
 */
export interface PageInput {
  branding: Branding;
  /** Where the site is published (site-requests.ts): the page's canonical URL is under it. */
  canonicalBase: string;
  mount: string;
  structure: VisibleStructure;
  address: PageAddress;
  revision: RevisionContent;
  page: TreePage;
  document: PublishedPageDocument;
  /** The document rendered (off the request loop, docs/adr/0059) with the links of `linkTable`. */
  bodyHtml: string;
  /** The page's translations published on this site (./page-alternates.ts). */
  translations: HreflangLink[];
}

/** Content's link targets (`/pages/<id>`, `/files/<id>`, resolved by content) to where they are published. */
export function linkRewriter(input: Pick<PageInput, 'mount' | 'address' | 'revision' | 'document'>): RewriteUrl {
  const base = siteSpaceUrlIn(input.mount, input.address.section, input.address.siteSpace);
  const { index, files, spaceId, revisionId } = input.revision;
  return (url) => {
    const target = Object.prototype.hasOwnProperty.call(input.document.links, url) ? input.document.links[url] : undefined;
    if (!target) return undefined;
    if (target.kind === 'file') {
      const file = files.get(target.file);
      return file && fileUrl(input.mount, { spaceId, revisionId, fileId: file.id, name: file.name });
    }
    const page = index.byId.get(target.page);
    if (!page) return undefined;
    const href = hrefOf(pageUrl(base, linkedPath(page, index.home)));
    return target.kind === 'anchor' ? `${href}#${encodeURIComponent(target.anchor)}` : href;
  };
}

/** Where each link of the document leads, as data: rendering happens on another thread, where no function goes. */
export function linkTable(input: Pick<PageInput, 'mount' | 'address' | 'revision' | 'document'>): Map<string, string> {
  const rewrite = linkRewriter(input);
  const table = new Map<string, string>();
  for (const url of Object.keys(input.document.links)) {
    const to = rewrite(url);
    if (to !== undefined) table.set(url, to);
  }
  return table;
}

function tabsOf(structure: VisibleStructure, mount: string, current: VisibleSection): TabView[] {
  const link = (section: VisibleSection) => ({ title: section.title, href: hrefOf(sectionUrl(mount, section)), current: section.id === current.id });
  return structure.tabs.map((tab) =>
    tab.kind === 'section'
      ? { kind: 'section', ...link(tab.section) }
      : { kind: 'group', title: tab.title, current: tab.sections.some((s) => s.id === current.id), sections: tab.sections.map(link) },
  );
}

/** Navigation nodes past which a space's tree is trimmed on each page (issue 24: a page of a big site stays light). */
export const FULL_TREE_MAX = 200;

/**
 * The navigation as links. A space of up to FULL_TREE_MAX nodes (`total`, the tree's size) shows whole. A bigger one shows the current
 * page's branch (its ancestors' children: the page and its siblings, all the way up) and the top level; a group
 * off the branch is collapsed, its pages loaded when opened (`fragment`), a page off the branch lists none of its
 * children (its own page lists them).
 */
export function navOf(nodes: NavNode[], base: string, currentId: string, fragment: (node: NavNode) => string, total: number): NavLink[] {
  const branch = total > FULL_TREE_MAX ? branchOf(nodes, currentId) : undefined;
  const map = (list: NavNode[]): NavLink[] =>
    list.map((node) => {
      const open = !branch || branch.has(node.id);
      const link: NavLink = {
        kind: node.kind,
        title: node.title,
        ...(node.emoji ? { emoji: node.emoji } : {}),
        ...(node.icon ? { icon: node.icon } : {}),
        href: hrefOf(pageUrl(base, node.path)),
        current: node.id === currentId,
        children: open ? map(node.children) : [],
      };
      if (!open && node.kind === 'group' && node.children.length > 0) {
        const first = firstPageOf(node.children);
        link.collapsed = { fragmentHref: fragment(node), ...(first ? { first: { title: first.title, href: hrefOf(pageUrl(base, first.path)) } } : {}) };
      }
      return link;
    });
  return map(nodes);
}

/** The ids of the current page and its ancestors in the navigation (empty when it is not in it, a hidden page). */
function branchOf(nodes: NavNode[], id: string): Set<string> {
  const path: string[] = [];
  const find = (list: NavNode[]): boolean => {
    for (const node of list) {
      path.push(node.id);
      if (node.id === id || find(node.children)) return true;
      path.pop();
    }
    return false;
  };
  find(nodes);
  return new Set(path);
}

const firstPageOf = (nodes: NavNode[]): NavNode | undefined => {
  for (const node of nodes) {
    if (node.kind === 'page') return node;
    const inner = firstPageOf(node.children);
    if (inner) return inner;
  }
  return undefined;
};

export function buildPageView(input: PageInput): PageView {
  const { mount, structure, address, revision, page, document } = input;
  const base = siteSpaceUrlIn(mount, address.section, address.siteSpace);
  const pageHref = hrefOf(pageUrl(base, linkedPath(page, revision.index.home)));
  const canonicalHref = `${input.canonicalBase}${pageHref.slice(mount.length)}`;
  const alternates = hreflangLinks({ language: address.siteSpace.language, href: canonicalHref }, input.translations);
  return {
    branding: input.branding,
    searchHref: `${mount}/${SEARCH_SEGMENT}`,
    canonicalHref,
    ...(alternates.length ? { alternates } : {}),
    homeHref: hrefOf(mount),
    ...(address.siteSpace.language ? { language: address.siteSpace.language } : {}),
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    bodyHtml: input.bodyHtml,
    showTitle: !opensWithTitle(document.markdown),
    tabs: tabsOf(structure, mount, address.section),
    variants: address.section.siteSpaces.map((ss) => ({ title: ss.title, href: hrefOf(siteSpaceUrlIn(mount, address.section, ss)), current: ss.id === address.siteSpace.id })),
    nav: navOf(revision.index.nav, base, page.id, (node) => hrefOf(navFragmentUrl(mount, { spaceId: revision.spaceId, revisionId: revision.revisionId, nodeId: node.id })), revision.index.navSize),
    markdownHref: `${pageHref === '/' ? '' : pageHref}.md`,
    breadcrumbs: ancestorsOf(page, revision.index).map((ancestor) =>
      ancestor.type === 'document' && !ancestor.hidden ? { title: ancestor.title, href: hrefOf(pageUrl(base, linkedPath(ancestor, revision.index.home))) } : { title: ancestor.title },
    ),
    ...neighboursOf(revision.index.nav, page.id, (node) => ({ title: node.title, href: hrefOf(pageUrl(base, node.path)) })),
    ...(page.updatedAt ? { updatedAt: page.updatedAt } : {}),
    ...(input.branding.feedback ? { feedback: { action: `${mount}/${FEEDBACK_SEGMENT}`, siteSpace: address.siteSpace.id, page: page.id } } : {}),
  };
}

/** A page's ancestors, from the top level down to its parent (a cycle in bad data ends the walk). */
function ancestorsOf(page: TreePage, index: PageIndex): TreePage[] {
  const chain: TreePage[] = [];
  const seen = new Set([page.id]);
  for (let at = page.parent ? index.byId.get(page.parent) : undefined; at && !seen.has(at.id); at = at.parent ? index.byId.get(at.parent) : undefined) {
    seen.add(at.id);
    chain.unshift(at);
  }
  return chain;
}

/** The pages before and after one in the navigation's reading order (groups are not pages). */
function neighboursOf<T>(nav: NavNode[], id: string, link: (node: NavNode) => T): { previous?: T; next?: T } {
  const order: NavNode[] = [];
  const walk = (nodes: NavNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'page') order.push(node);
      walk(node.children);
    }
  };
  walk(nav);
  const at = order.findIndex((node) => node.id === id);
  if (at < 0) return {};
  return { ...(at > 0 ? { previous: link(order[at - 1]) } : {}), ...(at + 1 < order.length ? { next: link(order[at + 1]) } : {}) };
}
