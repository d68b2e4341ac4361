import { escapeHtml } from '@dp/markdown-html';
import { linkTarget } from './document-inline';
import { asNode, noMarkdownForm, type DocNode } from './document-nodes';
import type { TableParts } from './document-table';

/**
 * A table block as GitBook's HTML table (docs/adr/0081), for what a pipe table cannot carry: cards (their size,
 * hidden column titles, target and cover columns), hidden columns and content-ref, file and image columns. The
 * view's columns come first, then the hidden ones; a column's role and type are its header's data attributes.
 * Written on one line (an HTML block ends at a blank line); a text cell is inline HTML, as GitBook writes it
 * (document-inline-html.ts). What this form cannot carry is refused, and the block is kept in its JSON form
 * (docs/adr/0072): a text cell of several paragraphs, several files, an image with settings.
 */
export function tableToHtml(parts: TableParts): string {
  const { view, path } = parts;
  const hidden = Object.keys(parts.definitions).filter((id) => !parts.columns.includes(id));
  const order = [...parts.columns, ...hidden];
  const cards = view.type === 'cards';
  const tableAttributes = cards
    ? ` data-view="cards"${view.cardSize === 'large' || view.cardSize === 'medium' ? ` data-card-size="${view.cardSize}"` : ''}${view.hideColumnTitle === true ? ' data-column-title-hidden' : ''}`
    : view.hideHeader === true
      ? ' data-header-hidden'
      : '';
  const header = order.map((id) => {
    const def = parts.definitionOf(id);
    const attributes = [
      hidden.includes(id) ? 'data-hidden' : '',
      cards && view.targetDefinition === id ? 'data-card-target' : '',
      cards && view.coverDefinition === id ? 'data-card-cover' : '',
      cards && view.coverDefinitionDark === id ? 'data-card-cover-dark' : '',
      def.type === 'text' ? '' : `data-type="${escapeHtml(String(def.type))}"`,
      def.type === 'text' && (def.textAlignment === 'center' || def.textAlignment === 'right') ? `align="${def.textAlignment}"` : '',
    ].filter(Boolean);
    const title = typeof def.title === 'string' ? escapeHtml(def.title) : '';
    return `<th${attributes.map((a) => ` ${a}`).join('')}>${title}</th>`;
  });
  const rows = parts.records.map(({ id, values }) => {
    const cells = order.map((column) => {
      const cellPath = `${path}.data.records.${id}.values.${column}`;
      return `<td>${cellHtml(parts, parts.definitionOf(column), values[column], cellPath)}</td>`;
    });
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table${tableAttributes}><thead><tr>${header.join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

const link = (target: string) => `<a href="${escapeHtml(target)}">${escapeHtml(target)}</a>`;

/** A record's ref, bare or in the image record's `{ref}` form (the form of URL and file refs, docs/adr/0081); one with settings (fit, alt) is refused. */
function refOfRecord(value: unknown, cellPath: string): unknown {
  const node = asNode(value, cellPath);
  if (node.ref === undefined) return node;
  if (Object.keys(node).some((key) => key !== 'ref')) noMarkdownForm(cellPath, 'an image with settings (fit, alt) has no markdown form');
  return node.ref;
}

function cellHtml(parts: TableParts, def: DocNode, value: unknown, cellPath: string): string {
  if (value === undefined || value === null) return '';
  switch (def.type) {
    case 'text':
      return parts.textCellHtml(value, cellPath);
    case 'content-ref':
    case 'image':
      return link(linkTarget(refOfRecord(value, cellPath), cellPath));
    case 'files': {
      const files = Array.isArray(value) ? value : [];
      if (files.length > 1) noMarkdownForm(cellPath, 'a files cell holds one file in markdown');
      return files.length ? link(linkTarget({ kind: 'file', file: files[0] }, cellPath)) : '';
    }
    default:
      return parts.plainCell(def, value, cellPath) ?? '';
  }
}
