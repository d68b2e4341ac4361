import { posix } from 'node:path';
import { hashDocument, parseFrontmatter } from '../revision/markdown';
import type { FileEntry, PageNode, ReusableContentEntry, RevisionContent } from '../revision/types';
import type { ImportedInclude } from './includes';
import { assetPaths } from './export-space';
import { DEFAULT_CONFIG, type GitbookConfig } from './gitbook-config';
import type { ImportResult } from './import-space';

/**
 * The revision content an import makes (docs/adr/0107), pure: the imported tree as page nodes, the assets under
 * `.gitbook/assets/` as the space's files and the files under `.gitbook/includes/` as its reusable contents. A page the space had keeps what the repository does not say (its
 * emoji, its creation time, its layout) and takes the rest from its file; its front matter sets the fields it
 * names, as a write of markdown does. An asset at the path an export gave one of the space's files keeps its id.
 */
export interface RepositoryAsset {
  path: string;
  size: number;
  /** sha256 of its bytes. */
  blobHash: string;
}

/** The assets of a repository as the space's files, and each asset path to its file id (for links). */
export function importedFiles(existing: readonly FileEntry[], assets: readonly RepositoryAsset[], config: GitbookConfig, newId: () => string): { files: FileEntry[]; ids: Map<string, string> } {
  const byPath = new Map(assetPaths(existing, config).map(({ path, file }) => [path, file]));
  const ids = new Map<string, string>();
  const files = assets.map((asset): FileEntry => {
    const known = byPath.get(asset.path);
    const name = posix.basename(asset.path);
    const entry: FileEntry = known
      ? { ...known, size: asset.size, blobHash: asset.blobHash, ...(known.blobHash === asset.blobHash ? {} : { contentType: contentTypeOf(name), dimensions: undefined }) }
      : { id: newId(), name, contentType: contentTypeOf(name), size: asset.size, blobHash: asset.blobHash };
    if (entry.dimensions === undefined) delete entry.dimensions;
    ids.set(asset.path, entry.id);
    return entry;
  });
  return { files, ids };
}

/** The asset files of a repository's synced directory: what `.gitbook/assets/` under its root holds. */
export const isAssetPath = (path: string, config: GitbookConfig = DEFAULT_CONFIG) => path.startsWith(config.root ? `${config.root}/.gitbook/assets/` : '.gitbook/assets/');

export function importedContent(
  base: RevisionContent,
  imported: Pick<ImportResult, 'pages'>,
  files: FileEntry[],
  now: string,
  includes: readonly ImportedInclude[] = [],
): { content: RevisionContent; documents: Map<string, string> } {
  const before = new Map(base.pages.map((p) => [p.id, p]));
  const documents = new Map<string, string>();
  const stored = (markdown: string) => {
    if (!markdown) return null;
    const hash = hashDocument(markdown);
    documents.set(hash, markdown);
    return hash;
  };
  const reusableContents = includes.map((include): ReusableContentEntry => {
    const next = { id: include.id, title: include.title, documentHash: stored(include.markdown), createdAt: include.known?.createdAt ?? now, updatedAt: now };
    const same = include.known && include.known.title === next.title && include.known.documentHash === next.documentHash;
    return same && include.known ? include.known : next;
  });
  const pages = imported.pages.map((node): PageNode => {
    const known = node.created ? undefined : before.get(node.id);
    const page: PageNode = known
      ? { ...known, parent: node.parent, type: node.type, title: node.title, slug: node.slug }
      : { id: node.id, parent: node.parent, type: node.type, title: node.title, slug: node.slug, hidden: false, noIndex: false, noRobotsIndex: false, documentHash: null, createdAt: now, updatedAt: now };
    if (node.type === 'document') {
      const markdown = node.markdown ?? '';
      page.documentHash = hashDocument(markdown);
      documents.set(page.documentHash, markdown);
      applyFrontmatter(page, markdown);
    } else page.documentHash = null;
    if (known && JSON.stringify(known) !== JSON.stringify(page)) page.updatedAt = now;
    return page;
  });
  return { content: { pages, files, variables: { ...base.variables }, reusableContents }, documents };
}

function applyFrontmatter(page: PageNode, markdown: string): void {
  const { attributes } = parseFrontmatter(markdown);
  if (attributes.description !== undefined) page.description = attributes.description || undefined;
  if (attributes.icon !== undefined) page.icon = attributes.icon || undefined;
  if (attributes.emoji !== undefined) page.emoji = attributes.emoji || undefined;
  if (attributes.hidden !== undefined) page.hidden = attributes.hidden;
  if (attributes.layout) page.layout = { ...page.layout, ...attributes.layout };
  for (const key of Object.keys(page) as Array<keyof PageNode>) if (page[key] === undefined) delete page[key];
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  avif: 'image/avif',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  zip: 'application/zip',
  json: 'application/json',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mp3: 'audio/mpeg',
};

/** A file's type from its extension (a repository says no more); anything else is bytes. */
export const contentTypeOf = (name: string) => CONTENT_TYPES[posix.extname(name).slice(1).toLowerCase()] ?? 'application/octet-stream';
