import { extractLinks } from './revision/markdown';
import { decodeKeptBlock, KEPT_BLOCK_OPEN } from './revision/kept-block';
import { linkTarget } from './revision/document-inline';
import { treeOrder } from '@dp/ordering';
import { firstDocument, pagePaths } from './revision/tree';
import type { FileEntry, PageNode, RevisionContent } from './revision/types';

/**
 * Links and backlinks of a revision, computed from the markdown of its pages (pure; docs/adr/0011). A target
 * resolves in the revision it is read in: `/pages/<id>` (and `#anchor`), `/files/<id>`, `.md` paths and
 * `.gitbook/assets/<name>` as Git Sync lays a space out, slug paths; http(s) URLs are `in-app` under APP_URL,
 * else `ok` (never fetched); `mailto:`, bare anchors and other relative paths are not tracked. An unresolvable
 * path is a broken `url` target carrying the href as written, so the author can find it in the page.
 */
export type LinkTarget =
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; page: string; anchor: string }
  | { kind: 'file'; file: string }
  | { kind: 'url'; url: string };

export type LinkStatus = 'ok' | 'broken' | 'in-app';

export interface ResolvedLink {
  /** Identity of the target: links to the same target share it (`page:<id>`, `anchor:<id>#<a>`, `file:<id>`, `url:<href>`). */
  key: string;
  status: LinkStatus;
  target: LinkTarget;
}

/** One page linking to one target. */
export interface LinkOccurrence extends ResolvedLink {
  from: string;
}

/** One target with the pages linking to it, in reading order. */
export interface LinkGroup extends ResolvedLink {
  from: string[];
}

export interface ResolveOptions {
  /** Base URL of this platform's web app: URLs under it are `in-app`. */
  appUrl: string;
}

/** What resolution needs of a revision, built once per read. */
export interface RevisionIndex {
  /** Pages in reading order. */
  pages: PageNode[];
  byId: Map<string, PageNode>;
  paths: Map<string, string>;
  byPath: Map<string, PageNode>;
  /** Pages with children: they live at `<path>/README.md` and links in them resolve from `<path>/`. */
  parents: Set<string>;
  /** The first page in reading order: the root `README.md` and the `/` path. */
  home: PageNode | undefined;
  files: Map<string, FileEntry>;
  filesByName: Map<string, FileEntry>;
}

export function indexRevision(content: Pick<RevisionContent, 'pages' | 'files'>): RevisionIndex {
  const pages = treeOrder(content.pages);
  const paths = pagePaths(content.pages);
  const byPath = new Map<string, PageNode>();
  for (const page of pages) if (!byPath.has(paths.get(page.id)!)) byPath.set(paths.get(page.id)!, page);
  const filesByName = new Map<string, FileEntry>();
  for (const file of content.files) if (!filesByName.has(file.name)) filesByName.set(file.name, file);
  return {
    pages,
    byId: new Map(pages.map((p) => [p.id, p])),
    paths,
    byPath,
    parents: new Set(pages.map((p) => p.parent).filter((p): p is string => p !== null)),
    home: firstDocument(content.pages),
    files: new Map(content.files.map((f) => [f.id, f])),
    filesByName,
  };
}

const stripCode = (markdown: string) => markdown.replace(/```[\s\S]*?```|~~~[\s\S]*?~~~/g, '').replace(/`[^`\n]*`/g, '');

/**
 * The distinct link targets written in a document, as written: inline links and images (`extractLinks`),
 * then reference definitions (`[id]: href`), autolinks (`<https://…>`), HTML `href`/`src` attributes and
 * GitBook blocks (`{% file src="…" %}`, `{% embed url="…" %}`, `{% content-ref url="…" %}`), outside code.
 * This is what is cached per document: it does not depend on where the document is.
 */
export function extractHrefs(markdown: string): string[] {
  const out = new Set(extractLinks(markdown).map((l) => l.href));
  const text = stripCode(markdown);
  const patterns = [
    /^ {0,3}\[(?!\^)[^\]\n]+\]:[ \t]*<?([^\s>]+)>?/gm,
    /<((?:https?:)?\/\/[^\s<>]+)>/g,
    /<[a-z][^>]*?\s(?:href|src)\s*=\s*["']([^"']+)["']/gi,
    /\{%\s*(?:file|embed|content-ref)\s+(?:src|url)\s*=\s*"([^"]+)"/g,
  ];
  for (const re of patterns) for (let m = re.exec(text); m; m = re.exec(text)) out.add(m[1].trim());
  for (const href of keptBlockHrefs(text)) out.add(href);
  return [...out].filter(Boolean);
}

const KEPT_BLOCK_LINE = new RegExp(KEPT_BLOCK_OPEN.source, 'gm');
/** How deep a kept block is searched for refs: deeper than any official document nests, short of the stack. */
const MAX_REF_DEPTH = 64;

/**
 * The targets of the refs inside blocks kept in the documented form (`{% json block %}`, docs/adr/0072): links,
 * mentions and cards that markdown had no form for still count as links. Each ref goes through the converter's
 * own `linkTarget` (a ref it refuses is skipped); the block needs no official check to be read this way.
 */
function keptBlockHrefs(markdown: string): string[] {
  const out: string[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_REF_DEPTH || !value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach((item) => visit(item, depth + 1));
    for (const [key, child] of Object.entries(value)) {
      if (key === 'ref' && child && typeof child === 'object') {
        try {
          out.push(linkTarget(child, 'ref'));
        } catch {
          // Not a ref the markdown could link to.
        }
      } else visit(child, depth + 1);
    }
  };
  for (const m of markdown.matchAll(KEPT_BLOCK_LINE)) visit(decodeKeptBlock(m[1], () => true), 0);
  return out;
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Joins `relative` to `dir` ('' is the root), resolving `.` and `..`; undefined when it climbs above the root. */
export function joinPath(dir: string, relative: string): string | undefined {
  const out = dir.split('/').filter(Boolean);
  for (const raw of relative.split('/')) {
    const segment = decode(raw);
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return undefined;
      out.pop();
    } else out.push(segment);
  }
  return out.join('/');
}

/** The directory a page's relative links are read from: its own folder when it has children, else its parent's. */
export function directoryOf(pageId: string, index: RevisionIndex): string {
  const path = index.paths.get(pageId) ?? '';
  if (index.parents.has(pageId)) return path;
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

const isRepoPath = (path: string) => /\.md$/i.test(path) || /(^|\/)\.gitbook\/assets\//.test(path);

interface AppLocation {
  host: string;
  /** Path of the app on its host, without a trailing slash ('' at the root). */
  base: string;
}

function parseAppUrl(appUrl: string): AppLocation | undefined {
  try {
    const app = new URL(appUrl);
    return { host: app.host, base: app.pathname.replace(/\/+$/, '') };
  } catch {
    return undefined;
  }
}

function isInApp(href: string, app: AppLocation | undefined): boolean {
  // Parsing is the costly part, and most URLs do not even name the app's host.
  if (!app || !href.toLowerCase().includes(app.host)) return false;
  try {
    const url = new URL(href, 'https://unused.invalid');
    return url.host === app.host && (app.base === '' || url.pathname === app.base || url.pathname.startsWith(`${app.base}/`));
  } catch {
    return false;
  }
}

const urlLink = (href: string, app: AppLocation | undefined): ResolvedLink => ({
  key: `url:${href}`,
  status: isInApp(href, app) ? 'in-app' : 'ok',
  target: { kind: 'url', url: href },
});

const brokenPath = (href: string): ResolvedLink => ({ key: `url:${href}`, status: 'broken', target: { kind: 'url', url: href } });

const pageLink = (id: string, anchor: string | undefined, index: RevisionIndex): ResolvedLink => ({
  key: anchor ? `anchor:${id}#${anchor}` : `page:${id}`,
  status: index.byId.has(id) ? 'ok' : 'broken',
  target: anchor ? { kind: 'anchor', page: id, anchor } : { kind: 'page', page: id },
});

const fileLink = (id: string, index: RevisionIndex): ResolvedLink => ({
  key: `file:${id}`,
  status: index.files.has(id) ? 'ok' : 'broken',
  target: { kind: 'file', file: id },
});

/** A repository path (`guide/setup.md`, `guide/README.md`, `.gitbook/assets/x.png`) already joined to the root. */
function repoLink(href: string, path: string | undefined, anchor: string | undefined, index: RevisionIndex): ResolvedLink {
  if (path === undefined) return brokenPath(href);
  const asset = /^\.gitbook\/assets\/(.+)$/.exec(path);
  if (asset) {
    const file = index.filesByName.get(asset[1]);
    return file ? fileLink(file.id, index) : brokenPath(href);
  }
  const readme = /^(?:(.*)\/)?readme\.md$/i.exec(path);
  const page = readme ? (readme[1] === undefined ? index.home : index.byPath.get(readme[1])) : index.byPath.get(path.slice(0, -3));
  return page ? pageLink(page.id, anchor, index) : brokenPath(href);
}

/** Resolves one href written in page `fromPageId`; undefined when it is not a link to track. */
export function resolveHref(href: string, fromPageId: string, index: RevisionIndex, opts: ResolveOptions): ResolvedLink | undefined {
  return resolveWith(href, fromPageId, index, parseAppUrl(opts.appUrl));
}

function resolveWith(href: string, fromPageId: string, index: RevisionIndex, app: AppLocation | undefined): ResolvedLink | undefined {
  const written = href.trim();
  if (!written || written.startsWith('#')) return undefined;
  if (written.startsWith('//')) return urlLink(written, app);
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(written);
  if (scheme) return /^https?$/i.test(scheme[1]) ? urlLink(written, app) : undefined;

  const hash = written.indexOf('#');
  const anchor = hash >= 0 ? written.slice(hash + 1) || undefined : undefined;
  const path = (hash >= 0 ? written.slice(0, hash) : written).replace(/\?.*$/, '');

  if (path.startsWith('/')) {
    const byId = /^\/(pages|files)\/([^/]+)\/?$/.exec(path);
    if (byId) return byId[1] === 'pages' ? pageLink(decode(byId[2]), anchor, index) : fileLink(decode(byId[2]), index);
    if (isRepoPath(path)) return repoLink(written, joinPath('', path), anchor, index);
    const slugPath = joinPath('', path);
    const page = slugPath === '' ? index.home : slugPath === undefined ? undefined : index.byPath.get(slugPath);
    return page ? pageLink(page.id, anchor, index) : brokenPath(written);
  }
  if (!isRepoPath(path)) return undefined;
  return repoLink(written, joinPath(directoryOf(fromPageId, index), path), anchor, index);
}

/**
 * Every link of the revision's pages (or of the pages `only` keeps), in reading order: pages in tree order,
 * each page's links in document order; a page linking the same target twice counts once. Resolutions are
 * memoized for the read (by href, and by folder for relative paths): spaces repeat the same links a lot.
 */
export function resolveRevisionLinks(
  index: RevisionIndex,
  hrefsByHash: Map<string, string[]>,
  opts: ResolveOptions,
  only?: (page: PageNode) => boolean,
): LinkOccurrence[] {
  const out: LinkOccurrence[] = [];
  const memo = new Map<string, ResolvedLink | null>();
  const appUrl = parseAppUrl(opts.appUrl);
  for (const page of index.pages) {
    if (!page.documentHash || (only && !only(page))) continue;
    const hrefs = hrefsByHash.get(page.documentHash);
    if (!hrefs?.length) continue;
    const seen = new Set<string>();
    let dir: string | undefined;
    for (const href of hrefs) {
      const relative = !/^\s*[/#]|^\s*[a-z][a-z0-9+.-]*:/i.test(href);
      const memoKey = relative ? `${(dir ??= directoryOf(page.id, index))}\u0000${href}` : href;
      let link = memo.get(memoKey);
      if (link === undefined) {
        link = resolveWith(href, page.id, index, appUrl) ?? null;
        memo.set(memoKey, link);
      }
      if (!link || seen.has(link.key)) continue;
      seen.add(link.key);
      out.push({ key: link.key, status: link.status, target: link.target, from: page.id });
    }
  }
  return out;
}

const pairKey = (o: LinkOccurrence) => `${o.from}\u0000${o.key}`;

/**
 * One entry per target, in order of first appearance, with the pages linking to it. `occurrences` are in
 * reading order, one per (page, target), as `resolveRevisionLinks` gives them.
 */
export function groupLinks(occurrences: LinkOccurrence[]): LinkGroup[] {
  const groups = new Map<string, LinkGroup>();
  for (const o of occurrences) {
    const group = groups.get(o.key);
    if (!group) groups.set(o.key, { key: o.key, status: o.status, target: o.target, from: [o.from] });
    else if (group.from[group.from.length - 1] !== o.from) group.from.push(o.from);
  }
  return [...groups.values()];
}

/** The broken (page, target) pairs of a set of links. */
export function brokenPairs(occurrences: LinkOccurrence[]): Set<string> {
  return new Set(occurrences.filter((o) => o.status === 'broken').map(pairKey));
}

/**
 * The targets a change request breaks: broken in its revision from a page that, in main, does not link
 * to that target brokenly (the page is new, its text is new, or the target was fine in main).
 */
export function introducedBroken(changeRequest: LinkOccurrence[], mainBroken: Set<string>): Set<string> {
  return new Set(changeRequest.filter((o) => o.status === 'broken' && !mainBroken.has(pairKey(o))).map((o) => o.key));
}

export interface LinkStats {
  total: number;
  broken: { total: number; changeRequest: number };
}

export function linkStats(groups: LinkGroup[], changeRequestBroken: number): LinkStats {
  return { total: groups.length, broken: { total: groups.filter((g) => g.status === 'broken').length, changeRequest: changeRequestBroken } };
}

/** The pages linking to a page (any of its anchors included) or to a file, in reading order. */
export function backlinks(occurrences: LinkOccurrence[], to: { page: string } | { file: string }): string[] {
  const out = new Set<string>();
  for (const o of occurrences) {
    const t = o.target;
    const hit = 'page' in to ? (t.kind === 'page' || t.kind === 'anchor') && t.page === to.page : t.kind === 'file' && t.file === to.file;
    if (hit && o.status !== 'broken') out.add(o.from);
  }
  return [...out];
}
