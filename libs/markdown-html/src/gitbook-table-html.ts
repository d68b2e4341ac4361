import { DomUtils, parseDocument } from 'htmlparser2';
import { escapeHtml } from './fallback';
import { cellHref, type GitbookTable } from './gitbook-table';

/**
 * GitBook's HTML tables for readers (docs/adr/0081): cards as a grid of cards, each with its cover image, its
 * visible fields and, when it has a target, a link over the whole card (named by the card's text, so the grid
 * reads as a list of links); a grid without its hidden columns. Cells stay as written: renderPage sanitizes
 * the whole page afterwards.
 */
export function gitbookTableHtml(table: GitbookTable): string {
  return table.view === 'cards' ? cardsHtml(table) : gridHtml(table);
}

const visible = (table: GitbookTable) => table.columns.map((column, i) => ({ column, i })).filter(({ column }) => !column.hidden);
const textOf = (html: string) => DomUtils.textContent(parseDocument(html)).replace(/\s+/g, ' ').trim();

function cardsHtml(table: GitbookTable): string {
  const target = table.columns.findIndex((c) => c.cardTarget);
  const cover = table.columns.findIndex((c) => c.cardCover);
  const fields = visible(table).filter(({ i }) => i !== target && i !== cover);
  const cards = table.rows.map((row) => {
    const href = target >= 0 ? cellHref(row[target]) : undefined;
    const src = cover >= 0 ? cellHref(row[cover]) : undefined;
    const shown = fields.filter(({ i }) => row[i].trim());
    const body = shown
      .map(({ column, i }) => `<div class="card-field">${table.columnTitleHidden || !column.title ? '' : `<strong>${escapeHtml(column.title)}</strong> `}${row[i]}</div>`)
      .join('');
    const name = shown.map(({ i }) => textOf(row[i])).find(Boolean) ?? href ?? '';
    return `<div class="card">${src ? `<img class="card-cover" src="${escapeHtml(src)}" alt="" />` : ''}<div class="card-body">${body}</div>${
      href ? `<a class="card-target" href="${escapeHtml(href)}" aria-label="${escapeHtml(name)}"></a>` : ''
    }</div>\n`;
  });
  return `<div class="cards${table.cardSize === 'large' ? ' cards-large' : ''}">\n${cards.join('')}</div>\n`;
}

function gridHtml(table: GitbookTable): string {
  const columns = visible(table);
  const align = (i: number) => (table.columns[i].align ? ` style="text-align:${table.columns[i].align}"` : '');
  const head = table.headerHidden ? '' : `<thead><tr>${columns.map(({ column, i }) => `<th${align(i)}>${escapeHtml(column.title)}</th>`).join('')}</tr></thead>`;
  const body = table.rows.map((row) => `<tr>${columns.map(({ i }) => `<td${align(i)}>${row[i]}</td>`).join('')}</tr>`).join('');
  return `<table>${head}<tbody>${body}</tbody></table>\n`;
}
