import { BLOCK_STYLES } from '@dp/markdown-html';

/** One page of a PDF export: its title (unless its body opens with one) and its sanitized body. */
export interface PdfSection {
  id: string;
  title: string;
  showTitle: boolean;
  html: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Print styles: A4, a page break before each page of the space, code, tables and GitBook's blocks kept readable. */
const STYLE = `
  @page { size: A4; margin: 18mm 16mm; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 11pt; line-height: 1.5; color: #1f2328; }
  .title-page { page-break-after: always; padding-top: 30vh; }
  .title-page h1 { font-size: 30pt; margin: 0 0 8pt; }
  .title-page p { color: #59636e; }
  .title-page ol { margin-top: 24pt; }
  section.page { page-break-before: always; }
  section.page:first-of-type { page-break-before: auto; }
  h1 { font-size: 20pt; } h2 { font-size: 15pt; } h3 { font-size: 12.5pt; }
  pre { background: #f6f8fa; padding: 8pt; border-radius: 4pt; white-space: pre-wrap; word-break: break-word; font-size: 9.5pt; }
  code { font-family: 'DejaVu Sans Mono', 'Liberation Mono', monospace; }
  table { border-collapse: collapse; margin: 8pt 0; }
  th, td { border: 1px solid #d1d9e0; padding: 4pt 6pt; text-align: left; vertical-align: top; }
  img { max-width: 100%; }
  a { color: #0969da; text-decoration: none; }
  ${BLOCK_STYLES}
`;

/** Paper cannot be clicked open: every expandable is printed open. */
const printable = (html: string) => html.replace(/<details(?![^>]*\sopen)/g, '<details open');

/**
 * The whole document a PDF export prints: a title page (the space, what was exported, the pages in order),
 * then each page in its own section, reachable as `#page-<id>`. Pure; `html` of each section is already safe.
 */
export function pdfHtml(input: { title: string; subtitle: string; sections: PdfSection[] }): string {
  const contents = input.sections.map((s) => `<li><a href="#page-${escape(s.id)}">${escape(s.title)}</a></li>`).join('');
  const pages = input.sections
    .map((s) => `<section class="page" id="page-${escape(s.id)}">${s.showTitle ? `<h1>${escape(s.title)}</h1>` : ''}${printable(s.html)}</section>`)
    .join('\n');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(input.title)}</title><style>${STYLE}</style></head><body>
<section class="title-page"><h1>${escape(input.title)}</h1><p>${escape(input.subtitle)}</p><ol>${contents}</ol></section>
${pages}
</body></html>`;
}
