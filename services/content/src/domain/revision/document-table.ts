import { inlineToMarkdown } from './document-inline';
import { asNode, childrenOf, dataOf, fail, noMarkdownForm, typeOf, type DocNode } from './document-nodes';
import { escapeMarkdownText } from './markdown-escape';

/**
 * A GitBook table block as a GFM pipe table: the columns of its view, one row per record in `orderIndex`
 * order. A text cell's value names a fragment of the block holding the cell's paragraphs; numbers, ratings,
 * checkboxes and select options are written as text. Other column types (files, users, content refs,
 * images) have no markdown cell and are refused. Merged cells are written unmerged.
 */
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((c) => typeof c === 'string');

export function tableToMarkdown(node: DocNode, path: string, depth: number): string {
  const data = dataOf(node, path);
  const view = asNode(data.view, `${path}.data.view`);
  const columns = view.columns;
  if (!isStringList(columns)) fail(`${path}.data.view`, 'columns must be a list of column ids');
  if (!columns.length) return '';
  const definitions = asNode(data.definition, `${path}.data.definition`);
  const defs = columns.map((id) => asNode(definitions[id], `${path}.data.definition.${id}`));
  const records = Object.entries(asNode(data.records, `${path}.data.records`))
    .map(([id, record]) => ({ id, record: asNode(record, `${path}.data.records.${id}`) }))
    .sort((a, b) => compare(String(a.record.orderIndex ?? ''), String(b.record.orderIndex ?? '')) || compare(a.id, b.id));
  const fragments = new Map(childrenOf(node, path, depth, 'fragments').map((f) => [f.node.fragment, f]));
  const plain = (text: string) => escapeMarkdownText(text, { lineStart: false }, { blockStart: false, table: true });

  const cell = (def: DocNode, value: unknown, cellPath: string): string => {
    if (value === undefined || value === null) return '';
    switch (def.type) {
      case 'text': {
        const fragment = typeof value === 'string' ? fragments.get(value) : undefined;
        if (!fragment) return '';
        return childrenOf(fragment.node, fragment.path, depth + 1)
          .map((block) => {
            if (typeOf(block.node, block.path, 'block') !== 'paragraph') noMarkdownForm(block.path, 'a table cell can only hold paragraphs in markdown');
            return inlineToMarkdown(childrenOf(block.node, block.path, depth + 2), { blockStart: false, table: true }, depth + 2);
          })
          .join('<br>');
      }
      case 'number':
      case 'rating':
        return typeof value === 'number' ? String(value) : '';
      case 'checkbox':
        return value === true ? '[x]' : '[ ]';
      case 'select': {
        const options = Array.isArray(def.options) ? (def.options as Array<{ value?: unknown; label?: unknown }>) : [];
        const labels = (Array.isArray(value) ? value : []).map((v) => options.find((o) => o?.value === v)?.label ?? v);
        return plain(labels.filter((label) => typeof label === 'string').join(', '));
      }
      default:
        return noMarkdownForm(cellPath, `table columns of type "${String(def.type)}" are not supported in JSON documents; send this page as markdown instead`);
    }
  };

  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const align = (def: DocNode) => (def.textAlignment === 'center' ? ':---:' : def.textAlignment === 'right' ? '---:' : '---');
  return [
    row(defs.map((def) => plain(typeof def.title === 'string' ? def.title : ''))),
    row(defs.map(align)),
    ...records.map(({ id, record }) => {
      const values = record.values === undefined ? {} : asNode(record.values, `${path}.data.records.${id}.values`);
      return row(columns.map((column, i) => cell(defs[i], values[column], `${path}.data.records.${id}.values.${column}`)));
    }),
  ].join('\n');
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
