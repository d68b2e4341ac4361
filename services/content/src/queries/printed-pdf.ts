import { HttpError, notFound } from '@dp/http';
import type { MarkdownRenderer } from '@dp/markdown-html';
import type { ContentContext } from '../context';
import { findLiveExport, storePrintedPdf, type PdfExportRow } from '../data/pdf-exports';
import { findChangeRequest } from '../data/change-requests';
import { findRevision } from '../data/revisions';
import { findSpace } from '../data/spaces';
import { pdfPages } from '../domain/pdf-selection';
import { pdfTokenHash } from '../domain/pdf-token';
import { FairQueue, QueueFull } from '../pdf/fair-queue';
import { PrintError, printPdf } from '../pdf/print-pdf';
import { pdfDocumentHtml, type PdfBlockSources } from './pdf-document';
import { authorizeRequester } from './pdf-requester';

/** Seconds a download refused for its organization's full queue is told to wait (a print takes seconds). */
export const PRINT_RETRY_AFTER_S = 10;

/** Its organization has as many PDFs printing or waiting as it may: a 429 that says when to come back. */
export class PrintsQueued extends HttpError {
  readonly retryAfterS = PRINT_RETRY_AFTER_S;
  constructor(limit: number) {
    super(429, `Your organization already has ${limit} PDF exports printing or waiting, as many as it may (CONTENT_PDF_QUEUE_PER_ORG): try again in ${PRINT_RETRY_AFTER_S} seconds`);
  }
}

/** Unknown, expired, or its requester may no longer read the space: one answer, so a URL tells nothing more. */
const UNKNOWN = 'PDF export (its URL is unknown or has expired)';

export type PdfDownload = (token: string) => Promise<{ pdf: Buffer; filename: string }>;

/**
 * Downloads of PDF export URLs (docs/adr/0044, 0060), one per app: the PDF is printed on its first download
 * and kept with the export until it expires. Each download checks that whoever asked for the export may still
 * read the space. Pages render on `renderer`'s threads, off this loop (docs/adr/0063). Prints run CONTENT_PDF_CONCURRENCY at a time, organizations served in turn, each with at
 * most CONTENT_PDF_QUEUE_PER_ORG printing or waiting (one more: 429 with Retry-After). A print that fails or
 * takes too long is a 503 whose message names no file of the server (nothing is kept: the next download tries
 * again).
 */
export function pdfDownloads(ctx: ContentContext, renderer: MarkdownRenderer, sources: Omit<PdfBlockSources, 'organizationId'>): PdfDownload {
  /** Prints running or waiting, by token: a second download of one waits for the same print. */
  const printing = new Map<string, Promise<Buffer>>();
  const queue = new FairQueue({ concurrency: ctx.config.CONTENT_PDF_CONCURRENCY, perKey: ctx.config.CONTENT_PDF_QUEUE_PER_ORG });

  return async (token) => {
    const hash = pdfTokenHash(token);
    const found = await findLiveExport(ctx.db, hash);
    if (!found) throw notFound(UNKNOWN);
    const space = await findSpace(ctx.db, found.space_id);
    if (!space || space.deleted_at) throw notFound('Space');
    await authorizeRequester(ctx, found.requested_by, space, UNKNOWN);
    const filename = `${space.title.replace(/[^\p{L}\p{N} ._-]/gu, '').trim() || 'export'}.pdf`;
    if (found.pdf) return { pdf: found.pdf, filename };
    let pdf = printing.get(hash);
    if (!pdf) {
      const printed = queue.run(space.organization_id, () => print(ctx, renderer, { ...sources, organizationId: space.organization_id }, found, space.title)).catch((err: unknown) => {
        if (err instanceof QueueFull) {
          ctx.log.warn({ organizationId: space.organization_id, limit: err.limit }, 'PDF export refused: its organization has a full print queue');
          throw new PrintsQueued(err.limit);
        }
        throw err;
      });
      printing.set(hash, printed);
      void printed.finally(() => printing.delete(hash)).catch(() => undefined);
      pdf = printed;
    }
    return { pdf: await pdf, filename };
  };
}

async function print(ctx: ContentContext, renderer: MarkdownRenderer, blocks: PdfBlockSources, found: PdfExportRow, spaceTitle: string): Promise<Buffer> {
  const revision = await findRevision(ctx.db, found.space_id, found.revision_id);
  if (!revision) throw notFound('Revision');
  const pages = pdfPages(revision.pages, { page: found.page_id ?? undefined, only: found.only_page }) ?? [];
  const changeRequest = found.change_request_id ? await findChangeRequest(ctx.db, found.space_id, found.change_request_id) : undefined;
  const subtitle = [changeRequest ? `Change request #${changeRequest.number}: ${changeRequest.subject ?? ''}`.trim() : 'Live content', `printed ${new Date().toISOString().slice(0, 10)}`].join(' · ');
  const html = await pdfDocumentHtml(ctx.db, renderer, { title: spaceTitle, subtitle, revision, pages, appUrl: ctx.config.APP_URL, blocks });
  const started = performance.now();
  try {
    const pdf = await printPdf(html, { executablePath: ctx.config.CONTENT_PDF_CHROMIUM, timeoutMs: ctx.config.CONTENT_PDF_TIMEOUT_MS });
    await storePrintedPdf(ctx.db, found.token_hash, pdf);
    ctx.log.info({ spaceId: found.space_id, pages: pages.length, bytes: pdf.length, ms: Math.round(performance.now() - started) }, 'PDF export printed');
    return pdf;
  } catch (err) {
    if (err instanceof PrintError) {
      ctx.log.error({ spaceId: found.space_id, err: err.detail }, 'PDF export could not be printed');
      throw new HttpError(503, `The PDF could not be printed: ${err.message}; try again later`);
    }
    throw err;
  }
}
