import { parseFrontmatter, slugify, splitFrontmatter } from '../revision/markdown';
import { DEFAULT_CONFIG, type GitbookConfig } from './gitbook-config';
import { GitSyncFormatError } from './format-error';
import { dirOf, joinPath, relativeTo } from './repository-paths';
import { parseSummary, writeSummary, type SummaryEntry } from './summary';

/**
 * A space's pages as GitBook lays them out in a repository, and back (docs/adr/0106). The first page is the readme
 * (`README.md`); a page with pages under it is `<slug>/README.md` with theirs in `<slug>/`; any other page is
 * `<slug>.md`; a group is a `##` heading of SUMMARY.md whose pages are in `<slug>/`. Each file is the page's
 * markdown under a `# Title` heading, its front matter first. Pure: files are text by path.
 */
export interface LayoutPage {
  id: string;
  parent: string | null;
  type: 'document' | 'group';
  title: string;
  slug: string;
  /** A document's markdown (its front matter included, as content stores it). */
  markdown?: string;
}

/** A page read from a repository, in SUMMARY.md's order. */
export interface ImportedPage {
  kind: 'document' | 'group';
  title: string;
  slug: string;
  /** The file the page came from (none for a group): what pages are matched by when a repository is read again. */
  path?: string;
  markdown?: string;
  children: ImportedPage[];
}

/** The file of each page of `pages` (in reading order: parents before children, siblings in order). */
export function pageFiles(pages: readonly LayoutPage[]): Map<string, string> {
  const children = new Map<string | null, LayoutPage[]>();
  for (const page of pages) children.set(page.parent, [...(children.get(page.parent) ?? []), page]);
  const home = pages.find((p) => p.type === 'document');
  const files = new Map<string, string>();
  const place = (parent: string | null, dir: string) => {
    for (const page of children.get(parent) ?? []) {
      const own = joinPath(dir, page.slug);
      const hasChildren = (children.get(page.id) ?? []).length > 0;
      if (page.type === 'document') files.set(page.id, page === home ? 'README.md' : hasChildren ? `${own}/README.md` : `${own}.md`);
      place(page.id, own);
    }
  };
  place(null, '');
  return files;
}

/** A page's file: its front matter, its title as a level-1 heading, then its body. */
export function pageFileText(title: string, markdown: string): string {
  const { block, rest } = splitFrontmatter(markdown);
  const frontmatter = block ? `${block.trimEnd()}\n\n` : '';
  const body = rest.replace(/^\s*\n/, '');
  return `${frontmatter}# ${title}\n${body ? `\n${body.endsWith('\n') ? body : `${body}\n`}` : ''}`;
}

/** Every text file an export writes for `pages` under `config`: the pages, SUMMARY.md and .gitbook.yaml's paths. */
export function repositoryTextFiles(pages: readonly LayoutPage[], config: GitbookConfig = DEFAULT_CONFIG): Map<string, string> {
  const files = pageFiles(pages);
  const out = new Map<string, string>();
  const within = (path: string) => (path === 'README.md' ? config.readme : joinPath(config.root, path));
  for (const page of pages) {
    const path = files.get(page.id);
    if (path) out.set(within(path), pageFileText(page.title, page.markdown ?? ''));
  }
  const relative = (path: string) => relativeTo(dirOf(config.summary), path);
  const entries = (parent: string | null): SummaryEntry[] =>
    pages
      .filter((p) => p.parent === parent)
      .flatMap((page): SummaryEntry[] => {
        if (page.type === 'group') return parent === null ? [{ kind: 'group', title: page.title, children: entries(page.id) }] : entries(page.id);
        return [{ kind: 'page', title: page.title, path: relative(within(files.get(page.id)!)), children: entries(page.id) }];
      });
  out.set(config.summary, writeSummary(entries(null)));
  return out;
}

/** The title and body of a page's file: its leading heading is the title (else the summary's), front matter kept. */
function readPageFile(text: string | undefined, summaryTitle: string): { title: string; markdown: string } {
  if (text === undefined) return { title: summaryTitle, markdown: '' };
  const { block: frontmatter, rest: body } = splitFrontmatter(text);
  const heading = /^\s*#\s+(.+?)\s*#*\s*(?:\r?\n|$)/.exec(body);
  const rest = heading ? body.slice(heading[0].length).replace(/^\s*\n/, '') : body;
  const title = parseFrontmatter(text).attributes.title ?? heading?.[1] ?? summaryTitle;
  return { title: title || summaryTitle || 'Untitled', markdown: `${frontmatter}${rest}` };
}

/** The slug a page's file says: `x/README.md` and `x.md` are `x`; the readme's comes from its title. */
function slugOfPath(path: string, readme: string, title: string): string {
  if (path === readme) return slugify(title);
  const name = path.split('/').pop()!.replace(/\.md$/i, '');
  return slugify(name.toLowerCase() === 'readme' ? (dirOf(path).split('/').pop() ?? title) : name);
}

/** A group's slug: the folder its first page is in (where an export put its pages), else made of its title. */
function groupSlug(group: SummaryEntry & { kind: 'group' }): string {
  const first = group.children.find((c) => c.kind === 'page');
  // A page with pages under it is its folder's README.md: the group's folder is the one above.
  const dir = first?.kind === 'page' ? (/(^|\/)readme\.md$/i.test(first.path) ? dirOf(dirOf(first.path)) : dirOf(first.path)) : '';
  const folder = dir.split('/').pop();
  return folder ? slugify(folder) : slugify(group.title);
}

/** The pages a repository's files hold under `config` (SUMMARY.md's order; the readme first where it does not list it). */
export function readRepositoryPages(files: ReadonlyMap<string, string>, config: GitbookConfig = DEFAULT_CONFIG): ImportedPage[] {
  const summary = files.get(config.summary);
  const entries = summary !== undefined ? parseSummary(summary, config.summary) : inferredSummary(files, config);
  const seen = new Set<string>();
  const read = (entry: SummaryEntry): ImportedPage => {
    if (entry.kind === 'group') return { kind: 'group', title: entry.title, slug: groupSlug(entry), children: entry.children.map(read) };
    if (seen.has(entry.path)) throw new GitSyncFormatError(`${config.summary} lists ${entry.path} twice`);
    seen.add(entry.path);
    const { title, markdown } = readPageFile(files.get(entry.path), entry.title);
    return { kind: 'document', title, slug: slugOfPath(entry.path, config.readme, title), path: entry.path, markdown, children: entry.children.map(read) };
  };
  const pages = entries.map(read);
  if (!seen.has(config.readme) && files.has(config.readme)) {
    const { title, markdown } = readPageFile(files.get(config.readme), 'Introduction');
    pages.unshift({ kind: 'document', title, slug: slugify(title), path: config.readme, markdown, children: [] });
  }
  return pages;
}

/** Without SUMMARY.md, the table GitBook infers: the readme, then each markdown file by path, nested by folder. */
function inferredSummary(files: ReadonlyMap<string, string>, config: GitbookConfig): SummaryEntry[] {
  const inRoot = (path: string) => !config.root || path.startsWith(`${config.root}/`);
  const isIndex = (path: string) => /(^|\/)readme\.md$/i.test(path);
  // A folder's README.md first, then its files by name: a folder's index is the page its other files sit under.
  const sortKey = (path: string) => `${isIndex(path) ? dirOf(dirOf(path)) : dirOf(path)}\u0000${isIndex(path) ? dirOf(path).split('/').pop() : path.split('/').pop()}`;
  const paths = [...files.keys()]
    .filter((p) => /\.md$/i.test(p) && inRoot(p) && p !== config.readme && p !== config.summary && !p.split('/').some((s) => s.startsWith('.')))
    .sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
  const byDir = new Map<string, SummaryEntry & { kind: 'page' }>();
  const top: SummaryEntry[] = [];
  for (const path of paths) {
    const index = isIndex(path);
    const name = index ? (dirOf(path).split('/').pop() ?? path) : path.split('/').pop()!.replace(/\.md$/i, '');
    const entry: SummaryEntry & { kind: 'page' } = { kind: 'page', title: name, path, children: [] };
    const parent = byDir.get(index ? dirOf(dirOf(path)) : dirOf(path));
    (parent ? parent.children : top).push(entry);
    if (index) byDir.set(dirOf(path), entry);
  }
  return top;
}
