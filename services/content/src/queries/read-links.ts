import type { Caller } from '@dp/auth';
import { notFound } from '@dp/http';
import type { Knex } from 'knex';
import { activeChangeRequestContents, loadDocumentLinks } from '../data/document-links';
import { findRevision } from '../data/revisions';
import {
  backlinks,
  brokenPairs,
  groupLinks,
  indexRevision,
  introducedBroken,
  linkStats,
  resolveRevisionLinks,
  type LinkGroup,
  type LinkOccurrence,
  type LinkStats,
  type ResolveOptions,
} from '../domain/links';
import type { PageNode, RevisionContent } from '../domain/revision/types';
import { loadContent, type LoadedContent } from './load-content';

/**
 * Reads of links and backlinks (no writes but the document_links cache): each resolves one immutable revision in
 * memory from its documents' cached hrefs, parsing only documents never read before (docs/adr/0011).
 * `stats.broken.changeRequest` counts the broken targets merging would bring: a change request's own for its
 * list, the union of the space's draft and open change requests for a space's (not among its items).
 */
export interface LinkListResult {
  groups: LinkGroup[];
  stats: LinkStats;
  /** The content read, for presenting locations in it. */
  loaded: LoadedContent;
}

type Params = { spaceId: string; changeRequestId?: string };

/**
 * The links of a content (or of the pages `only` keeps). `known` carries the hrefs already loaded during
 * this read, so reading main and several change requests fetches each document's hrefs once.
 */
async function linksOf(
  db: Knex,
  content: Pick<RevisionContent, 'pages' | 'files'>,
  opts: ResolveOptions,
  known: Map<string, string[]>,
  only?: (page: PageNode) => boolean,
): Promise<LinkOccurrence[]> {
  const index = indexRevision(content);
  const wanted = index.pages.filter((p) => p.documentHash && (!only || only(p)) && !known.has(p.documentHash)).map((p) => p.documentHash!);
  if (wanted.length) for (const [hash, hrefs] of await loadDocumentLinks(db, wanted)) known.set(hash, hrefs);
  return resolveRevisionLinks(index, known, opts, only);
}

/** How many broken targets change requests introduce relative to main, in the scope of `links` (see above). */
async function introducedByChangeRequests(
  db: Knex,
  loaded: Awaited<ReturnType<typeof loadContent>>,
  links: LinkOccurrence[],
  opts: ResolveOptions,
  known: Map<string, string[]>,
  only?: (page: PageNode) => boolean,
): Promise<number> {
  const { space, revision, changeRequest } = loaded;
  if (changeRequest) {
    if (revision.id === space.revision_id) return 0;
    const main = await findRevision(db, space.id, space.revision_id);
    const mainLinks = main ? await linksOf(db, main, opts, known, only) : [];
    return introducedBroken(links, brokenPairs(mainLinks)).size;
  }
  const mainBroken = brokenPairs(links);
  const introduced = new Set<string>();
  for (const cr of await activeChangeRequestContents(db, space.id, space.revision_id)) {
    for (const key of introducedBroken(await linksOf(db, cr, opts, known, only), mainBroken)) introduced.add(key);
  }
  return introduced.size;
}

/** Every link of the content (`GET SPACE/links`), or of one page (`.../content/page/{pageId}/links`). */
export async function readLinks(db: Knex, caller: Caller, params: Params & { pageId?: string }, opts: ResolveOptions): Promise<LinkListResult> {
  const loaded = await loadContent(db, caller, params);
  const pageId = params.pageId;
  if (pageId !== undefined && !loaded.revision.pages.some((p) => p.id === pageId)) throw notFound('Page');
  const only = pageId === undefined ? undefined : (page: PageNode) => page.id === pageId;
  const known = new Map<string, string[]>();
  const links = await linksOf(db, loaded.revision, opts, known, only);
  const groups = groupLinks(links);
  return { groups, stats: linkStats(groups, await introducedByChangeRequests(db, loaded, links, opts, known, only)), loaded };
}

/** The pages linking to a page or a file of the content, in reading order. */
export async function readBacklinks(
  db: Knex,
  caller: Caller,
  params: Params & ({ pageId: string } | { fileId: string }),
  opts: ResolveOptions,
): Promise<{ pageIds: string[]; loaded: LoadedContent }> {
  const loaded = await loadContent(db, caller, params);
  if ('pageId' in params && !loaded.revision.pages.some((p) => p.id === params.pageId)) throw notFound('Page');
  if ('fileId' in params && !loaded.revision.files.some((f) => f.id === params.fileId)) throw notFound('File');
  const links = await linksOf(db, loaded.revision, opts, new Map());
  return { pageIds: backlinks(links, 'pageId' in params ? { page: params.pageId } : { file: params.fileId }), loaded };
}
