import { inlineToMarkdown } from './document-inline';
import { inlineToHtml } from './document-inline-html';
import { asNode, childrenOf, dataOf, fail, noMarkdownForm, typeOf, type DocNode } from './document-nodes';
import { tableToHtml } from './document-table-html';
import { escapeMarkdownText } from './markdown-escape';

/**
 * A GitBook table block as markdown: a GFM pipe table of the columns of its view, one row per record in
 * `orderIndex` order, when a pipe table can carry it; else GitBook's HTML table (document-table-html.ts: cards,
 * hidden columns, content-ref, file and image columns). A text cell's value names a fragment of the block
 * holding the cell's paragraphs; numbers, ratings, checkboxes and select options are written as text. A users
 * cell has no markdown form and is refused. Merged cells are written unmerged.
 */
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((c) => typeof c === 'string');
/** Text in a pipe table's cell (a title, a select's labels): `|` and line breaks escaped. */
const cellText = (text: string) => escapeMarkdownText(text, { lineStart: false }, { blockStart: false, table: true });
/** Column types a pipe table writes; the others need GitBook's HTML table. */
const PIPE_TYPES = new Set(['text', 'number', 'rating', 'checkbox', 'select', 'users']);

/** A table block's parts, read once for either form. */
export interface TableParts {
  path: string;
  depth: number;
  view: DocNode;
  columns: string[];
  definitions: DocNode;
  definitionOf: (id: string) => DocNode;
  records: Array<{ id: string; record: DocNode; values: DocNode }>;
  /** A pipe table's text cell: its paragraphs as inline markdown, joined by `<br>`. */
  textCell: (value: unknown) => string;
  /** An HTML table's text cell: its one paragraph as inline HTML. */
  textCellHtml: (value: unknown, cellPath: string) => string;
  /** A cell written as text (a number, a box, a select's labels); undefined for the types that are not text; users refused. */
  plainCell: (definition: DocNode, value: unknown, cellPath: string) => string | undefined;
}

export function tableToMarkdown(node: DocNode, path: string, depth: number): string {
  const parts = tablePartsOf(node, path, depth);
  const hidden = Object.keys(parts.definitions).some((id) => !parts.columns.includes(id));
  const pipe = parts.view.type !== 'cards' && !hidden && parts.columns.every((id) => PIPE_TYPES.has(String(parts.definitionOf(id).type)));
  if (!pipe) return tableToHtml(parts);
  if (!parts.columns.length) return '';
  const defs = parts.columns.map(parts.definitionOf);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const align = (def: DocNode) => (def.textAlignment === 'center' ? ':---:' : def.textAlignment === 'right' ? '---:' : '---');
  return [
    row(defs.map((def) => cellText(typeof def.title === 'string' ? def.title : ''))),
    row(defs.map(align)),
    ...parts.records.map(({ id, values }) =>
      row(parts.columns.map((column, i) => {
        const cellPath = `${path}.data.records.${id}.values.${column}`;
        return defs[i].type === 'text' ? parts.textCell(values[column]) : (parts.plainCell(defs[i], values[column], cellPath) ?? '');
      })),
    ),
  ].join('\n');
}

function tablePartsOf(node: DocNode, path: string, depth: number): TableParts {
  const data = dataOf(node, path);
  const view = asNode(data.view, `${path}.data.view`);
  const columns = view.columns;
  if (!isStringList(columns)) fail(`${path}.data.view`, 'columns must be a list of column ids');
  const definitions = asNode(data.definition, `${path}.data.definition`);
  const definitionOf = (id: string) => asNode(definitions[id], `${path}.data.definition.${id}`);
  const records = Object.entries(asNode(data.records, `${path}.data.records`))
    .map(([id, record]) => ({ id, record: asNode(record, `${path}.data.records.${id}`) }))
    .sort((a, b) => compare(String(a.record.orderIndex ?? ''), String(b.record.orderIndex ?? '')) || compare(a.id, b.id))
    .map(({ id, record }) => ({ id, record, values: record.values === undefined ? {} : asNode(record.values, `${path}.data.records.${id}.values`) }));
  const fragments = new Map(childrenOf(node, path, depth, 'fragments').map((f) => [f.node.fragment, f]));
  return {
    path,
    depth,
    view,
    columns,
    definitions,
    definitionOf,
    records,
    textCell(value) {
      const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
      if (!fragment) return '';
      return childrenOf(fragment.node, fragment.path, depth + 1)
        .map((block) => {
          if (typeOf(block.node, block.path, 'block') !== 'paragraph') noMarkdownForm(block.path, 'a table cell can only hold paragraphs in markdown');
          return inlineToMarkdown(childrenOf(block.node, block.path, depth + 2), { blockStart: false, table: true }, depth + 2);
        })
        .join('<br>');
    },
    textCellHtml(value, cellPath) {
      const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
      if (!fragment) return '';
      const blocks = childrenOf(fragment.node, fragment.path, depth + 1);
      if (blocks.length > 1) noMarkdownForm(cellPath, 'an HTML table cell holds one paragraph in markdown');
      return blocks
        .map((block) => {
          if (typeOf(block.node, block.path, 'block') !== 'paragraph') noMarkdownForm(block.path, 'a table cell can only hold paragraphs in markdown');
          return inlineToHtml(childrenOf(block.node, block.path, depth + 2), depth + 2);
        })
        .join('');
    },
    plainCell(def, value, cellPath) {
      if (value === undefined || value === null) return '';
      switch (def.type) {
        case 'number':
        case 'rating':
          return typeof value === 'number' ? String(value) : '';
        case 'checkbox':
          return value === true ? '[x]' : '[ ]';
        case 'select': {
          const options = Array.isArray(def.options) ? (def.options as Array<{ value?: unknown; label?: unknown }>) : [];
          const labels = (Array.isArray(value) ? value : []).map((v) => options.find((o) => o?.value === v)?.label ?? v);
          return cellText(labels.filter((label) => typeof label === 'string').join(', '));
        }
        case 'users':
          return noMarkdownForm(cellPath, `table columns of type "users" are not supported in JSON documents; send this page as markdown instead`);
        default:
          return undefined;
      }
    },
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
