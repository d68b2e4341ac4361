import { cellHref, type GitbookTable, type GitbookTableColumn } from '@dp/markdown-html';
import { refFromLinkTarget } from './link-refs';
import type { DocNode } from './document-nodes';
import { inlinesFromHtml } from './html-inline-to-document';

/**
 * GitBook's HTML table (`readGitbookTable`: cards, hidden columns, typed columns) as a JSON table block, the way
 * back of document-table-html.ts (docs/adr/0081). Columns are `c0`, `c1`..., records `r0`, `r1`... in row order,
 * a text cell a fragment `r<row>-c<column>` of one paragraph (its inline HTML read by html-inline-to-document.ts),
 * as for pipe tables. Pure.
 */

export function tableFromGitbookHtml(table: GitbookTable): DocNode {
  const ids = table.columns.map((_, i) => `c${i}`);
  const definition: DocNode = {};
  table.columns.forEach((column, c) => (definition[ids[c]] = definitionOf(ids[c], column, table.rows.map((row) => row[c]))));
  const records: DocNode = {};
  const fragments: DocNode[] = [];
  table.rows.forEach((row, r) => {
    const values: DocNode = {};
    row.forEach((cell, c) => {
      const value = valueOf(definition[ids[c]] as DocNode, cell, `r${r}-c${c}`, fragments);
      if (value !== undefined) values[ids[c]] = value;
    });
    records[`r${r}`] = { orderIndex: `a${String(r).padStart(6, '0')}`, values };
  });
  const columns = ids.filter((_, c) => !table.columns[c].hidden);
  const role = (is: (column: GitbookTableColumn) => boolean) => {
    const at = table.columns.findIndex(is);
    return at >= 0 ? ids[at] : undefined;
  };
  const target = role((c) => c.cardTarget);
  const cover = role((c) => c.cardCover);
  const coverDark = role((c) => c.cardCoverDark);
  const view: DocNode =
    table.view === 'cards'
      ? {
          type: 'cards',
          columns,
          ...(target ? { targetDefinition: target } : {}),
          ...(cover ? { coverDefinition: cover } : {}),
          ...(coverDark ? { coverDefinitionDark: coverDark } : {}),
          cardSize: table.cardSize ?? 'medium',
          ...(table.columnTitleHidden ? { hideColumnTitle: true } : {}),
        }
      : { type: 'grid', columns, hideHeader: table.headerHidden };
  return { object: 'block', type: 'table', isVoid: true, data: { view, records, definition }, fragments };
}

/**
 * A ref as a record's value. The official schema's record values are a oneOf in which a bare URL or file ref
 * matches two members (ContentRef and the image record), so no document holding one validates: those are
 * written in the image record's `{ref}` form, the only one that validates (docs/adr/0081).
 */
const recordRef = (ref: Record<string, string>): DocNode => (ref.kind === 'url' || ref.kind === 'file' ? { ref } : ref);

/** Whether a cell links one of the space's files (`/files/<id>`). */
const fileIdOf = (cell: string) => {
  const ref = refFromLinkTarget(cellHref(cell) ?? '');
  return ref.kind === 'file' ? ref.file : undefined;
};

function definitionOf(id: string, column: GitbookTableColumn, cells: string[]): DocNode {
  const title = column.title;
  switch (column.type) {
    case 'number':
    case 'checkbox':
    case 'content-ref':
    case 'image':
      return { id, title, type: column.type };
    case 'rating':
      return { id, title, type: 'rating', max: 5 };
    case 'files':
      // A files column holds the space's files; one that links anything else (GitBook's relative asset paths,
      // until Git Sync maps them to files) is an image column, whose values may be URLs.
      return cells.every((cell) => !cell.trim() || fileIdOf(cell)) ? { id, title, type: 'files' } : { id, title, type: 'image' };
    default:
      return { id, title, type: 'text', textAlignment: column.align ?? 'left' };
  }
}

function valueOf(definition: DocNode, cell: string, fragment: string, fragments: DocNode[]): unknown {
  const text = cell.replace(/<[^>]*>/g, '').trim();
  switch (definition.type) {
    case 'number':
    case 'rating': {
      const number = Number(text);
      return text && Number.isFinite(number) ? number : undefined;
    }
    case 'checkbox':
      return /^(true|\[x\]|x|yes)$/i.test(text);
    case 'content-ref':
    case 'image': {
      const href = cellHref(cell);
      return href ? recordRef(refFromLinkTarget(href)) : undefined;
    }
    case 'files': {
      const file = fileIdOf(cell);
      return file ? [file] : undefined;
    }
    default: {
      if (!cell.trim()) return undefined;
      fragments.push({ object: 'fragment', fragment, nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: inlinesFromHtml(cell) }] });
      return fragment;
    }
  }
}
