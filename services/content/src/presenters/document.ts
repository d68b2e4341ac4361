import { FENCE, HEADING, LIST_ITEM, QUOTE, splitBlocks } from '../domain/revision/blocks';
import { decodeKeptBlock, KEPT_BLOCK_CLOSE, KEPT_BLOCK_OPEN } from '../domain/revision/kept-block';
import { isOfficialBlock } from '../domain/revision/official-document';
import { parseFrontmatter } from '../domain/revision/markdown';

type Node = Record<string, unknown>;
type ListType = 'list-unordered' | 'list-ordered' | 'list-tasks';

const TASK_BOX = /^\[([ xX])\]\s+/;

/**
 * A markdown document in GitBook's JSON document shape (`format=document`): one block per markdown block
 * (headings 1-3, code, quotes, list items, paragraphs; see splitBlocks), each with its text as one leaf and
 * the `key` that `revert_page` accepts in `block`; consecutive list items are grouped in lists (ordered,
 * unordered or tasks) as the official schema wants, a more indented item in a list inside the item above. Inline marks stay in the text as written.
 * A block in the documented form of a kept document (`{% json block %}`, docs/adr/0072) is that block again, when official.
 */
export function documentFromMarkdown(markdown: string) {
  const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
  const block = (type: string, value: string, extra: Node = {}): Node => ({ object: 'block', type, isVoid: false, data: {}, nodes: [text(value)], ...extra });
  const nodes: Node[] = [];
  // Open lists, outermost first, with the indentation of their items: a deeper item opens a list inside the
  // previous item, a shallower one closes lists, a new kind at the same depth starts a sibling list.
  let open: Array<{ indent: number; type: ListType; node: Node & { nodes: Node[] } }> = [];
  // The documented form being read: its block, once its closing tag comes (the text between is the block's text).
  let kept: Node | undefined;
  for (const { key, text: source } of splitBlocks(parseFrontmatter(markdown).body).blocks) {
    const lines = source.split(/\r?\n/);
    const opening = KEPT_BLOCK_OPEN.exec(lines[0]);
    const keptNode = kept ?? (opening ? decodeKeptBlock(opening[1], isOfficialBlock) : undefined);
    if (keptNode) {
      kept = lines[lines.length - 1] === KEPT_BLOCK_CLOSE ? undefined : keptNode;
      if (!kept) nodes.push({ ...keptNode, key });
      open = [];
      continue;
    }
    const item = LIST_ITEM.exec(source);
    if (!item) open = [];
    const fence = FENCE.exec(source.split(/\r?\n/, 1)[0]);
    if (fence) {
      const lines = source.split(/\r?\n/).slice(1);
      if (lines.length && lines[lines.length - 1].startsWith(fence[1])) lines.pop();
      nodes.push({ object: 'block', key, type: 'code', isVoid: false, data: fence[2] ? { syntax: fence[2] } : {}, nodes: lines.map((c) => block('code-line', c)) });
    } else if (item) {
      const indent = /^\s*/.exec(source)![0].replace(/\t/g, '    ').length;
      const rest = source.slice(item[0].length);
      const box = TASK_BOX.exec(rest);
      const type: ListType = box ? 'list-tasks' : /\d/.test(item[1]) ? 'list-ordered' : 'list-unordered';
      while (open.length && open[open.length - 1].indent > indent) open.pop();
      if (open.length && open[open.length - 1].indent === indent && open[open.length - 1].type !== type) open.pop();
      let list = open[open.length - 1];
      if (!list || list.indent < indent) {
        list = { indent, type, node: { object: 'block', type, isVoid: false, data: type === 'list-ordered' ? { start: Number.parseInt(item[1], 10) } : {}, nodes: [] } };
        const parentItems = open[open.length - 1]?.node.nodes;
        const parentItem = parentItems?.[parentItems.length - 1] as (Node & { nodes: Node[] }) | undefined;
        (parentItem ? parentItem.nodes : nodes).push(list.node);
        open.push(list);
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
  // A form whose closing tag never came still holds its block.
  if (kept) nodes.push(kept);
  return { object: 'document', data: { schemaVersion: 1 }, nodes };
}
