import type { Knex } from 'knex';
import { opensWithTitle, type MarkdownRenderer } from '@dp/markdown-html';
import { blockViewsOf, type OpenapiOperations } from '@dp/openapi-views';
import { integrationViewsOf, type IntegrationBlocks } from '@dp/integration-views';
import { loadBlob, loadDocuments } from '../data/documents';
import { withIncludes } from './included-contents';
import type { RevisionRow } from '../data/revisions';
import { extractHrefs, indexRevision, resolveHref } from '../domain/links';
import { printable } from '../domain/pdf-selection';
import type { PageNode } from '../domain/revision/types';
import { pdfHtml, type PdfSection } from '../pdf/pdf-html';

/** Bytes of images a PDF inlines in all; past it, further images are left out (their alt text stays). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The HTML a PDF export prints (docs/adr/0044): a title page, then each selected page in reading order, its
 * markdown rendered by the published sites' own renderer (@dp/markdown-html), on its threads within a budget:
 * a page past the limits or the budget, or whose thread died, is printed as its plain text (docs/adr/0059, 0063),
 * and this loop only waits meanwhile. Links to pages of the export
 * lead to them inside the PDF, links to other pages to the app, and images of the space are inlined as
 * `data:` URLs, so that printing fetches nothing. OpenAPI blocks show their organization's specs (docs/adr/0083),
 * integration blocks what their integration renders (docs/adr/0094).
 */
/** Where a PDF's OpenAPI blocks (docs/adr/0083) and integration blocks (docs/adr/0094) get what they show. */
export interface PdfBlockSources {
  operations: OpenapiOperations;
  integrations: IntegrationBlocks;
  organizationId: string;
}

async function blockViews(sources: PdfBlockSources | undefined, spaceId: string, markdown: string) {
  if (!sources) return {};
  const [operations, integrations] = await Promise.all([blockViewsOf(sources.operations, sources.organizationId, markdown), integrationViewsOf(sources.integrations, sources.organizationId, spaceId, markdown)]);
  return { operations: operations.views, integrations: integrations.views };
}

export async function pdfDocumentHtml(
  db: Knex,
  renderer: MarkdownRenderer,
  input: { title: string; subtitle: string; revision: RevisionRow; pages: PageNode[]; appUrl: string; blocks?: PdfBlockSources },
): Promise<string> {
  const { revision, pages, appUrl } = input;
  // Each page as readers see it: the reusable contents it includes in place (docs/adr/0109).
  const documents = await withIncludes(db, revision, await loadDocuments(db, pages.flatMap((p) => (p.documentHash ? [p.documentHash] : []))));
  const index = indexRevision(revision);
  const inExport = new Set(pages.map((p) => p.id));
  const images = new Map<string, string>();
  let imageBytes = 0;
  const sections: PdfSection[] = [];
  for (const page of printable(pages)) {
    const markdown = page.documentHash ? (documents.get(page.documentHash) ?? '') : '';
    const leadsTo = new Map<string, string>();
    for (const href of extractHrefs(markdown)) {
      const link = resolveHref(href, page.id, index, { appUrl });
      if (!link || link.status !== 'ok') continue;
      const target = link.target;
      if (target.kind === 'page' || target.kind === 'anchor') {
        leadsTo.set(href, inExport.has(target.page) ? `#page-${target.page}${target.kind === 'anchor' ? `-${target.anchor}` : ''}` : `${appUrl.replace(/\/+$/, '')}/s/${revision.space_id}/pages/${target.page}`);
      } else if (target.kind === 'file') {
        const file = revision.files.find((f) => f.id === target.file);
        if (!file?.contentType.startsWith('image/')) continue;
        let data = images.get(file.id);
        if (data === undefined && imageBytes + file.size <= MAX_IMAGE_BYTES) {
          const blob = await loadBlob(db, file.blobHash);
          if (blob) {
            data = `data:${file.contentType};base64,${blob.bytes.toString('base64')}`;
            imageBytes += blob.bytes.length;
            images.set(file.id, data);
          }
        }
        if (data) leadsTo.set(href, data);
      }
    }
    sections.push({
      id: page.id,
      title: page.title,
      showTitle: !opensWithTitle(markdown),
      html: (await renderer.render(markdown, leadsTo, { imageSchemes: ['data', 'http', 'https'], ...(await blockViews(input.blocks, revision.space_id, markdown)) })).html,
    });
  }
  return pdfHtml({ title: input.title, subtitle: input.subtitle, sections });
}
