import { requireUser, type Caller } from '@dp/auth';
import { badRequest, forbidden } from '@dp/http';
import { fetchOutbound, OutboundError } from '@dp/outbound';
import type { ContentContext } from '../context';
import { deadlineMessage, importDeadline } from '../domain/import/deadline';
import { CrawlFrontier } from '../domain/import/frontier';
import { planImport, type CrawledPage } from '../domain/import/plan';
import { readHtmlPage } from '../domain/import/read-page';
import { authorChangeRequest } from './author-change-request';
import { authorLiveContent } from './author-live-content';
import { loadChangeRequest } from '../queries/load-change-request';
import { loadAuthorizedSpace } from '../queries/load-space';
import type { SpaceRow } from '../data/spaces';

/** Bytes one import fetches in all, every page counted. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** One page's fetch at most; the import's deadline (CONTENT_IMPORT_DEADLINE_MS) bounds them all together. */
const PAGE_TIMEOUT_MS = 15000;

export interface ImportTarget {
  spaceId: string;
  /** Absent: the space's live content. */
  changeRequestId?: string;
}

export interface ImportResult {
  revision: string;
  importedResources: number;
  totalResources: number;
}

/**
 * Imports a website: crawls it (see crawlWebsite) and writes every page it read as one batch of
 * `insert_page` changes, in one new revision of the change request, or of the live content. The caller is
 * authorized before anything is fetched, and again with the rows locked when writing; nothing is fetched
 * inside the transaction. An import run (commands/start-import-run.ts) does the same steps in the background.
 */
export async function importWebsite(ctx: ContentContext, caller: Caller, target: ImportTarget, url: string): Promise<ImportResult> {
  await authorizeImportTarget(ctx, caller, target);
  return writeImport(ctx, caller, target, url, await crawlWebsite(ctx, url));
}

/** The space an import writes into, once the caller may edit it (or the change request), which is not locked. */
export async function authorizeImportTarget(ctx: ContentContext, caller: Caller, target: ImportTarget): Promise<SpaceRow> {
  requireUser(caller);
  if (target.changeRequestId) {
    return (await loadChangeRequest(ctx.db, caller, target.spaceId, target.changeRequestId, 'edit', { editable: true })).space;
  }
  const { space } = await loadAuthorizedSpace(ctx.db, caller, target.spaceId, 'edit');
  if (space.edit_mode === 'locked') throw forbidden('Space is locked: edits are refused until editMode is set back to "live"');
  return space;
}

/** Writes the pages a crawl read as one batch, in one new revision; nothing is written when none can be stored. */
export async function writeImport(ctx: ContentContext, caller: Caller, target: ImportTarget, url: string, crawl: CrawlResult): Promise<ImportResult> {
  const { changes } = planImport(crawl.pages);
  if (!changes.length) throw badRequest(`Could not import ${url}: none of its pages could be stored`);
  const revision = target.changeRequestId
    ? (await authorChangeRequest(ctx, caller, target.spaceId, target.changeRequestId, changes)).cr.revision_id
    : (await authorLiveContent(ctx, caller, target.spaceId, changes)).revision.id;
  return { revision, importedResources: changes.length, totalResources: crawl.discovered };
}

export interface CrawlResult {
  pages: CrawledPage[];
  discovered: number;
}

/**
 * Fetches the start page, then the pages it links to, breadth-first and one at a time, within its scope
 * (see CrawlFrontier), MAX_IMPORT_BYTES and one deadline in all (CONTENT_IMPORT_DEADLINE_MS, docs/adr/0061:
 * per-page timeouts alone let 50 slow pages hold a request for minutes). The start page failing is a 400 naming
 * the URL and the reason; a later page that fails, or is no HTML, is skipped; the deadline passing is a 400
 * saying so, and nothing is written.
 */
export async function crawlWebsite(ctx: ContentContext, url: string): Promise<CrawlResult> {
  let budget = MAX_IMPORT_BYTES;
  const deadline = importDeadline(ctx.config.CONTENT_IMPORT_DEADLINE_MS, Date.now);
  const pages: CrawledPage[] = [];
  let discovered = 1;
  const pastDeadline = () => badRequest(deadlineMessage(url, deadline, pages.length, discovered));
  const fetchPage = async (target: string) => {
    const timeoutMs = Math.min(PAGE_TIMEOUT_MS, deadline.remainingMs());
    if (timeoutMs <= 0) throw pastDeadline();
    try {
      const res = await fetchOutbound(target, { allow: ctx.config.OUTBOUND_ALLOW, maxBytes: budget, timeoutMs, headers: { accept: 'text/html,application/xhtml+xml' } });
      budget -= res.body.length;
      return res;
    } catch (err) {
      if (deadline.remainingMs() <= 0) throw pastDeadline();
      throw err;
    }
  };

  let start;
  try {
    start = await fetchPage(url);
  } catch (err) {
    if (!(err instanceof OutboundError)) throw err;
    const reason = err.code === 'TOO_LARGE' ? `the page is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB` : err.message;
    throw badRequest(`Could not import ${url}: ${reason} (${err.code})`);
  }
  if (!isHtml(start.contentType)) throw badRequest(`Could not import ${url}: it is not an HTML page (${start.contentType ?? 'no content type'})`);

  const crawl = new CrawlFrontier(start.url, [url]);
  const read = (key: string, body: Buffer, at: string) => {
    const page = readHtmlPage(body.toString('utf8'), at);
    pages.push({ key, title: page.title, markdown: page.markdown });
    crawl.addLinks(page.links, at);
    discovered = crawl.discovered.length;
  };
  read(crawl.discovered[0], start.body, start.url);
  for (let key = crawl.next(); key !== undefined && budget > 0; key = crawl.next()) {
    try {
      const res = await fetchPage(key);
      if (isHtml(res.contentType)) read(key, res.body, res.url);
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      // The page is skipped: counted as discovered, not imported.
      if (err.code === 'TOO_LARGE') break; // the budget is spent
    }
  }
  return { pages, discovered: crawl.discovered.length };
}

function isHtml(contentType: string | undefined): boolean {
  const type = contentType?.split(';')[0].trim().toLowerCase();
  return type === 'text/html' || type === 'application/xhtml+xml';
}
