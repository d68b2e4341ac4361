import { requireUser, type Caller } from '@dp/auth';
import { badRequest, notFound } from '@dp/http';
import type { ContentContext } from '../context';
import { documentSizes } from '../data/documents';
import { insertPdfExport } from '../data/pdf-exports';
import { exportBytes, pdfPages, printable } from '../domain/pdf-selection';
import { newPdfToken, pdfTokenHash } from '../domain/pdf-token';
import { loadContent } from '../queries/load-content';

/**
 * GET SPACE/pdf and GET CR/pdf (docs/adr/0044): whoever may read the content gets an unguessable URL (256-bit
 * token) that serves its PDF without a token until it expires (CONTENT_PDF_URL_TTL_MS). What is printed is
 * fixed now: the revision read now, the whole space or `page` (with its subpages, or `only` it). A page that
 * is not in the revision is a 404; more pages than CONTENT_PDF_MAX_PAGES, or more bytes of markdown than
 * CONTENT_PDF_MAX_BYTES (docs/adr/0060), a 400 that says how many.
 */
export async function requestPdf(ctx: ContentContext, caller: Caller, params: { spaceId: string; changeRequestId?: string }, selection: { page?: string; only?: boolean }): Promise<{ url: string }> {
  const userId = requireUser(caller);
  const { space, changeRequest, revision } = await loadContent(ctx.db, caller, params);
  const pages = pdfPages(revision.pages, selection);
  if (!pages) throw notFound('Page');
  const count = printable(pages).length;
  const max = ctx.config.CONTENT_PDF_MAX_PAGES;
  if (count > max) throw badRequest(`This export holds ${count} pages, more than the ${max} a PDF may hold: export a page and its subpages (page=...) instead`);
  // Printing time grows with the text (a 300 KB table takes Chromium seconds): the whole is capped here, before any URL.
  const bytes = exportBytes(pages, await documentSizes(ctx.db, printable(pages).flatMap((p) => (p.documentHash ? [p.documentHash] : []))));
  const maxBytes = ctx.config.CONTENT_PDF_MAX_BYTES;
  if (bytes > maxBytes) throw badRequest(`This export holds ${bytes} bytes of markdown, more than the ${maxBytes} a PDF may hold (CONTENT_PDF_MAX_BYTES): export a page and its subpages (page=...) or a single page (only=true) instead`);
  const token = newPdfToken();
  await insertPdfExport(ctx.db, {
    token_hash: pdfTokenHash(token),
    space_id: space.id,
    change_request_id: changeRequest?.id ?? null,
    revision_id: revision.id,
    page_id: selection.page ?? null,
    only_page: Boolean(selection.page && selection.only),
    requested_by: userId,
    expires_at: new Date(Date.now() + ctx.config.CONTENT_PDF_URL_TTL_MS),
  });
  ctx.log.info({ spaceId: space.id, changeRequestId: changeRequest?.id, pages: count }, 'PDF export requested');
  return { url: ctx.links.gateway(`/pdf/${token}`) };
}
