import { DomUtils, parseDocument } from 'htmlparser2';
import { measureHtml } from './html-shape';
import type { ChildNode, Document, Element } from 'domhandler';

/**
 * GitBook's HTML tables, as its markdown writes a table that a pipe table cannot carry (docs/adr/0081): cards
 * (`<table data-view="cards">`), hidden columns, column types, the card's target and cover columns. Read once,
 * here, by the content service (into a JSON table block) and by the renderer (into a grid of cards), so that
 * both agree on the syntax. Cells stay HTML as written.
 */
export interface GitbookTable {
  view: 'grid' | 'cards';
  /** `data-card-size="large"`. */
  cardSize?: 'medium' | 'large';
  /** `data-column-title-hidden`: cards without their columns' titles. */
  columnTitleHidden: boolean;
  /** `data-header-hidden`: a grid without its header row. */
  headerHidden: boolean;
  fullWidth?: boolean;
  columns: GitbookTableColumn[];
  /** Each row's cells' inner HTML, as many as there are columns (missing cells are empty). */
  rows: string[][];
}

export interface GitbookTableColumn {
  /** The header cell's text. */
  title: string;
  hidden: boolean;
  /** `data-type`: text (the default), number, checkbox, rating, select, users, files, image, content-ref. */
  type: string;
  cardTarget: boolean;
  cardCover: boolean;
  cardCoverDark: boolean;
  align?: 'left' | 'center' | 'right';
  /** `data-width`, as written (`25%`). */
  width?: string;
}

const TABLE_START = /^\s*<table[\s>]/i;
/** Elements a table may nest (table, row, cell, then the cell's own markup). */
export const MAX_TABLE_DEPTH = 40;

/** How deep a document's elements nest, walked without recursion. */
function depthOf(document: Document): number {
  let deepest = 0;
  const stack: Array<[ChildNode, number]> = document.children.map((node) => [node, 1]);
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_TABLE_DEPTH) return deepest;
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** The table an HTML block holds when it is one `<table>` and nothing else; undefined otherwise. */
export function readGitbookTable(html: string): GitbookTable | undefined {
  if (!TABLE_START.test(html)) return undefined;
  // htmlparser2 keeps its open elements with `unshift`: its time grows with the square of the nesting (100,000
  // nested tags: 16 s). A linear count of the nesting, which errs deep, refuses such a table before it parses.
  if (measureHtml(html, { maxTags: Number.MAX_SAFE_INTEGER, maxDepth: MAX_TABLE_DEPTH }).exceeded) return undefined;
  const document = parseDocument(html, { decodeEntities: true });
  // Cells are read and written back by recursive walks: a table nested past any real one is left as raw HTML.
  if (depthOf(document) > MAX_TABLE_DEPTH) return undefined;
  const elements = document.children.filter((node): node is Element => node.type === 'tag');
  const others = document.children.filter((node) => node.type !== 'tag' && !(node.type === 'text' && !DomUtils.textContent(node).trim()));
  if (elements.length !== 1 || others.length || elements[0].name !== 'table') return undefined;
  const table = elements[0];
  const rowsOf = (section: string) => DomUtils.getElementsByTagName(section, table, true).flatMap((s) => DomUtils.getElementsByTagName('tr', s, true));
  const cellsOf = (row: Element) => row.children.filter((node): node is Element => node.type === 'tag' && (node.name === 'td' || node.name === 'th'));
  const headRows = rowsOf('thead');
  const bodyRows = rowsOf('tbody');
  const allRows = DomUtils.getElementsByTagName('tr', table, true);
  const header = headRows[0] ?? allRows[0];
  if (!header) return undefined;
  const columns = cellsOf(header).map(columnOf);
  const body = headRows.length ? bodyRows : allRows.slice(1);
  const a = table.attribs;
  return {
    view: a['data-view'] === 'cards' ? 'cards' : 'grid',
    ...(a['data-card-size'] === 'large' || a['data-card-size'] === 'medium' ? { cardSize: a['data-card-size'] } : {}),
    columnTitleHidden: 'data-column-title-hidden' in a,
    headerHidden: 'data-header-hidden' in a,
    ...('data-full-width' in a ? { fullWidth: a['data-full-width'] !== 'false' } : {}),
    columns,
    rows: body.map((row) => {
      const cells = cellsOf(row).map((cell) => DomUtils.getInnerHTML(cell).trim());
      return columns.map((_, i) => cells[i] ?? '');
    }),
  };
}

function columnOf(cell: Element): GitbookTableColumn {
  const a = cell.attribs;
  const align = a.align === 'left' || a.align === 'center' || a.align === 'right' ? a.align : undefined;
  return {
    title: DomUtils.textContent(cell).trim(),
    hidden: 'data-hidden' in a,
    type: a['data-type'] || 'text',
    cardTarget: 'data-card-target' in a,
    cardCover: 'data-card-cover' in a,
    cardCoverDark: 'data-card-cover-dark' in a,
    ...(align ? { align } : {}),
    ...(a['data-width'] ? { width: a['data-width'] } : {}),
  };
}

/** The first link's target in a cell's HTML (a content-ref or files cell holds one `<a href>`). */
export function cellHref(html: string): string | undefined {
  const link = DomUtils.findOne((node) => node.name === 'a' && typeof node.attribs.href === 'string', parseDocument(html).children);
  return link?.attribs.href;
}
