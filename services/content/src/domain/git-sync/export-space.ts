import { posix } from 'node:path';
import { treeOrder } from '@dp/ordering';
import YAML from 'yaml';
import { parseFrontmatter, rewriteLinks, splitFrontmatter } from '../revision/markdown';
import type { FileEntry, PageNode, ReusableContentEntry } from '../revision/types';
import { includeFileText, includePaths } from './includes';
import { DEFAULT_CONFIG, type GitbookConfig } from './gitbook-config';
import { pageFiles, repositoryTextFiles } from './layout';
import { joinPath } from './repository-paths';

/**
 * A revision of a space as the files of its repository (docs/adr/0106): the pages where GitBook puts them, with
 * their links written as GitBook writes them, relative paths between files: a page's `/pages/<id>#anchor` becomes
 * the path of that page's file, a file's `/files/<id>` the path of its copy under `.gitbook/assets/`, an include's
 * `/reusable-contents/<id>` the path of its file under `.gitbook/includes/` (docs/adr/0109). Links to anything else
 * stay as they are. Pure: the caller reads the documents and the files' bytes.
 */
export interface RepositoryExport {
  /** The markdown files (pages and reusable contents) and SUMMARY.md, by path in the repository. */
  text: Map<string, string>;
  /** Each file of the space and where it goes. */
  assets: Array<{ path: string; file: FileEntry }>;
}

/** `name`, or `name (2).ext`, ... when a file of that name is already there (names are not unique in a space). */
function uniqueName(name: string, taken: Set<string>): string {
  const safe = name.replace(/[/\\]/g, '-').replace(/^\.+/, '') || 'file';
  const { name: stem, ext } = posix.parse(safe);
  let candidate = safe;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Where each file of a space goes in its repository: `.gitbook/assets/<name>` under the root, names made unique in order. */
export function assetPaths(files: readonly FileEntry[], config: GitbookConfig = DEFAULT_CONFIG): Array<{ path: string; file: FileEntry }> {
  const taken = new Set<string>();
  return files.map((file) => ({ path: joinPath(config.root, `.gitbook/assets/${uniqueName(file.name, taken)}`), file }));
}

/**
 * A page's markdown with the fields the page shows that its front matter does not say yet (a description, an icon,
 * hidden), set through the API, added to its front matter: the file holds what the page is, and reads back to it.
 */
export function withPageFields(markdown: string, page: Pick<PageNode, 'description' | 'icon' | 'hidden'>): string {
  const { attributes } = parseFrontmatter(markdown);
  const missing: Record<string, string | boolean> = {};
  if (page.description && attributes.description === undefined) missing.description = page.description;
  if (page.icon && attributes.icon === undefined) missing.icon = page.icon;
  if (page.hidden && attributes.hidden === undefined) missing.hidden = true;
  if (Object.keys(missing).length === 0) return markdown;
  const { yaml, rest } = splitFrontmatter(markdown);
  return `---\n${yaml ? `${yaml}\n` : ''}${YAML.stringify(missing).trimEnd()}\n---\n\n${rest.replace(/^\s*\n/, '')}`;
}

export function exportSpace(input: {
  pages: readonly PageNode[];
  /** Markdown by hash, of the pages and of the reusable contents. */
  documents: ReadonlyMap<string, string>;
  files: readonly FileEntry[];
  reusableContents?: readonly ReusableContentEntry[];
  config?: GitbookConfig;
}): RepositoryExport {
  const config = input.config ?? DEFAULT_CONFIG;
  const ordered = treeOrder(input.pages);
  const relativePaths = pageFiles(ordered.map((p) => ({ id: p.id, parent: p.parent, type: p.type, title: p.title, slug: p.slug })));
  const where = (relative: string) => (relative === 'README.md' ? config.readme : joinPath(config.root, relative));
  const assets = assetPaths(input.files, config);
  const assetOf = new Map(assets.map((a) => [a.file.id, a.path]));
  const includes = includePaths(input.reusableContents ?? [], config);
  const includeOf = new Map(includes.map((i) => [i.reusable.id, i.path]));
  // Percent-encoded, parentheses too: a link's target ends at the first `)` for many readers of markdown.
  const fromFile = (from: string, to: string) => encodeURI(posix.relative(posix.dirname(from), to)).replace(/\(/g, '%28').replace(/\)/g, '%29');
  const layout = ordered.map((page) => {
    const path = relativePaths.get(page.id);
    const own = path ? where(path) : undefined;
    const stored = page.documentHash ? (input.documents.get(page.documentHash) ?? '') : '';
    const markdown = page.type === 'document' && own ? rewriteLinks(withPageFields(stored, page), (href) => linkIn(href, own)) : undefined;
    return { id: page.id, parent: page.parent, type: page.type, title: page.title, slug: page.slug, ...(markdown !== undefined ? { markdown } : {}) };
  });
  function linkIn(href: string, own: string): string | undefined {
    const page = /^\/pages\/([^/#?]+)(#.*)?$/.exec(href);
    const target = page && relativePaths.get(page[1]);
    if (page && target) return `${fromFile(own, where(target))}${page[2] ?? ''}`;
    const file = /^\/files\/([^/#?]+)$/.exec(href);
    const asset = file && assetOf.get(file[1]);
    if (asset) return fromFile(own, asset);
    const reusable = /^\/reusable-contents\/([^/#?]+)$/.exec(href);
    const include = reusable && includeOf.get(reusable[1]);
    return include ? fromFile(own, include) : undefined;
  }
  const text = repositoryTextFiles(layout, config);
  for (const { path, reusable } of includes) {
    const stored = reusable.documentHash ? (input.documents.get(reusable.documentHash) ?? '') : '';
    text.set(path, includeFileText(reusable.title, rewriteLinks(stored, (href) => linkIn(href, path))));
  }
  return { text, assets };
}
