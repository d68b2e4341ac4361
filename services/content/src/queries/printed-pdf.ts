import { HttpError, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { findLiveExport, storePrintedPdf, type PdfExportRow } from '../data/pdf-exports';
import { findChangeRequest } from '../data/change-requests';
import { findRevision } from '../data/revisions';
import { findSpace } from '../data/spaces';
import { pdfPages } from '../domain/pdf-selection';
import { pdfTokenHash } from '../domain/pdf-token';
import { PrintError, printPdf } from '../pdf/print-pdf';
import { pdfDocumentHtml } from './pdf-document';

/** Prints running in this process, by token: a second download of one being printed waits for it. */
const printing = new Map<string, Promise<Buffer>>();
/** One print at a time per process: each is a Chromium, and a PDF export is no hot path. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * The PDF of an export URL (docs/adr/0044), printed on its first download and kept with the export until it
 * expires. An unknown or expired token is a 404; a print that fails or takes too long a 503 (nothing is kept,
 * so the next download tries again).
 */
export async function printedPdf(ctx: ContentContext, token: string): Promise<{ pdf: Buffer; filename: string }> {
  const hash = pdfTokenHash(token);
  const found = await findLiveExport(ctx.db, hash);
  if (!found) throw notFound('PDF export (its URL is unknown or has expired)');
  const space = await findSpace(ctx.db, found.space_id);
  if (!space || space.deleted_at) throw notFound('Space');
  const filename = `${space.title.replace(/[^\p{L}\p{N} ._-]/gu, '').trim() || 'export'}.pdf`;
  if (found.pdf) return { pdf: found.pdf, filename };
  let pdf = printing.get(hash);
  if (!pdf) {
    const printed = queue.catch(() => undefined).then(() => print(ctx, found, space.title));
    queue = printed;
    printing.set(hash, printed);
    void printed.finally(() => printing.delete(hash)).catch(() => undefined);
    pdf = printed;
  }
  return { pdf: await pdf, filename };
}

async function print(ctx: ContentContext, found: PdfExportRow, spaceTitle: string): Promise<Buffer> {
  const revision = await findRevision(ctx.db, found.space_id, found.revision_id);
  if (!revision) throw notFound('Revision');
  const pages = pdfPages(revision.pages, { page: found.page_id ?? undefined, only: found.only_page }) ?? [];
  const changeRequest = found.change_request_id ? await findChangeRequest(ctx.db, found.space_id, found.change_request_id) : undefined;
  const subtitle = [changeRequest ? `Change request #${changeRequest.number}: ${changeRequest.subject ?? ''}`.trim() : 'Live content', `printed ${new Date().toISOString().slice(0, 10)}`].join(' · ');
  const html = await pdfDocumentHtml(ctx.db, { title: spaceTitle, subtitle, revision, pages, appUrl: ctx.config.APP_URL });
  const started = performance.now();
  try {
    const pdf = await printPdf(html, { executablePath: ctx.config.CONTENT_PDF_CHROMIUM, timeoutMs: ctx.config.CONTENT_PDF_TIMEOUT_MS });
    await storePrintedPdf(ctx.db, found.token_hash, pdf);
    ctx.log.info({ spaceId: found.space_id, pages: pages.length, bytes: pdf.length, ms: Math.round(performance.now() - started) }, 'PDF export printed');
    return pdf;
  } catch (err) {
    if (err instanceof PrintError) {
      ctx.log.error({ spaceId: found.space_id, err: err.message }, 'PDF export could not be printed');
      throw new HttpError(503, `The PDF could not be printed: ${err.message}`);
    }
    throw err;
  }
}
