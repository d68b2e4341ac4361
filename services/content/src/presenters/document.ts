import { FENCE, HEADING, LIST_ITEM, QUOTE, splitBlocks } from '../domain/revision/blocks';
import { parseFrontmatter } from '../domain/revision/markdown';

type Node = Record<string, unknown>;
type ListType = 'list-unordered' | 'list-ordered' | 'list-tasks';

const TASK_BOX = /^\[([ xX])\]\s+/;

/**
 * A markdown document in GitBook's JSON document shape (`format=document`): one block per markdown block
 * (headings 1-3, code, quotes, list items, paragraphs; see splitBlocks), each with its text as one leaf and
 * the `key` that `revert_page` accepts in `block`; consecutive list items are grouped in a list (ordered,
 * unordered or tasks) as the official schema wants. Inline marks stay in the text as written.
 */
export function documentFromMarkdown(markdown: string) {
  const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
  const block = (type: string, value: string, extra: Node = {}): Node => ({ object: 'block', type, isVoid: false, data: {}, nodes: [text(value)], ...extra });
  const nodes: Node[] = [];
  let list: { type: ListType; node: Node & { nodes: Node[] } } | undefined;
  for (const { key, text: source } of splitBlocks(parseFrontmatter(markdown).body).blocks) {
    const item = LIST_ITEM.exec(source);
    if (!item) list = undefined;
    const fence = FENCE.exec(source.split(/\r?\n/, 1)[0]);
    if (fence) {
      const lines = source.split(/\r?\n/).slice(1);
      if (lines.length && lines[lines.length - 1].startsWith(fence[1])) lines.pop();
      nodes.push({ object: 'block', key, type: 'code', isVoid: false, data: fence[2] ? { syntax: fence[2] } : {}, nodes: lines.map((c) => block('code-line', c)) });
    } else if (item) {
      const rest = source.slice(item[0].length);
      const box = TASK_BOX.exec(rest);
      const type: ListType = box ? 'list-tasks' : /\d/.test(item[1]) ? 'list-ordered' : 'list-unordered';
      if (list?.type !== type) {
        list = { type, node: { object: 'block', type, isVoid: false, data: type === 'list-ordered' ? { start: Number.parseInt(item[1], 10) } : {}, nodes: [] } };
        nodes.push(list.node);
      }
      const paragraph = block('paragraph', box ? rest.slice(box[0].length) : rest);
      list.node.nodes.push({ object: 'block', key, type: 'list-item', isVoid: false, data: box ? { checked: box[1] !== ' ' } : {}, nodes: [paragraph] });
    } else {
      const heading = HEADING.exec(source);
      if (heading) nodes.push(block(`heading-${heading[1].length}`, heading[2], { key }));
      else if (QUOTE.test(source)) nodes.push({ object: 'block', key, type: 'blockquote', isVoid: false, data: {}, nodes: [block('paragraph', source.replace(QUOTE, ''))] });
      else nodes.push(block('paragraph', source, { key }));
    }
  }
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}
